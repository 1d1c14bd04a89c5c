"""Timestamps that tell one story per row, computed per batch with numpy:

1. after the parents: a row's creation time (its anchor) follows the creation time of every
   parent row it references (an order after its customer signed up);
2. after the anchor: every other event of the row (updated, shipped, paid…) follows it;
3. a status and its stage timestamps: `shipped_at` is set exactly for the rows whose status is
   shipped or later, after the earlier stages; a cancelled row gets none of the later ones;
4. updated ≤ deleted, and start ≤ end pairs (`starts_at`/`ends_at`, `rental_date`/`return_date`,
   `min_price`/`max_price`): swapped where drawn the wrong way round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate import memo, settle, status_stages
from workbench.generate.recognise import normalise
from workbench.generate.timeline_chain import apply_chain, plan_chain

if TYPE_CHECKING:
    from workbench.config import Config
    from workbench.generate.checks import Batch, Col
    from workbench.generate.coherence import Rule
    from workbench.generate.rows import TableGenerator
    from workbench.generate.values import ColumnSpec
    from workbench.schema.model import Schema, Table

_TIME_KINDS = ("timestamp", "date")
_DAY_US = 86_400_000_000
_STAMP_SUFFIXES = ("at", "on", "date", "time", "timestamp", "ts", "datetime")
# Lifecycle stages (0 placed … 3 done) and the words labels and timestamp names use for them.
STAGES: list[tuple[str, ...]] = [
    ("pending", "new", "created", "draft", "open", "placed", "submitted", "requested", "ordered",
     "awaiting_payment", "pending_payment", "payment_pending", "unpaid", "on_hold"),
    ("paid", "confirmed", "processing", "processed", "approved", "accepted", "authorized",
     "authorised", "packed", "ready", "invoiced"),
    ("shipped", "dispatched", "sent", "in_transit", "fulfilled", "out_for_delivery"),
    ("delivered", "completed", "complete", "done", "closed", "received", "resolved", "finished"),
]  # fmt: skip
# Terminal labels outside the happy path: how far such a row got before it ended there.
ENDINGS = {
    "cancelled": 0,
    "canceled": 0,
    "rejected": 0,
    "declined": 0,
    "failed": 0,
    "voided": 0,
    "expired": 0,
    "abandoned": 0,
    "lost": 2,
    "refunded": 1,
    "returned": 3,
}
_PAIRS = [
    ("start", "end"),
    ("starts", "ends"),
    ("started", "ended"),
    ("begin", "end"),
    ("from", "to"),
    ("from", "until"),
    ("valid_from", "valid_to"),
    ("valid_from", "valid_until"),
    ("check_in", "check_out"),
    ("checkin", "checkout"),
    ("opened", "closed"),
    ("opens", "closes"),
    ("departure", "arrival"),
    ("pickup", "dropoff"),
    ("rental", "return"),
    ("issued", "expires"),
    ("issue", "due"),
    ("issued", "due"),
    ("hired", "terminated"),
    ("min", "max"),
    ("minimum", "maximum"),
    ("lower", "upper"),
    ("low", "high"),
]
# Dates of a row's life after the date it was ordered or placed (time columns only: an
# `order` number is no date): a Northwind order is required and shipped after its order date.
_TIME_PAIRS = [
    *[(lo, hi) for lo in ("order", "ordered", "placed", "purchase", "purchased", "booked")
      for hi in ("required", "requested", "promised", "due", "ship", "shipped", "shipping",
                 "delivery", "delivered", "expected", "received")],
    ("invoice", "due"),
    ("invoiced", "due"),
    ("ship", "delivery"),
    ("shipped", "delivered"),
    ("shipped", "received"),
]  # fmt: skip


def _stem(name: str) -> str:
    words = normalise(name).split("_")
    if len(words) > 1 and words[-1] in _STAMP_SUFFIXES:
        words = words[:-1]
    return "_".join(words)


def _is_time(kind: str) -> bool:
    return kind in _TIME_KINDS


@memo.by_identity
def anchor_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The column that says when a row came to be: a recognised creation time, else the first
    NOT NULL timestamp named like an event (`placed_at`, `rental_date`)."""
    from workbench.generate.semantics import decide_column
    from workbench.generate.types import resolve_type

    fallback = None
    for column in table.columns:
        if column.generated is not None:
            continue
        kind = resolve_type(schema, column.type).kind
        if kind not in ("timestamp", "timestamptz", "date"):
            continue
        decision = decide_column(schema, table, column, config)
        if decision.generator == "created_at":
            return column.name
        stem = normalise(column.name).split("_")
        if (
            fallback is None
            and not column.nullable
            and decision.generator in ("timestamp", "date")
            and stem[-1] in _STAMP_SUFFIXES
            and not ({"birth", "dob", "expires", "expiry", "due", "end", "until"} & set(stem))
        ):
            fallback = column.name
    return fallback


