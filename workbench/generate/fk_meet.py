"""Two foreign keys of one row that meet at one grandparent row ("diamond" keys).

An order references its customer and its shipping address, and the address references its
customer: the order's address should be one of the order's own customer's addresses. A pagila
payment references a customer and a rental, and the rental references a customer: the same
one. The rule: a row with a direct key to G (orders.customer_id → customers) and a key to a
parent P that belongs to G (orders.shipping_address_id → addresses, addresses.customer_id →
customers) picks P among the rows of P whose key to G is the row's own.

Only where P reads as something a party owns (an address, account, card, rental, order,
subscription…): a comment's post is not the comment author's post, so content tables never
meet. When the row's G has no P row (a customer without addresses) and the direct key was
drawn freely, the row's G is taken from the P row picked instead; else a nullable key to P is
left NULL; else the row keeps its free pick (counted in a warning).

Everything runs per batch: P's rows sorted once by their key to G, then one sorted search."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate import memo
from workbench.generate.plan import _root
from workbench.generate.recognise import singular_forms
from workbench.generate.run_starts import insertion, run_starts
from workbench.schema.model import ForeignKey, Schema, Table

if TYPE_CHECKING:
    from workbench.generate.checks import Batch
    from workbench.generate.rows import TableGenerator
    from workbench.generate.rows_fks import FKUnit

# What a party owns, by the singular of its table's name (or the name's last word).
OWNED = frozenset(
    {
        "address",
        "account",
        "bank_account",
        "card",
        "credit_card",
        "payment_card",
        "payment_method",
        "payment_instrument",
        "wallet",
        "subscription",
        "rental",
        "order",
        "invoice",
        "cart",
        "basket",
        "booking",
        "reservation",
        "contract",
        "policy",
        "loan",
        "membership",
        "device",
        "vehicle",
        "pet",
        "contact",
        "phone",
        "phone_number",
        "email_address",
        "profile",
        "session",
        "api_key",
        "lease",
        "mandate",
        "plan",
        "purchase",
        "checkout",
    }
)
# Who owns things: when P has keys to several tables a row also references, the owner wins.
PARTIES = (
    "customer",
    "client",
    "user",
    "member",
    "account",
    "buyer",
    "patient",
    "tenant",
    "person",
    "owner",
    "student",
    "employee",
    "guest",
    "subscriber",
    "company",
)


@dataclass(frozen=True)
class Meet:
    """The row's `hop` column (a key to `parent`) meets its `direct` column at `grandparent`:
    parent.`via` = row.`direct`."""

    hop: str
    direct: str
    parent: str
    via: str
    grandparent: str
    # the parent's label that the key's name asks for: shipping_address_id → kind 'shipping'
    label: tuple[str, str] | None = None


def _singulars(name: str) -> set[str]:
    return singular_forms(name.rsplit(".", 1)[-1].lower())


@functools.lru_cache(maxsize=4096)
def owned(table: str) -> bool:
    """A table of things a party owns: addresses, customer_addresses, user_payment_methods."""
    for word in _singulars(table):
        if word in OWNED or any(word.endswith("_" + o) for o in OWNED):
            return True
    return False


def _party_rank(table: str) -> int:
    words = _singulars(table)
    for rank, party in enumerate(PARTIES):
        if any(w == party or w.endswith("_" + party) for w in words):
            return rank
    return len(PARTIES)


def _single(fk: ForeignKey) -> bool:
    return len(fk.columns) == 1 and len(fk.ref_columns) == 1


@memo.by_identity_copied(list)  # asked for every child of every parent (label_columns)
def plan_meets(schema: Schema, table: Table) -> list[Meet]:
    """The meets a table's keys imply, from the schema alone (one per key to a parent)."""
    direct_by_target: dict[tuple[str, str], list[str]] = {}
    for fk in table.foreign_keys:
        if _single(fk) and _root(schema, fk.ref_qualified) != _root(schema, table.qualified):
            target = (_root(schema, fk.ref_qualified), fk.ref_columns[0])
            direct_by_target.setdefault(target, []).append(fk.columns[0])
    out: list[Meet] = []
    for fk in table.foreign_keys:
        parent_name = _root(schema, fk.ref_qualified)
        parent = schema.tables.get(parent_name)
        if not _single(fk) or parent is None or parent_name == table.qualified:
            continue
        if not owned(parent_name):
            continue
        options = []
        for pfk in parent.foreign_keys:
            if not _single(pfk):
                continue
            grand = _root(schema, pfk.ref_qualified)
            directs = [
                c
                for c in direct_by_target.get((grand, pfk.ref_columns[0]), [])
                if c != fk.columns[0]
            ]
            same = [c for c in directs if c == pfk.columns[0]]
            chosen = same[0] if same else (directs[0] if len(directs) == 1 else None)
            if chosen is not None and grand != parent_name:
                label = _label(schema, parent, fk.columns[0])
                meet = Meet(fk.columns[0], chosen, parent_name, pfk.columns[0], grand, label)
                options.append(meet)
        if options:
            out.append(min(options, key=lambda m: (_party_rank(m.grandparent), m.direct != m.via)))
    return out


