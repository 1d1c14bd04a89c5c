"""Money that reads like money in its currency, and currencies that agree across foreign keys.

- Currency-like columns (`currency`, `currency_code`, `currency_iso`, `ccy`, a text column a
  comment calls ISO 4217…) of a child take the value of a currency-like column of its owning
  parent (see `ranked_paths`): an order line bills in its order's currency.
- Money columns (prices, amounts, totals, salaries) of a row with a currency, its own or its
  owning parent's, are drawn on a dollar-like scale and then scaled to that currency (a yen
  price is about 150 times a dollar one) and rounded to its minor unit (no cents on yen, won
  or dong); currencies.py holds the facts.
- A price copied across a foreign key from a parent that states its own currency (an order
  line's unit price from its product) is converted from the parent's currency into the row's
  at the fixed rates of currencies.py; equal when both agree. A parent that states no currency
  is taken to price in the row's currency: the copy stays equal to it.
- A money column whose name states its currency by its code (`list_price_eur`, `fee_usd`) is
  scaled to that currency, whatever the row's.
- A value the column's type or CHECKs cannot hold keeps a valid one: the drawn amount rounded
  to the minor unit if that fits, else the value the row had (a CHECK always wins).

Everything is computed per batch with numpy, one lookup per distinct currency code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators import currencies
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.whereabouts import directed, where_it_is, world_place
from workbench.generate.plan.stats_specs import SHAPE_PARAM
from workbench.generate.rules.base import Rule, free
from workbench.generate.rules.paths import source_rows
from workbench.generate.vocab.unit_prices import CURRENCY_WORDS, MONEY_GENERATORS, MONEY_WORDS
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.paths import Path
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


# the last word of a currency-like name: the code itself, not its symbol, name or rate
_CODE_ENDINGS = frozenset({*CURRENCY_WORDS, "code", "iso", "iso3", "cd", "alpha"})
COUNTRY_GENERATORS = frozenset({"country", "country_code", "country_code3"})
# parents a row belongs to when nothing else says (an address's customer, a store's company),
# before the other side of a trade (an order's employee or supplier)
_PARTIES = frozenset(
    {"customer", "client", "user", "account", "member", "person", "people", "company",
     "organisation", "organization", "org", "tenant", "buyer", "contact", "patient",
     "student", "owner", "party", "household", "guest", "subscriber"}
)  # fmt: skip
_STAFF = frozenset({"employee", "staff", "supplier", "vendor", "merchant", "seller", "agent"})


def is_money_column(schema: Schema, table: Table, column: str, generator: str) -> bool:
    """Whether a column holds an amount of money: the plan fills it as money (a price or a
    salary), its type is `money`, or it is a decimal or float named as an amount. Never an
    id, a count, a rating or a weight beside a currency (newbie27 F3)."""
    if generator in MONEY_GENERATORS:
        return True
    col = table.column(column)
    if col is None:
        return False
    info = resolve_type(schema, col.type)
    if info.name == "money":
        return True
    return info.kind in ("decimal", "float") and bool(
        MONEY_WORDS & set(normalise(column).split("_"))
    )


def is_currency_name(name: str) -> bool:
    words = normalise(name).split("_")
    return bool(CURRENCY_WORDS & set(words)) and words[-1] in _CODE_ENDINGS


_DECIDED: dict[tuple[int, int, str], tuple[Schema, Config, dict[str, str]]] = {}


def _generators(schema: Schema, table: Table, config: Config) -> dict[str, str]:
    """The generator each text column of a table gets, computed once per (schema, config)."""

    key = (id(schema), id(config), table.qualified)
    got = _DECIDED.get(key)
    if got is None or got[0] is not schema or got[1] is not config:
        out = {}
        for col in table.columns:
            if col.generated is None and resolve_type(schema, col.type).kind in ("text", "enum"):
                out[col.name] = decide_column(schema, table, col, config).generator
        if len(_DECIDED) > 512:
            _DECIDED.clear()
        got = (schema, config, out)
        _DECIDED[key] = got
    return got[2]


def text_generators(schema: Schema, table: Table, config: Config) -> dict[str, str]:
    """The generator each text column of a table gets (its plan's decision)."""
    return dict(_generators(schema, table, config))


def currency_columns(schema: Schema, table: Table, config: Config) -> list[str]:
    """A table's currency-like text columns, one named plainly `currency` first."""
    gens = _generators(schema, table, config)
    found = [c for c, g in gens.items() if g == "currency" or is_currency_name(c)]
    return sorted(found, key=lambda c: normalise(c) != "currency")


def country_columns(schema: Schema, table: Table, config: Config) -> list[str]:
    """A table's country columns (names, alpha-2 or alpha-3 codes), codes first."""
    gens = _generators(schema, table, config)
    order = {"country_code": 0, "country_code3": 1, "country": 2}
    found = [c for c, g in gens.items() if g in COUNTRY_GENERATORS]
    return sorted(found, key=lambda c: order[gens[c]])


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children's currency and address rules."""
    return set(currency_columns(view.schema, view.table, view.config)) | set(
        country_columns(view.schema, view.table, view.config)
    )


def _singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith(("sses", "xes", "ches", "shes")):
        return name[:-2]
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


_GEOGRAPHY = frozenset({"country", "nation", "region", "state", "province", "territory"})


def _rank(view: TableView, path: Path, parties: bool, places: bool) -> tuple[int, int, int, int]:
    table = normalise(view.table.name)
    pk = set(view.table.primary_key.columns) if view.table.primary_key else set()
    fks = view.table.foreign_keys
    order = {",".join(fk.columns): n for n, fk in enumerate(fks)}
    cascade = {",".join(fk.columns) for fk in fks if fk.on_delete == "CASCADE"}
    stem = _singular(normalise(path.table.rsplit(".", 1)[-1]))
    words = set(stem.split("_"))
    party = 3
    if parties and words & (_PARTIES | _GEOGRAPHY):
        party = 0
    elif parties and places and at_place(view, path):
        party = 0 if world_place(path.parent) else 1
    elif parties and words & _STAFF:
        party = 2
    owner = len(stem) >= 3 and table.startswith(stem) and path.via is None
    owns = owner or path.fk in cascade or bool(set(path.fk.split(",")) & pk)
    return (path.via is not None, party, 0 if owns else 1, order.get(path.fk, 99))


def ranked_paths(
    view: TableView, paths: list[Path], parties: bool = False, places: bool = True
) -> list[Path]:
    """The parents a row follows, the one that wins first:

    1. one foreign key before two (a row's own parent before its grandparent);
    2. with `parties` (addresses, ship-to places): a parent named like a customer, user or
       company (or a country table), then one like an employee or supplier;
    3. then, and always for currencies, the owning parent: the one whose name begins the
       row's table name (order_items → orders, invoice_lines → invoices) or whose foreign key
       is part of the row's primary key or cascades on delete;
    4. the foreign keys in the order the schema declares them.

    With `parties`, a place the row is at (kinds/whereabouts: its region, town or the site it
    belongs to, by a key naming no direction) comes with the parties, a site after them; only
    a party, a place, a country table or the owning parent is followed at all: a customer's
    address does not move to the country of the employee who looks after them. Without
    `places`, a place is ranked as any other parent (another place than the row's: a billing
    address, a destination)."""
    ranks = {id(p): _rank(view, p, parties, places) for p in paths}
    ranked = sorted(paths, key=lambda p: ranks[id(p)])
    if parties:  # a party, a place, a country table or the owner
        ranked = [p for p in ranked if ranks[id(p)][1] <= 1 or ranks[id(p)][2] == 0]
    return ranked


def at_place(view: TableView, path: Path) -> bool:
    """Whether the path's first hop is where the row is (kinds/whereabouts.where_it_is) and its
    second, if any, names no direction either (a region's country, not its capital's)."""
    if path.via is not None and directed(path.via):
        return False
    return where_it_is(view.schema, path.parent, path.fk)


def _find(
    view: TableView,
    paths: list[Path],
    columns_of: Any,
    parties: bool = False,
    places: bool = True,
) -> tuple[Path, list[str]] | None:
    for path in ranked_paths(view, paths, parties, places):
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        columns = columns_of(view.schema, table, view.config)
        if columns:
            return path, columns
    return None


def currency_parent(view: TableView, paths: list[Path]) -> tuple[Path, list[str]] | None:
    """The parent whose currency the row's currency copies, and its currency columns."""
    return _find(view, paths, currency_columns)


def parent_country(
    view: TableView, paths: list[Path], places: bool = True
) -> tuple[Path, str] | None:
    """The parent whose country a row's address follows, and its country column (`places`:
    ranked_paths)."""
    found = _find(view, paths, country_columns, parties=True, places=places)
    return (found[0], found[1][0]) if found else None


def plan_currency_copies(view: TableView, paths: list[Path], skip: set[str]) -> list[Rule]:
    """Every currency-like column of the row copies its owning parent's currency."""
    section = view.config.tables.get(view.tp.name)
    rules = []
    for name in currency_columns(view.schema, view.table, view.config):
        override = section.columns.get(name) if section is not None else None
        if name in skip or not free(view, name) or (override and override.values is not None):
            continue
        found = _find(view, paths, currency_columns)
        if found is None:
            continue
        path, columns = found
        source = name if name in columns else columns[0]
        if not _fits(view, name, path.table, source):
            continue
        how = "its owning parent" if path.via is None else f"through {path.parent}"
        detail = f"{name} copied from {path.table}.{source} ({how})"
        data: dict[str, Any] = {"path": path, "source": source}
        also = _required_currency(view, paths, name, path, source)
        if also is not None:  # where the parent's currency is NULL (no purchase price)
            data["also"] = also
            through = f" (through {also[0].parent})" if also[0].via is not None else ""
            detail += f", else {also[0].table}.{also[1]}{through}"
        rules.append(Rule("copy", [name], detail, data))
    return rules


def _required_currency(
    view: TableView, paths: list[Path], name: str, path: Path, source: str
) -> tuple[Path, str] | None:
    """Where the currency copied from `path` may be NULL (a unit's purchase currency, kept
    only with a purchase price; an invoice's appointment, where the invoice is for no
    appointment), the next parent in rank reached by keys that may not be NULL and whose
    currency may not be NULL (the depot's country's, the invoice's location's country's): a
    row in a currency always has one."""
    column = view.schema.tables[path.table].column(source)
    if column is None or (not column.nullable and not _nullable_path(view, path)):
        return None
    for other in ranked_paths(view, paths):
        table = view.schema.tables.get(other.table)
        if table is None or other == path or other.table == view.tp.name:
            continue
        if _nullable_path(view, other):
            continue
        for candidate in currency_columns(view.schema, table, view.config):
            found = table.column(candidate)
            if (
                found is not None
                and not found.nullable
                and _fits(view, name, other.table, candidate)
            ):
                return other, candidate
    return None


def _nullable_path(view: TableView, path: Path) -> bool:
    """Whether a row may reach no row along the path: a key of its own that may be NULL, or
    a parent's key to the second table that may."""
    own = {c.name: c.nullable for c in view.table.columns}
    if any(own.get(c, True) for c in path.fk.split(",")):
        return True
    if path.via is None:
        return False
    parent = view.schema.tables.get(path.parent)
    via = parent.column(path.via) if parent is not None else None
    return via is None or via.nullable


def _fits(view: TableView, name: str, table_name: str, source: str) -> bool:
    """Whether every value of the parent's column fits the child's: the same enum type, or
    text no longer than the child allows (ISO codes are three letters)."""

    table = view.schema.tables[table_name]
    column = next(c for c in table.columns if c.name == source)
    parent = resolve_type(view.schema, column.type)
    child = view.specs[name]
    if child.info.kind == "enum":
        return parent.kind == "enum" and child.info.name == parent.name
    limit = child.max_len
    if parent.kind == "enum":
        return limit is None or all(len(label) <= limit for label in parent.labels)
    if limit is None or (parent.length is not None and parent.length <= limit):
        return True
    return limit >= 3 and _generators(view.schema, table, view.config).get(source) == "currency"


def plan_money(view: TableView, paths: list[Path], rules: list[Rule]) -> list[Rule]:
    """Scale and round the row's money columns to the row's currency (see the module)."""
    own = [c for c in currency_columns(view.schema, view.table, view.config) if c in view.specs]
    where: dict[str, Any]
    if own:
        where = {"column": own[0]}
        said = own[0]
    else:
        found = _find(view, paths, currency_columns)
        if found is None:
            return []
        where = {"path": found[0], "source": found[1][0]}
        said = f"{found[0].table}.{found[1][0]}"
    copies = {r.columns[0]: r for r in rules if r.kind == "copy"}
    columns: dict[str, tuple[Path, str] | None] = {}
    for name, spec in view.specs.items():
        if spec.generator not in MONEY_GENERATORS or spec.kind not in ("decimal", "float"):
            continue
        copy = copies.get(name)
        if copy is not None and not copy.data.get("declared"):
            src = view.schema.tables.get(copy.data["path"].table)
            ccy = currency_columns(view.schema, src, view.config) if src is not None else []
            if ccy:  # converted from the parent's currency
                columns[name] = (copy.data["path"], ccy[0])
        elif copy is None and free(view, name) and SHAPE_PARAM not in spec.params:
            columns[name] = None  # (a column shaped by production's statistics is real already)
    if not columns:
        return []
    detail = f"{', '.join(columns)} in the currency of {said} (scale, minor unit)"
    return [Rule("money", list(columns), detail, {"currency": where, "columns": columns})]


_BY_COLUMN: dict[tuple[int, str], tuple[np.ndarray, Any]] = {}


def by_column(values: np.ndarray, what: str, make: Any) -> Any:
    """`make(values)` for a parent's kept column, computed once per column (a finished
    parent's kept columns never change), then read through each batch's row numbers."""
    key = (id(values), what)
    got = _BY_COLUMN.get(key)
    if got is None or got[0] is not values:
        if len(_BY_COLUMN) > 64:
            _BY_COLUMN.clear()
        got = (values, make(values))
        _BY_COLUMN[key] = got
    return got[1]


def _parent_facts(
    view: TableView, path: Path, source: str, batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Rate, minor unit and missing mask of the currency a path reaches, per batch row."""

    got = source_rows(view, path, batch)
    if got is None or source not in got[0]:
        return None
    table, rows, missing = got
    col = table[source]
    rate, decimals = by_column(col.values, "currency", currencies.facts)
    return rate[rows], decimals[rows], missing | col.nulls[rows]


def currency_facts(
    view: TableView, where: dict[str, Any], batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Rate, minor unit and missing mask of each batch row's currency, where a money rule's
    data says it is (its own column, or a parent's along a path)."""
    if "column" in where:
        col = batch.get(where["column"])
        if col is None:
            return None
        rate, decimals = currencies.facts(col.values)
        return rate, decimals, col.nulls
    return _parent_facts(view, where["path"], where["source"], batch)


def apply_money(view: TableView, rule: Rule, batch: Batch) -> None:
    got = currency_facts(view, rule.data["currency"], batch)
    if got is None:
        return
    rate, decimals, missing = got
    for name, source in rule.data["columns"].items():
        target = batch.get(name)
        if target is None:
            continue
        values = np.asarray(target.values, dtype=np.float64)
        skip = missing | target.nulls
        named = currencies.named_in(normalise(name))
        if source is None and named is not None:  # `list_price_eur`: in euros, whatever the row's
            rate_of, decimals_of = currencies.facts(np.full(values.size, named))
            _store_money(view, name, target.values, values * rate_of, decimals_of, skip, True)
            continue
        if source is None:
            made = values * rate
        else:
            src = _parent_facts(view, source[0], source[1], batch)
            if src is None:
                continue
            made = values * rate / src[0]
            skip = skip | src[2]
        _store_money(view, name, target.values, made, decimals, skip, source is None)


def _store_money(
    view: TableView,
    name: str,
    out: np.ndarray,
    made: np.ndarray,
    decimals: np.ndarray,
    skip: np.ndarray,
    drawn: bool,
) -> None:
    """Write the scaled amounts that fit the column; a drawn amount that does not is at
    least rounded to the minor unit, when that still fits."""

    spec = view.specs[name]
    scale = spec.info.scale if spec.info.kind == "decimal" else None
    if spec.info.kind == "money":
        scale = 2
    digits = np.minimum(decimals, scale) if scale is not None else decimals
    typical = spec.params.get("prices", (0.0, 0.0, 0.0))[1]
    if spec.generator == "price_per_unit" and scale is not None and typical < 1:
        # a price per kWh is quoted below the cent (not a night's or a portion's: whole yen)
        digits = np.full_like(decimals, scale)
    lo, hi = num_bounds(spec, 0.0, 1e15)
    made = currencies.round_minor(made, digits)
    fits = ~skip & (made >= lo) & (made <= hi)
    out[fits] = made[fits].astype(out.dtype)
    rest = np.flatnonzero(~skip & ~fits) if drawn else np.zeros(0, np.int64)
    if rest.size:
        rounded = currencies.round_minor(np.asarray(out[rest], dtype=np.float64), digits[rest])
        keep = (rounded >= lo) & (rounded <= hi)
        out[rest[keep]] = rounded[keep].astype(out.dtype)


def reconvert(
    view: TableView, batch: Batch, currency: str, names: list[str], rows: np.ndarray, old: Any
) -> None:
    """The row's drawn money again in its currency where a later rule moved the currency (a
    booking's currency follows its voucher's after its price was scaled): each amount at the
    fixed rates from the old currency to the new one, rounded to the new minor unit."""
    col = batch.get(currency)
    if col is None or not rows.size:
        return
    rate, decimals = currencies.facts(col.values[rows])
    was, _ = currencies.facts(np.asarray(old))
    for name in names:
        target = batch.get(name)
        if target is None or name not in view.specs:
            continue
        part = target.values[rows].copy()
        made = np.asarray(part, dtype=np.float64) * rate / was
        skip = target.nulls[rows] | ~np.isfinite(made)
        _store_money(view, name, part, made, decimals, skip, False)
        target.values[rows] = part