def plan_time_rules(gen: TableGenerator) -> list[Rule]:
    from workbench.generate.coherence import Rule, _free

    times = [c for c, s in gen.specs.items() if _is_time(s.kind) and s.generator != "birth_date"]
    if not times:
        return []
    anchor = anchor_of(gen.schema, gen.table, gen.config)
    rules: list[Rule] = []
    parents, settled = [], []
    for unit in gen.units:
        parent_table = gen.schema.tables.get(unit.parent)
        if parent_table is None or unit.mode == "self":
            continue
        parent_anchor = anchor_of(gen.schema, parent_table, gen.config)
        if parent_anchor is not None:
            parents.append((",".join(unit.fk.columns), unit.parent, parent_anchor))
            how = settle.settles(gen, unit, parent_anchor)
            if how is not None:
                settled.append(how)
    movable = [c for c in times if _free(gen, c)]
    movable_anchor = anchor is not None and (
        _free(gen, anchor) or _unique_time(gen, anchor) or _partition_time(gen, anchor)
    )
    if parents and anchor is not None and movable_anchor:
        shown = ", ".join(f"{p}.{a}" for _, p, a in parents)
        detail = f"{anchor} after {shown}"
        if settled:
            detail += "; " + ", ".join(_settle_text(how) for how in settled[:1])
        data = {"parents": parents, "settle": settled[:1]}
        rules.append(Rule("after_parent", [anchor], detail, data))
    events = [c for c in movable if c != anchor and gen.specs[c].generator != "birth_date"]
    if anchor is not None and events:
        rules.append(Rule("after_anchor", [anchor, *events], f"every event after {anchor}"))
    status = status_stages.plan_status(gen, anchor, movable)
    rules += status
    # a timestamp the status decides is not the flag's to move: the flag follows it
    rules += status_stages.plan_flags(gen, anchor, {c for r in status for c in r.columns})
    updated = [c for c in times if gen.specs[c].generator == "updated_at"]
    deleted = [c for c in movable if gen.specs[c].generator == "deleted_at"]
    if updated and deleted:
        rules.append(Rule("order", [updated[0], deleted[0]], f"{updated[0]} ≤ {deleted[0]}"))
    rules += _pair_rules(gen)
    # last, after the declared rules too (rows.py): every date in the order its name tells
    rules += plan_chain(gen)
    return rules


def _settle_text(how: settle.Settles) -> str:
    window = f"{how.parent}.{how.placed}"
    if how.closes is not None:
        return f"minutes to days after {window}, before its {how.closes}"
    return f"minutes to days after {window}"


def _unique_time(gen: TableGenerator, name: str) -> bool:
    """A timestamp that carries a unique key: it may move if it stays unique (see
    _after_parents)."""
    spec = gen.specs[name]
    return (
        spec.unique
        and spec.kind == "timestamp"
        and spec.partition is None
        and name not in gen.fk_cols
        and not spec.params.get("unique_days")
    )


def _partition_time(gen: TableGenerator, name: str) -> bool:
    """A range-partition key: it may move within the partitions that exist (timeline_parts)."""
    from workbench.generate.timeline_parts import windows

    spec = gen.specs[name]
    return not spec.unique and name not in gen.fk_cols and windows(spec) is not None