def _label(schema: Schema, parent: Table, hop: str) -> tuple[str, str] | None:
    """The word a key's name puts before its parent's name (shipping_address_id: shipping),
    when one column of the parent lists it among its values (an enum or a CHECK's IN list)."""
    from workbench.generate.checks.hints import column_hints
    from workbench.generate.types import resolve_type

    stem = hop.lower().removesuffix("_id")
    # the longest singular that ends the key's name (a set: sorted, for any hash seed)
    words = sorted((w for w in _singulars(parent.name) if stem.endswith("_" + w)), key=len)[::-1]
    if not words:
        return None
    word = stem[: -len(words[0]) - 1]
    for column in parent.columns:
        info = resolve_type(schema, column.type)
        values = info.labels or column_hints(schema, parent, column).allowed or []
        for value in values:
            if isinstance(value, str) and value.lower() == word:
                return column.name, value
    return None


def label_columns(schema: Schema, table: Table) -> set[str]:
    """Columns of `table` that its children's meets read (kept with its keys)."""
    out = set()
    for child in schema.tables.values():
        if any(fk.ref_qualified == table.qualified for fk in child.foreign_keys):
            out |= {m.label[0] for m in plan_meets(schema, child) if m.label}
    return out


def describe(meet: Meet) -> str:
    short = meet.parent.rsplit(".", 1)[-1]
    label = f", {meet.label[0]} {meet.label[1]!r} first" if meet.label else ""
    return (
        f"picked among {short} rows whose {meet.via} is the row's {meet.direct}{label} "
        "(keys that meet)"
    )


def meets_of_generator(gen: TableGenerator) -> list[tuple[Meet, FKUnit, FKUnit]]:
    """The meets this generator can keep: both keys filled here by single-column units, the
    key to the parent drawn freely (not a children law, not part of a unique combination)."""
    out = []
    for meet in plan_meets(gen.schema, gen.table):
        hop, direct = gen.fk_cols.get(meet.hop), gen.fk_cols.get(meet.direct)
        if hop is None or direct is None or hop is direct:
            continue
        if hop.mode != "normal" or id(hop) in gen.uniq.fk_units or gen.specs[meet.hop].unique:
            continue
        if direct.mode not in ("normal", "children"):
            continue
        if meet.via not in gen.keys.tables.get(hop.parent, {}):
            continue
        out.append((meet, hop, direct))
    # keys that may not be NULL first: the first of them for a direct key may move it
    out.sort(key=lambda m: m[1].nullable)
    return out


def generator_meets(gen: TableGenerator) -> list[tuple[Meet, FKUnit, FKUnit]]:
    """meets_of_generator, once per generator."""
    meets: list[tuple[Meet, FKUnit, FKUnit]] | None = gen.__dict__.get("_meets")
    if meets is None:
        meets = gen.__dict__["_meets"] = meets_of_generator(gen)
    return meets


