"""A price list a line is charged from without naming it: a table P of prices with a window of
validity (kinds/windows.py: `valid_from`/`valid_to`, `effective_from`..), a key to an item and
keys to qualifiers (a currency, a country, a zone), and a money column (`price`,
`per_kg_rate`); a line table L with no key to P that names the same item by a key of its own,
reaches each qualifier's table by its own column or its parents' (a shipment's currency, its
depot's country), has a time of its own (`sent_on`, `scanned_at`) and a money column of the
same meaning (`unit_price` ~ `price`, `rate` ~ `per_kg_rate`: a price word they share). A
line's price is then the list price in force for its item and qualifiers at its time
(rules/list_price.py). Read from the schema alone: no table or column of one domain.

P is loaded before L (plan/tables.py reads `price_list_edges` through holdings.load_before)
and keeps its item, qualifiers, window and price for L to read (rows/assembler.py reads
`price_list_columns`)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.term_prices import PRICE_WORDS
from workbench.generate.kinds.windows import TIME_KINDS, used_at, window_of
from workbench.generate.vocab import lexicon
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

_NUMBERS = frozenset({"int", "decimal", "float", "money"})
# the first word of a list's window start that says prices in force (not a thing's own life)
IN_FORCE_STARTS = frozenset({"valid", "effective", "active", "available", "applies", "applicable"})
_REACH = 2  # hops of keys that may not be NULL a line reaches a qualifier along, at most


@dataclass(frozen=True)
class Qualifier:
    """P's column `column` (a key to `ref`) equals the value the line reaches: its own column
    (`hops` empty, `column_of_line`), else along `hops` (the line's key, then the parent's)
    to the column `column_of_line` of the last table reached."""

    column: str
    ref: str
    hops: tuple[str, ...]
    table: str
    column_of_line: str


@dataclass(frozen=True)
class ListPrice:
    """The line table `line`'s `price` is the list `source`'s `money` in force at the line's
    `when` for its `item` (P's `item_key`) and qualifiers; P's window `start`..`end` (all
    three '' for a list always in force)."""

    line: str
    price: str
    item: str
    when: str
    source: str
    item_key: str
    money: str
    start: str
    end: str
    qualifiers: tuple[Qualifier, ...]


def _single(table: Table) -> list[tuple[str, str, str, bool]]:
    """(column, referenced table, referenced column, may be NULL) of each one-column key."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or len(fk.ref_columns) != 1:
            continue
        column = table.column(fk.columns[0])
        if column is not None:
            out.append((fk.columns[0], fk.ref_qualified, fk.ref_columns[0], column.nullable))
    return out


def _money(schema: Schema, table: Table, keys: set[str]) -> list[str]:
    """The table's number columns named with a price word (`price`, `per_kg_rate`)."""
    return [
        c.name
        for c in table.columns
        if c.generated is None
        and c.name not in keys
        and resolve_type(schema, c.type).kind in _NUMBERS
        and PRICE_WORDS & set(normalise(c.name).split("_"))
    ]


def _same_meaning(line_column: str, source: str) -> int:
    """How well a line's money column matches the list's: 2 the same name, 1 a price word
    they share with the line's other words among the list's or the reverse (`unit_price` ~
    `price`, `fee` ~ `hourly_fee`), 0 none."""
    a, b = normalise(line_column), normalise(source)
    if a == b:
        return 2
    wa, wb = set(a.split("_")), set(b.split("_"))
    if not wa & wb & PRICE_WORDS:
        return 0
    return 1 if (wa - {"unit"}) <= wb or wb <= wa else 0


def _reach(schema: Schema, line: Table, ref: str) -> Qualifier | None:
    """The nearest column the line reaches (its own, then along keys that may not be NULL)
    that is a key to `ref`; None where none, or two at the same distance disagree."""
    level: list[tuple[tuple[str, ...], Table]] = [((), line)]
    for _ in range(_REACH + 1):
        found = []
        for hops, table in level:
            for column, target, _, _ in _single(table):
                if partition_root(schema, target) == ref:
                    found.append(Qualifier("", ref, hops, table.qualified, column))
        if len(found) == 1:
            return found[0]
        if found:
            return None
        nxt = []
        for hops, table in level:
            for column, target, _, nullable in _single(table):
                model = schema.tables.get(partition_root(schema, target))
                if (
                    nullable
                    or model is None
                    or model.qualified in (table.qualified, line.qualified)
                ):
                    continue
                nxt.append(((*hops, column), model))
        level = nxt
    return None


def _line_time(schema: Schema, line: Table, config: Config) -> str | None:
    """When the line was charged: its time of use, unless that only says when it was written
    (`created_at`), then its first NOT NULL time that is no record time and no plan (a
    `service_date`)."""
    when = used_at(schema, line, config)
    if when is not None and not lexicon.record_time(when):
        return when
    for column in line.columns:
        if column.generated is not None or column.nullable:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        if lexicon.record_time(column.name) or lexicon.planned(column.name):
            continue
        return column.name
    return None


def _lists(schema: Schema, config: Config) -> list[tuple[Table, str, str, str]]:
    """(table, start, end, money column) of each price list with a window of validity, and
    of each list always in force (start and end ''): a table keyed by its keys to the item
    and qualifiers it prices alone (`site_service_prices(site_id, service_id, price)`)."""
    out: list[tuple[Table, str, str, str]] = []
    for table in schema.tables.values():
        window = window_of(schema, table, config)
        if window is None or not window.validity or not window.end:
            if window is None and _keyed_by_keys(table) and _named_a_list(table):
                keys = {c for c, _, _, _ in _single(table)}
                out.extend((table, "", "", money) for money in _money(schema, table, keys))
            continue
        if normalise(window.start).split("_")[0] not in IN_FORCE_STARTS:
            continue
        keys = {c for c, _, _, _ in _single(table)}
        for money in _money(schema, table, keys):
            out.append((table, window.start, window.end, money))
    return out


def _named_a_list(table: Table) -> bool:
    """Whether a table's name says it lists prices (`service_prices`, `course_fees`,
    `price_list_items`, `tariffs`), not a row that happens to hold one (a stay's rate)."""
    words = set(normalise(table.name).split("_"))
    return bool(words & (PRICE_WORDS - {"amount"} | {"list", "pricing", "ratecard", "menu"}))


def _keyed_by_keys(table: Table) -> bool:
    """Whether the table's primary key (or a UNIQUE key) is two or more of its one-column
    keys that may not be NULL, and nothing else: one row per item and qualifier."""
    keys = {c for c, _, _, nullable in _single(table) if not nullable}
    sets = [set(u.columns) for u in table.uniques if not u.expressions and u.predicate is None]
    if table.primary_key is not None:
        sets.append(set(table.primary_key.columns))
    return any(len(k) >= 2 and k <= keys for k in sets)


def _priced_from(schema: Schema, line: Table, lists: list[tuple[Table, str, str, str]],
                 config: Config) -> list[ListPrice]:  # fmt: skip
    when = _line_time(schema, line, config)
    if window_of(schema, line, config) is not None:
        when = None
    refs = {partition_root(schema, r) for _, r, _, _ in _single(line)}
    line_keys = {c for c, _, _, _ in _single(line)}
    out: list[ListPrice] = []
    taken: set[str] = set()
    for source, start, end, money in lists:
        if source.qualified == line.qualified or source.qualified in refs:
            continue  # a list the line names by a key: rules/term_price.py's
        if when is None and start:
            continue  # a list in force over a window: a line charged at a time of its own
        found = _matched(schema, line, source, line_keys, (when or "", start, end, money))
        if found is not None and found.price not in taken:
            taken.add(found.price)
            out.append(found)
    return out


def _matched(schema: Schema, line: Table, source: Table, line_keys: set[str],
             window: tuple[str, str, str, str]) -> ListPrice | None:  # fmt: skip
    """The line's price from the list, where its item, qualifiers and money column match."""
    when, start, end, money = window
    mine = [(c, partition_root(schema, r), rc) for c, r, rc, null in _single(line) if not null]
    theirs = [(c, partition_root(schema, r), rc) for c, r, rc, null in _single(source) if not null]
    items = [
        (lc, pc)
        for lc, lr, lrc in mine
        for pc, pr, prc in theirs
        if lr == pr and lrc == prc and lr not in (line.qualified, source.qualified)
    ]
    named = [(lc, pc) for lc, pc in items if lc == pc]
    items = named or items
    if len(items) != 1:
        return None
    item, item_key = items[0]
    prices = sorted(
        ((_same_meaning(c, money), c) for c in _money(schema, line, line_keys)), reverse=True
    )
    if not start and len(prices) == 1 and len(_money(schema, source, set())) == 1:
        prices = [(1, prices[0][1])]  # a list always in force of one price, a line of one
    if not prices or prices[0][0] == 0:
        return None
    qualifiers = []
    for column, ref, _ in theirs:
        if column == item_key:
            continue
        reached = _reach(schema, line, ref)
        if reached is None:
            return None  # a qualifier the line cannot say: not its list
        qualifiers.append(
            Qualifier(column, ref, reached.hops, reached.table, reached.column_of_line)
        )
    if not qualifiers:
        return None
    return ListPrice(line.qualified, prices[0][1], item, when, source.qualified, item_key,
                     money, start, end, tuple(qualifiers))  # fmt: skip


@memo.by_identity
def list_prices(schema: Schema, config: Config) -> dict[str, tuple[ListPrice, ...]]:
    """Per line table, the prices it is charged from a list it does not name."""
    lists = _lists(schema, config)
    if not lists:
        return {}
    out = {}
    for table in schema.tables.values():
        found = _priced_from(schema, table, lists, config)
        if found:
            out[table.qualified] = tuple(found)
    return out


@memo.by_identity
def price_list_edges(schema: Schema, config: Config) -> list[tuple[str, str]]:
    """(line table, price list to load before it)."""
    return sorted({(line, p.source) for line, found in list_prices(schema, config).items()
                   for p in found})  # fmt: skip


@memo.by_identity
def price_list_columns(schema: Schema, config: Config) -> dict[str, set[str]]:
    """Per table, the columns the lines read: a list's item, qualifiers, window and price; a
    line's parents' columns on the way to a qualifier."""
    out: dict[str, set[str]] = {}
    for found in list_prices(schema, config).values():
        for p in found:
            out.setdefault(p.source, set()).update(
                {p.item_key, p.start, p.end, p.money, *(q.column for q in p.qualifiers)} - {""}
            )
            for q in p.qualifiers:
                if q.hops:
                    out.setdefault(q.table, set()).add(q.column_of_line)
    return out