def _rank(word: str) -> int | None:
    norm = normalise(word)
    for rank, words in enumerate(STAGES):
        if norm in words:
            return rank
    return None


def _pair_rules(gen: TableGenerator) -> list[Rule]:
    from workbench.generate.coherence import Rule, _free

    out = []
    norms = {normalise(c): c for c in gen.specs if _free(gen, c)}
    for norm, column in norms.items():
        timely = gen.specs[column].kind in _TIME_KINDS
        for lo_word, hi_word in _PAIRS + (_TIME_PAIRS if timely else []):
            for pos in _word_positions(norm, lo_word):
                other = norm[:pos] + hi_word + norm[pos + len(lo_word) :]
                partner = norms.get(other)
                if partner is None or partner == column:
                    continue
                if gen.specs[partner].kind != gen.specs[column].kind:
                    continue
                if gen.specs[column].kind not in ("timestamp", "date", "int", "decimal", "float"):
                    continue
                out.append(Rule("pair", [column, partner], f"{column} ≤ {partner}"))
    return out


def _word_positions(norm: str, word: str) -> list[int]:
    """Where `word` stands as whole words in a snake_case name."""
    out = []
    padded = f"_{norm}_"
    at = padded.find(f"_{word}_")
    while at >= 0:
        out.append(at)
        at = padded.find(f"_{word}_", at + 1)
    return out


# --- applying -----------------------------------------------------------------------------


def _us(col: Col) -> np.ndarray:
    return np.asarray(col.values).astype("datetime64[us]")


def _store(col: Col, values: np.ndarray, rows: np.ndarray) -> None:
    """Write microsecond times into a date or timestamp column (a date rounds up, so it is
    never before the time it follows)."""
    if col.kind == "date":
        day = np.timedelta64(_DAY_US - 1, "us")
        col.values[rows] = (values[rows] + day).astype("datetime64[D]")
    else:
        col.values[rows] = values[rows].astype("datetime64[s]").astype(col.values.dtype)


def _gap(rng: np.random.Generator, n: int, days: float) -> np.ndarray:
    us = rng.exponential(days * _DAY_US, n) + 60_000_000
    return us.astype(np.int64).astype("timedelta64[us]")


def apply_time_rule(
    gen: TableGenerator, rule: Rule, batch: Batch, rng: np.random.Generator
) -> None:
    if any(c not in batch for c in rule.columns):
        return
    if rule.kind == "after_parent":
        _after_parents(gen, rule, batch, rng)
    elif rule.kind == "after_anchor":
        anchor = batch[rule.columns[0]]
        base = _us(anchor)
        for column in rule.columns[1:]:
            col = batch[column]
            values = _us(col)
            late = values < base + np.timedelta64(1, "s")
            if col.kind == "date" or anchor.kind == "date":
                late = values < base + np.timedelta64(_DAY_US, "us")
            bad = late & ~col.nulls & ~anchor.nulls
            _store(col, base + _gap(rng, base.size, 20), np.flatnonzero(bad))
    elif rule.kind == "status":
        status_stages.apply_status(gen, rule, batch, rng)
    elif rule.kind == "flag":
        status_stages.apply_flag(rule, batch, rng)
    elif rule.kind == "order":
        a, b = batch[rule.columns[0]], batch[rule.columns[1]]
        bad = (_us(b) < _us(a)) & ~a.nulls & ~b.nulls
        _store(b, _us(a) + _gap(rng, bad.size, 5), np.flatnonzero(bad))
    elif rule.kind == "chain":
        apply_chain(gen, rule, batch, rng)
    elif rule.kind == "pair":
        a, b = batch[rule.columns[0]], batch[rule.columns[1]]
        swap = (b.values < a.values) & ~a.nulls & ~b.nulls
        low = a.values[swap].copy()
        a.values[swap] = b.values[swap]
        b.values[swap] = low