class _Sorted:
    """A table's rows sorted by one of its columns, for sorted searches of values."""

    def __init__(self, gen: TableGenerator, table: str, column: str, rows: np.ndarray) -> None:
        col = gen.keys.tables[table][column]
        rows = rows[~col.nulls[rows]]
        order = np.argsort(col.values[rows], kind="stable")
        self.rows = rows[order]
        self.keys = col.values[self.rows]
        self.starts = run_starts(self.keys)

    def ranges(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The [left, right) positions of each value among the sorted keys."""
        if self.starts is not None and values.dtype.kind in "iu":
            return insertion(self.starts, values), insertion(self.starts, values, "right")
        return (
            np.searchsorted(self.keys, values, "left"),
            np.searchsorted(self.keys, values, "right"),
        )


def _sorted(
    gen: TableGenerator,
    table: str,
    column: str,
    rows: np.ndarray,
    level: tuple[str, np.ndarray] | None = None,
) -> _Sorted:
    """Cached per generator; with a level (a name and a mask over the parent's rows), only
    the rows it marks."""
    cache: dict[tuple[str, str, str], _Sorted] = gen.__dict__.setdefault("_meet_sorted", {})
    key = (table, column, level[0] if level else "")
    if key not in cache:
        if level is not None:
            rows = rows[level[1][rows]]
        cache[key] = _Sorted(gen, table, column, rows)
    return cache[key]


def _levels(gen: TableGenerator, meet: Meet, hop: FKUnit) -> list[tuple[str, np.ndarray]]:
    """The parent rows a meet tries first, best first: those carrying the label the key's
    name asks for, and a payment's orders that were paid (settle.py). Once per generator: a
    parent's kept columns never change while its children are generated."""
    from workbench.generate.settle import paid_rows

    cache: dict[str, list[tuple[str, np.ndarray]]] = gen.__dict__.setdefault("_meet_levels", {})
    if meet.hop in cache:
        return cache[meet.hop]
    stored = gen.keys.tables[hop.parent]
    out = cache[meet.hop] = []
    if meet.label is not None and meet.label[0] in stored:
        held = stored[meet.label[0]]
        out.append(("label", ~held.nulls & (held.values.astype(str) == meet.label[1])))
    paid = paid_rows(gen, hop)
    if paid is not None:
        out.append(("paid", paid))
    return out


def keep_meets(gen: TableGenerator, batch: Batch, idx: np.ndarray, start: int) -> None:
    """After the keys are filled: each hop key re-picked among its grandparent's rows."""
    meets = generator_meets(gen)
    n = idx.size
    moved: set[str] = set()  # direct keys one meet has settled: later meets may not move them
    for meet, hop, direct in meets:
        hop_key, direct_key = ",".join(hop.fk.columns), ",".join(direct.fk.columns)
        if hop_key not in gen._parent_rows or direct_key not in gen._parent_rows:
            continue
        source, valid = gen._parent_keys(hop)
        free_rows, hop_nulls = gen._parent_rows[hop_key]
        draw = gen.rng(f"meet:{meet.hop}", start).random(n)
        picked = _pick(gen, meet, hop, valid, batch, draw, free_rows)
        if picked is None:  # keys of kinds that do not compare: leave the free picks
            continue
        rows, has = picked
        lonely = ~has & ~batch[meet.direct].nulls & ~hop_nulls
        if lonely.any():
            may_move = meet.direct not in moved
            hop_nulls = _settle_lonely(
                gen, meet, hop, direct, batch, rows, hop_nulls, lonely, may_move
            )
            again = _pick(gen, meet, hop, valid, batch, draw, free_rows) if may_move else None
            if again is not None:  # the rows whose owner moved pick again, labels first
                rows = again[0]
        moved.add(meet.direct)
        gen._assign(batch, hop, rows, n, hop_nulls, source)


def _pick(
    gen: TableGenerator,
    meet: Meet,
    hop: FKUnit,
    valid: np.ndarray,
    batch: Batch,
    draw: np.ndarray,
    rows: np.ndarray,
) -> tuple[np.ndarray, np.ndarray] | None:
    """Each row's parent among its owner's rows, the first level (_levels) that has one for
    the owner, else any; (parent rows, whether the owner had one), or None if keys don't
    compare."""
    owner = batch[meet.direct]
    has = np.zeros(draw.size, bool)
    levels: list[tuple[str, np.ndarray] | None] = [*_levels(gen, meet, hop), None]
    for level in levels:
        by_owner = _sorted(gen, hop.parent, meet.via, valid, level)
        if by_owner.rows.size == 0:
            continue
        try:
            lo, hi = by_owner.ranges(owner.values)
        except TypeError:
            return None
        count = hi - lo
        now = (count > 0) & ~owner.nulls & ~has
        pick = lo + np.floor(draw * np.maximum(count, 1)).astype(np.int64)
        rows = np.where(now, by_owner.rows[np.minimum(pick, by_owner.rows.size - 1)], rows)
        has |= now
    return rows, has


def _settle_lonely(
    gen: TableGenerator,
    meet: Meet,
    hop: FKUnit,
    direct: FKUnit,
    batch: Batch,
    rows: np.ndarray,
    hop_nulls: np.ndarray,
    lonely: np.ndarray,
    may_move: bool,
) -> np.ndarray:
    """Rows whose grandparent owns no parent row: the grandparent follows the parent picked
    (a free direct key no other meet has settled), or the key to the parent is NULL, or the
    row keeps its free pick."""
    via = gen.keys.tables[hop.parent][meet.via]
    owner_of_pick = via.values[rows]
    free = may_move and direct.mode == "normal" and id(direct) not in gen.uniq.fk_units
    if free and not gen.specs[meet.direct].unique:
        from workbench.generate.lineage import _lookup

        movable = lonely & ~via.nulls[rows]
        g_source, _ = gen._parent_keys(direct)
        hit, found = _lookup(g_source[direct.ref_map[meet.direct]], owner_of_pick[movable])
        which = np.flatnonzero(movable)[found]
        g_rows, g_nulls = gen._parent_rows[",".join(direct.fk.columns)]
        g_rows = g_rows.copy()
        g_rows[which] = hit[found]
        gen._assign(batch, direct, g_rows, rows.size, g_nulls, g_source)
        lonely = lonely.copy()
        lonely[which] = False
    if lonely.any() and hop.nullable:
        hop_nulls = hop_nulls | lonely
        lonely = np.zeros_like(lonely)
    if lonely.any():
        counts: dict[str, int] = gen.__dict__.setdefault("meet_misses", {})
        counts[meet.hop] = counts.get(meet.hop, 0) + int(lonely.sum())
    return hop_nulls
