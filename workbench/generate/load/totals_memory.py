"""Totals and counters before the parent is written (the fast path of totals.py).

The plan puts a parent with a rollup after the child's other parents (plan.py), so that once
the parent's rows are generated (and held, not yet sent) the child can be generated in memory
alone: its rows are the ones it will load later (every table's rows depend only on the schema,
the config and the seed). Each child batch adds its amounts to its parents' sums
(`np.bincount` over the parent rows its foreign key chose); the parent's column then takes the
sums where its CHECKs and type accept them, and its rows go out as usual. No UPDATE, and a copy
of the total in a later table (a payment's amount) reads the final value.

Anything unusual (a parent too big to hold, a child whose other parents come later, a foreign
key not filled row by row, a CHECK only the server can judge) leaves the rollup to the SQL
post-pass (totals_load.py), which gives the same values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.sqltree import Unsupported, columns_of, normalize
from workbench.generate.base.tables import partition_root
from workbench.generate.checks import evaluate, failing
from workbench.generate.judge.judge import beyond
from workbench.generate.rows.assembler import TableGenerator as Generator
from workbench.generate.rules import arithmetic, lineage, rated_amount, stage_amount, tax_within

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.kinds.arithmetic import Formula
    from workbench.generate.kinds.rollup import Rollup
    from workbench.generate.rows.assembler import TableGenerator

HOLD_ROWS = 1_000_000  # a parent held in memory for its totals at most (else: SQL post-pass)


def batches(
    gen: TableGenerator,
    skipped: bool,
    batch_rows: int,
    stopped: Callable[[], bool],
    replay: dict[str, TableGenerator],
) -> Iterator[tuple[int, Batch]]:
    """The table's batches, as `gen.batches`; a parent whose totals its children give is held
    until their sums are known, then handed out with them. The children generated for that are
    kept in `replay` (their generator, its batches in `replay_batches`), so that they are not
    generated a second time when their turn comes."""
    kept = gen.replay_batches
    if kept is not None:
        gen.replay_batches = None
        return iter(kept)
    fast = [] if skipped else eligible(gen)
    if not fast:
        return iter(gen.batches(batch_rows))
    held: list[tuple[int, Batch]] = []
    for item in gen.batches(batch_rows):
        if stopped():
            return iter(())
        held.append(item)
    gen.finish()  # the children generated in memory read its keys
    values = sums(gen, fast, batch_rows, stopped, replay)
    gen.warnings.extend(patch(gen, held, values))
    rederive(gen, held, set(values))
    gen.rollups_done |= set(values)
    return iter(held)


def eligible(gen: TableGenerator) -> list[Rollup]:
    """The table's rollups the fast path can compute now (its children's other parents are
    generated)."""
    if not gen.rollups or gen.tp.rows == 0 or gen.tp.rows > HOLD_ROWS:
        return []
    out = []
    planned = {t.name for t in gen.plan.tables}
    for rollup in gen.rollups:
        if rollup.joined is not None or rollup.via or rollup.also:
            continue  # it reads another table's rows: the SQL post-pass joins them
        child = gen.view.schema.tables.get(rollup.child)
        tp = gen.plan.table(rollup.child)
        if child is None or tp is None or tp.rows == 0 or tp.file_rows:
            continue
        if any(rollup.column in check.columns for check in gen.checks.server_checks):
            continue  # only the server can judge the column: the post-pass says so
        parents = {partition_root(gen.view.schema, fk.ref_qualified) for fk in child.foreign_keys}
        others = parents - {gen.tp.name, rollup.child}
        if all(p not in planned or gen.view.keys.has(p) for p in others):
            out.append(rollup)
    return out


def sums(
    gen: TableGenerator,
    rollups: list[Rollup],
    batch_rows: int,
    stopped: Callable[[], bool] = lambda: False,
    replay: dict[str, TableGenerator] | None = None,
) -> dict[str, np.ndarray]:
    """Each rollup column's values per parent row, from the children generated in memory;
    rollups the fast path cannot compute are left out."""

    out: dict[str, np.ndarray] = {}
    by_child: dict[str, list[Rollup]] = {}
    for rollup in rollups:
        by_child.setdefault(rollup.child, []).append(rollup)
    for child, todo in by_child.items():
        tp = gen.plan.table(child)
        assert tp is not None
        try:
            view = gen.view
            dry = Generator(
                view.schema,
                gen.plan,
                tp,
                view.config,
                view.seed,
                view.keys,
                oracle=gen.checks.oracle,
            )
            acc = {r.column: np.zeros(gen.tp.rows, np.float64) for r in todo}
            trees = {r.column: _tree(r) for r in todo}
            keep = replay is not None and tp.rows <= HOLD_ROWS
            made: list[tuple[int, Batch]] = []
            for start, batch in dry.batches(batch_rows):
                if stopped():
                    return {}  # cancelled: the caller stops too
                for rollup in todo:
                    if not _add(dry, rollup, batch, trees[rollup.column], acc[rollup.column]):
                        raise _NotHere
                if keep:
                    made.append((start, batch))
        except (_NotHere, GenerationError, Unsupported, ValueError, TypeError):
            continue  # the SQL post-pass computes it from the loaded rows
        out.update(acc)
        if replay is not None and keep:
            dry.replay_batches = made
            replay[child] = dry
    return out


class _NotHere(Exception):
    """The fast path cannot compute this rollup (the SQL post-pass will)."""


def _tree(rollup: Rollup) -> Any:
    if rollup.kind == "count":
        return None
    import sqlglot

    return normalize(sqlglot.parse_one(rollup.row_expr, read="postgres"))


def _add(dry: TableGenerator, rollup: Rollup, batch: Batch, tree: Any, acc: np.ndarray) -> bool:

    rows, nulls = dry.view.parent_rows(",".join(rollup.fk))
    n = len(next(iter(batch.values())).values) if batch else 0
    if rows is None or rows.size != n:
        return False
    live = ~nulls
    for c in rollup.fk:
        live &= ~batch[c].nulls
    if tree is None:
        weights = live.astype(np.float64)
    else:
        val = evaluate(tree, batch, n, dry.view.env)
        values = np.broadcast_to(np.asarray(val.values, dtype=np.float64), (n,))
        missing = np.broadcast_to(np.asarray(val.nulls, dtype=bool), (n,))
        weights = np.where(live & ~missing, values, 0.0)
    acc += np.bincount(rows[live], weights=weights[live], minlength=acc.size)[: acc.size]
    return True


def rederive(gen: TableGenerator, held: list[tuple[int, Batch]], summed: set[str]) -> None:
    """The row arithmetic again where its subtotal is now its lines' sum (arithmetic.py), and
    a decided amount again where what it was asked is (stage_amount.py); a row a CHECK then
    rejects keeps the values it had."""
    for rule in gen.rules:
        if rule.kind == "rated_amount" and rule.data["rated"].base in summed:
            # a voucher's share of the gross its lines summed, before the total adds it
            again, written = rated_amount.rerate, [rule.columns[0]]
            summed = summed | {rule.columns[0]}
        elif rule.kind == "arithmetic" and summed & set(rule.columns[1:]):
            again, written = arithmetic.rederive, [rule.columns[0], *rule.data["writes"]]
        elif rule.kind == "product" and summed & set(rule.columns[1:3]):
            # a quantity that counts the row's own lines (players_count): the total again
            again, written = lineage.reproduct, rule.columns[:1] + rule.columns[3:]
            summed = summed | {rule.columns[0]}
        elif rule.kind == "stage_amount" and summed & set(rule.columns[2:]):
            # a decision bounded by what was asked, now that the ask is its lines' sum
            again, written = stage_amount.rebound, [rule.columns[0]]
        else:
            continue
        checks = [(n, t) for n, t in gen.view.checks if set(written) & columns_of(t)]
        for start, batch in held:
            n = batch[rule.columns[0]].values.size
            old = {c: (batch[c].values.copy(), batch[c].nulls.copy()) for c in written}
            again(gen.view, rule, batch, np.arange(start, start + n))
            bad = np.zeros(n, bool)
            for _, tree in checks:
                try:
                    bad |= failing(tree, batch, n, gen.view.env)
                except (Unsupported, ValueError, TypeError):
                    bad[:] = True
            for c in written:  # and the column's type (a total past numeric(10,2)'s digits)
                outside = beyond(batch[c], gen.view.specs[c].info)
                if outside is not None:
                    bad |= outside
            for c in written:
                col = batch[c]
                col.values[bad], col.nulls[bad] = old[c][0][bad], old[c][1][bad]
                own = gen.links.own.get(c)
                if own is not None:
                    own.values[start : start + n] = col.values
                    own.nulls[start : start + n] = col.nulls


def patch(
    gen: TableGenerator, held: list[tuple[int, Batch]], values: dict[str, np.ndarray]
) -> list[str]:
    """Write the sums into the held batches (and the kept copy children read) where the
    column's type and CHECKs accept them; warnings for the rows that keep their draw."""
    warnings = []
    for column, per_row in values.items():
        kept, names = 0, set()
        spec = gen.view.specs[column]
        scale = spec.info.scale if spec.info.kind == "decimal" else None
        new_all = np.round(per_row, scale) if scale is not None else per_row
        # the row's total moved with a part of it (rules/arithmetic.moved_total): a CHECK
        # stating the total holds until `rederive` figures it again
        f = arithmetic.moved_total(gen.rules, column)
        f = f if f is not None and all(c in gen.view.specs for c in f.columns) else None
        within = tax_within.held_tax(gen.rules, column)  # the tax a total holds, at its share
        moved = f.total if f is not None else within if within in gen.view.specs else None
        read = {column, moved} if moved is not None else {column}
        checks = [(name, tree) for name, tree in gen.view.checks if read & columns_of(tree)]
        for start, batch in held:
            col = batch[column]
            n = col.values.size
            rows = gen.rows_of(start, n)  # the batch's rows (fewer where the judge dropped)
            new = new_all[rows]
            if spec.kind == "int":
                new = np.round(new)
            ok = gen.view.specs[column].info.holds(new)
            old_values, old_nulls = col.values.copy(), col.nulls.copy()
            col.values[ok] = new[ok].astype(col.values.dtype)
            col.nulls[ok] = False
            total = batch[moved] if moved is not None else None
            kept_total = (total.values.copy(), total.nulls.copy()) if total is not None else None
            if total is not None and moved is not None:
                # the parts' sum as the CHECK adds them (in their order, not rounded: the
                # server rounds it to the column's scale as it stores it), or the tax the
                # new total holds
                summed = _parts_sum(f, batch) if f is not None else _held(total, col, old_values)
                step = gen.view.specs[moved].step or 0.01
                summed = summed if f is not None else np.floor(summed / step + 1e-9) * step
                fits = ok & gen.view.specs[moved].info.holds(summed)
                total.values[fits] = summed[fits].astype(total.values.dtype)
                total.nulls[fits] = False
            if total is not None and kept_total is not None:
                # a moved total a CHECK rejects (a discount past the new subtotal: a total
                # below 0) goes back: the part is judged alone there, as it was before
                back = np.zeros(n, bool)
                for _, tree in checks:
                    back |= _fails(tree, batch, n, gen)
                total.values[back], total.nulls[back] = kept_total[0][back], kept_total[1][back]
            for name, tree in checks:
                bad = _fails(tree, batch, n, gen)
                if bad.any():
                    names.add(name)
                    col.values[bad], col.nulls[bad] = old_values[bad], old_nulls[bad]
                    if total is not None and kept_total is not None:
                        total.values[bad] = kept_total[0][bad]
                        total.nulls[bad] = kept_total[1][bad]
                    ok &= ~bad
            kept += int((~ok).sum())
            own = gen.links.own.get(column)
            if own is not None:
                own.values[rows] = col.values
                own.nulls[rows] = col.nulls
        if kept:
            why = "CHECK " + ", ".join(sorted(names)) if names else "the column's type"
            warnings.append(
                f"{gen.tp.name}.{column}: {kept:,} row(s) keep their drawn value: {why} "
                "rejects the value"
            )
    return warnings