@memo.by_identity
def ending_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The nullable time that ends a row's life (deleted_at, closed_at, deactivated_at…):
    nothing of its children happens after it."""
    from workbench.generate.rows import _rare_end
    from workbench.generate.semantics import decide_column
    from workbench.generate.types import resolve_type

    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        if not column.nullable or column.generated is not None:
            continue
        if kind in ("timestamp", "timestamptz", "date") and _rare_end(
            decide_column(schema, table, column, config).generator, column.name, kind
        ):
            return column.name
    return None


def _before_endings(
    gen: TableGenerator,
    rule: Rule,
    base: np.ndarray,
    floor: np.ndarray,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """(rows to move, their times): a row that would happen after a parent's end (an order
    placed after its customer was deleted) happens between its floor and that end."""
    nat = np.datetime64("NaT", "us")
    ceiling = np.full(base.size, nat)
    for fk_columns, parent, _ in rule.data["parents"]:
        model = gen.schema.tables.get(parent)
        end = ending_of(gen.schema, model, gen.config) if model is not None else None
        rows, nulls = gen.parent_rows(fk_columns)
        stored = gen.keys.tables.get(parent, {}).get(end or "")
        if rows is None or stored is None:
            continue
        values = np.asarray(stored.values[rows]).astype("datetime64[us]")
        values = np.where(nulls | stored.nulls[rows], nat, values)
        ceiling = np.where(np.isnat(ceiling) | (values < ceiling), values, ceiling)
    lo = np.where(np.isnat(floor), ceiling - np.timedelta64(30 * _DAY_US, "us"), floor)
    room = (ceiling - lo).astype(np.int64)
    over = ~np.isnat(ceiling) & (base > ceiling) & (room > 0)
    made = lo + (rng.random(base.size) * np.maximum(room, 1)).astype("timedelta64[us]")
    return over, made


def _after_parents(gen: TableGenerator, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    from workbench.generate.timeline_parts import (
        children_windows,
        into_windows,
        out_of_holes,
        windows,
    )

    col = batch[rule.columns[0]]
    base = _us(col)
    floor: np.ndarray = np.full(base.size, np.datetime64("NaT", "us"))
    for fk_columns, parent, parent_anchor in rule.data["parents"]:
        rows, nulls = gen.parent_rows(fk_columns)
        stored = gen.keys.tables.get(parent, {}).get(parent_anchor)
        if rows is None or stored is None:
            continue
        values = np.asarray(stored.values[rows]).astype("datetime64[us]")
        values = np.where(nulls | stored.nulls[rows], np.datetime64("NaT", "us"), values)
        floor = np.where(np.isnat(floor) | (values > floor), values, floor)
    if stored_kind_is_date(col):
        floor = floor + np.timedelta64(_DAY_US, "us")
    bad = ~np.isnat(floor) & (base <= floor) & ~col.nulls
    later = floor + _gap(rng, base.size, 30)
    for how in rule.data.get("settle", []):
        # a payment: soon after its order, every row (not only those drawn too early)
        paid = settle.settle_times(gen, how, base.size, rng, col.kind)
        known = ~np.isnat(paid) & ~col.nulls
        paid = np.where(
            np.isnat(floor) | (paid > floor), paid, floor + np.timedelta64(60_000_000, "us")
        )
        later = np.where(known, paid, later)
        bad |= known
    over, before_end = _before_endings(gen, rule, np.where(bad, later, base), floor, rng)
    over &= ~col.nulls
    later = np.where(over, before_end, later)
    bad |= over
    window = declared_window(gen.specs[rule.columns[0]])
    if window is not None:
        # a declared range is a law: after the parents, but inside it; a row whose parents
        # come after its range's end keeps its drawn time (the declared range wins)
        room = (window[1] - floor).astype(np.int64)
        bad &= room > 0
        inside = floor + (rng.random(base.size) * np.maximum(room, 1)).astype("timedelta64[us]")
        later = np.where(later > window[1], inside, later)
    holes = children_windows(gen.schema, gen.table, gen.config)
    if holes is not None and gen.specs[rule.columns[0]].drawn_within is not None:
        # a parent of a partitioned child (rental of payment): not between its partitions
        now = np.where(bad, later, base)
        later = out_of_holes(now, holes, rng)
        bad |= (later != now) & ~col.nulls
    bounds = windows(gen.specs[rule.columns[0]])
    if bounds is not None:  # a partition key: stay within the partitions that exist
        later, possible = into_windows(later, floor, bounds, rng)
        bad &= possible
    if gen.specs[rule.columns[0]].unique:
        # whole seconds whose remainder modulo the table's rows is the row number: no two
        # rows of the table can share one, whichever batch they are in
        period = max(gen.tp.rows, 1)
        later = np.where(np.isnat(floor) | ~bad, base, later)
        secs = later.astype("datetime64[s]").astype(np.int64)
        idx = gen.current_rows()
        secs = secs + (idx - secs) % period
        if window is not None:  # back inside the declared range by whole periods
            top = window[1].astype("datetime64[s]").astype(np.int64)
            secs = secs - np.maximum(-(-(secs - top) // period), 0) * period
        later = secs.astype("datetime64[s]").astype("datetime64[us]")
        bad = ~col.nulls  # every row, so the remainders hold throughout
    _store(col, later, np.flatnonzero(bad))


def declared_window(spec: ColumnSpec) -> tuple[np.datetime64, np.datetime64] | None:
    """A time column's declared `range` (with its CHECK bounds): the rules move rows within it."""
    from workbench.generate.values import TS_HI, TS_LO, _time_bounds

    if not spec.params.get("range") or not _is_time(spec.kind):
        return None
    lo, hi = _time_bounds(spec, TS_LO, TS_HI)
    return lo, hi