def _fails(tree: Any, batch: Batch, n: int, gen: TableGenerator) -> np.ndarray:
    """The rows a CHECK rejects (all of them where it cannot be judged here)."""
    try:
        return failing(tree, batch, n, gen.view.env)
    except (Unsupported, ValueError, TypeError):
        return np.ones(n, bool)


def _held(tax: Col, total: Col, was: np.ndarray) -> np.ndarray:
    """The tax a new total holds at the share of the old total it held (0 where it held none
    or the old total was not above 0)."""
    old = np.asarray(was, dtype=float)
    held = np.where(tax.nulls, 0.0, np.asarray(tax.values, dtype=float))
    share = np.clip(np.divide(held, old, out=np.zeros_like(old), where=old > 0), 0, 1)
    new = np.where(total.nulls, 0.0, np.asarray(total.values, dtype=float))
    out: np.ndarray = new * share
    return out


def _parts_sum(f: Formula, batch: Batch) -> np.ndarray:
    """subtotal + taxes + adds - takes of each row, NULL read as 0."""

    def part(name: str) -> np.ndarray:
        col = batch[name]
        return np.where(col.nulls, 0.0, col.values.astype(float))

    out: np.ndarray = part(f.subtotal)
    for name in (*f.taxes, *f.adds):
        out = out + part(name)
    for name in f.takes:
        out = out - part(name)
    return out