def keep_declared(spec: ColumnSpec | None, col: Col, before: tuple[np.ndarray, np.ndarray]) -> None:
    """After every rule: a row a rule moved outside its column's declared range gets its
    drawn value back (drawn inside the range): the declared rule wins over an inferred one."""
    window = declared_window(spec) if spec is not None else None
    if window is None:
        return
    now = _us(col)
    out = ~col.nulls & ((now < window[0]) | (now > window[1]))
    col.values[out] = before[0][out]
    col.nulls[out] = before[1][out]


def range_over_rules(schema: Schema, table: Table, column: str, config: Config) -> str:
    """For `workbench classify`: the timeline rule a declared range overrides, if any."""
    from workbench.generate.types import resolve_type

    override = config.table(table.qualified).columns.get(column)
    model = next((c for c in table.columns if c.name == column), None)
    if override is None or override.range is None or model is None:
        return ""
    if resolve_type(schema, model.type).kind not in ("timestamp", "timestamptz", "date"):
        return ""
    anchor = anchor_of(schema, table, config)
    if anchor is None:
        return ""
    if column == anchor:
        parents = []
        for fk in table.foreign_keys:
            parent = schema.tables.get(fk.ref_qualified)
            if parent is None or parent is table:
                continue
            parent_anchor = anchor_of(schema, parent, config)
            if parent_anchor is not None:
                parents.append(f"{fk.ref_qualified}.{parent_anchor}")
        if not parents:
            return ""
        rule = f"{column} after {', '.join(parents)}"
    else:
        rule = f"{column} after {anchor}"
    return (
        f"; its range wins over the timeline rule '{rule}': a row the rule would move "
        "outside the range stays inside it"
    )


def stored_kind_is_date(col: Col) -> bool:
    return col.kind == "date"


def _reached(label: str) -> int:
    norm = normalise(label)
    if norm in ENDINGS:
        return ENDINGS[norm]
    rank = _rank(norm)
    return -1 if rank is None else rank


def parent_anchor_columns(gen: TableGenerator) -> list[str]:
    """Columns this table must keep for its children's time rules."""
    anchor = anchor_of(gen.schema, gen.table, gen.config)
    return [anchor] if anchor is not None else []


def describe(rules: list[Rule]) -> list[dict[str, Any]]:
    return [{"rule": r.kind, "columns": r.columns, "detail": r.detail} for r in rules]
