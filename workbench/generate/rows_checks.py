"""CHECK constraints on one table's rows: the TableGenerator mixin that repairs the CHECKs the
evaluator computes, redraws failing rows, asks the server about the others, and stops with one
error naming a row when a CHECK still fails."""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.checks import (
    Batch,
    Unsupported,
    columns_of,
    domain_tree,
    failing,
    normalize,
    null_only,
    repair,
    repair_nulls,
)
from workbench.generate.oracle import CheckOracle, ServerCheck
from workbench.generate.plan import TablePlan
from workbench.generate.rows_fks import FKUnit
from workbench.generate.values import ColumnSpec, generate_values
from workbench.schema.model import Schema, Table


class Checks:
    """TableGenerator's CHECK constraints (a mixin: the state is TableGenerator's)."""

    # Set by TableGenerator.__init__ (rows.py).
    schema: Schema
    tp: TablePlan
    table: Table
    specs: dict[str, ColumnSpec]
    fk_cols: dict[str, FKUnit]
    warnings: list[str]
    oracle: CheckOracle | None
    offline: bool
    env: Any
    server_checks: list[ServerCheck]
    checks: list[tuple[str, Any]]
    _check_text: dict[str, tuple[str, str | None]]
    _cur: tuple[np.ndarray, Batch]
    _draws: int

    def rng(self, what: str, start: int) -> np.random.Generator:
        raise NotImplementedError  # TableGenerator.rng

    def _regen_fk(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        raise NotImplementedError  # ForeignKeys._regen_fk (rows_fks.py)

    def regen_fk_unit(self, unit: FKUnit, rows: np.ndarray) -> dict[str, np.ndarray] | None:
        raise NotImplementedError  # ForeignKeys.regen_fk_unit (rows_fks.py)

    def _collect_checks(self) -> list[tuple[str, Any]]:
        """The CHECKs the evaluator computes, as (name, tree); the others (no tree, a generated
        column) go to `server_checks`, for the server to judge."""
        out = []
        names = set(self.specs)
        generated = {c.name for c in self.table.columns if c.generated is not None}
        for check in self.table.checks:
            name = check.name or check.expr.sql
            tree = normalize(check.expr.tree) if check.expr.tree is not None else None
            cols = columns_of(tree) if tree is not None else set(names) | generated
            if tree is None or cols & generated or not cols <= names:
                # a generated column is redrawn through the columns its expression reads
                for column in self.table.columns:
                    if column.name in cols and column.generated is not None:
                        g = column.generated.tree
                        cols |= columns_of(g) if g is not None else names
                self.server_checks.append(ServerCheck(name, check.expr.sql, cols & names))
                continue
            out.append((name, tree))
        for spec in self.specs.values():
            for domain, check in spec.info.domain_checks:
                label = f"{domain}: {check.name or check.expr.sql}"
                tree = domain_tree(check, spec.name)
                if tree is None:
                    self.server_checks.append(
                        ServerCheck(label, check.expr.sql, {spec.name}, value_column=spec.name)
                    )
                else:
                    out.append((label, tree))
        self._check_text = {
            f"{domain}: {check.name or check.expr.sql}": (check.expr.sql, spec.name)
            for spec in self.specs.values()
            for domain, check in spec.info.domain_checks
        }
        self._check_text.update(
            {check.name or check.expr.sql: (check.expr.sql, None) for check in self.table.checks}
        )
        return out

    def _regen(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Fresh values from the column's own generator for some rows of the current batch
        (each call draws anew), or None for a column that has no generator of its own."""
        spec = self.specs.get(name)
        col = self._cur[1].get(name)
        if spec is None or col is None:
            return None
        if name in self.fk_cols:
            return self._regen_fk(name, rows)
        if col.protected:
            return None
        if spec.generator == "null" or spec.unique or spec.partition is not None:
            return None
        idx = self._cur[0]
        self._draws = getattr(self, "_draws", 0) + 1
        rng = self.rng(f"redraw:{name}:{self._draws}", int(idx[0]) if idx.size else 0)
        values = generate_values(spec, rng, idx, self._cur[1])
        redrawn: np.ndarray = np.asarray(values)[rows]
        return redrawn

    def _redraw(self, batch: Batch, names: set[str], rows: np.ndarray) -> bool:
        """Draw the rows' values of these columns again (NULLs too, at the column's rate); the
        columns of a composite foreign key together, from one parent row."""
        done = False
        units = [self.fk_cols[n] for n in sorted(names) if n in self.fk_cols]
        composite = {id(u): u for u in units if len(u.fk.columns) > 1}
        for unit in composite.values():
            for name, picked in (self.regen_fk_unit(unit, rows) or {}).items():
                batch[name].values[rows] = picked
                batch[name].nulls[rows] = False
                done = True
        for name in sorted(names):
            if any(name in u.fk.columns for u in composite.values()):
                continue
            values = self._regen(name, rows)
            if values is None:
                continue
            col = batch[name]
            spec = self.specs[name]
            col.values[rows] = values
            rng = self.rng(f"redraw-null:{name}:{self._draws}", int(self._cur[0][0]))
            col.nulls[rows] = rng.random(rows.size) < spec.null_fraction if spec.nullable else False
            done = True
        return done

    # Rounds of repair, then of redrawing, before a CHECK that still fails stops the run; and
    # rounds of asking the server (each redraws only the rows it rejected).
    ROUNDS = 12
    SERVER_ROUNDS = 24

    def _apply_checks(self, batch: Batch, n: int, start: int) -> None:
        """Every CHECK holds on every row when this returns, or it raises: the evaluator's
        CHECKs are repaired inside each column's domain, the others are judged by the server
        (one query a round, only for tables that have such CHECKs) and failing rows drawn
        again; a CHECK still failing after the bounded rounds is an error naming a row."""
        for _ in range(self.SERVER_ROUNDS):
            if not self._local_checks(batch, n, start):
                break
            if not self.server_checks:
                return
            bad_by_check = self._server_failing(batch, n)
            if not any(mask.any() for mask in bad_by_check.values()):
                return
            for check in self.server_checks:
                mask = bad_by_check.get(check.name)
                if mask is not None and mask.any():
                    self._redraw(batch, check.columns, np.flatnonzero(mask))
        self._fail(batch, n)

    def _local_checks(self, batch: Batch, n: int, start: int) -> bool:
        """Repair (then redraw) until every CHECK the evaluator computes holds; a CHECK it
        turns out not to compute moves to the server. False when rows still fail."""
        env = self.env
        nullness = [tree for _, tree in self.checks if null_only(tree)]
        for rnd in range(self.ROUNDS):
            dirty = False
            if len(nullness) > 1:
                repair_nulls(nullness, batch, n, env)
            for name, tree in list(self.checks):
                try:
                    bad = failing(tree, batch, n, env)
                    if not bad.any():
                        continue
                    dirty = True
                    rng = self.rng(f"check:{name}:{rnd}", start)
                    bad = repair(tree, batch, n, rng, env, self._regen)
                    if bad.any() and rnd >= 2:
                        self._redraw(batch, columns_of(tree), np.flatnonzero(bad))
                except Unsupported:
                    self._to_server(name)
                    dirty = True
            if not dirty:
                return True
        return False

    def _to_server(self, name: str) -> None:
        text, value_column = self._check_text.get(name, (None, None))
        tree = next(t for nm, t in self.checks if nm == name)
        self.checks = [(nm, t) for nm, t in self.checks if nm != name]
        if text is not None:
            cols = (columns_of(tree) & set(self.specs)) or set(self.specs)
            self.server_checks.append(ServerCheck(name, text, cols, value_column))

    def _server_failing(self, batch: Batch, n: int) -> dict[str, np.ndarray]:
        from workbench.generate.format import to_text

        if self.oracle is None:
            names = ", ".join(c.name for c in self.server_checks)
            if self.offline:
                msg = (
                    f"{self.tp.name}: CHECK {names} can only be judged by the server; these rows "
                    "were not verified against it (no database here)"
                )
                if msg not in self.warnings:
                    self.warnings.append(msg)
                return {c.name: np.zeros(n, bool) for c in self.server_checks}
            raise GenerationError(
                f"{self.tp.name}: CHECK {names} can only be judged by the server, and no "
                "database is connected here"
            )
        columns: dict[str, tuple[list[str | None], Any]] = {}
        for column in self.table.columns:
            if column.generated is not None or column.name not in batch:
                continue
            col = batch[column.name]
            texts = to_text(col, self.specs[column.name].info)
            values: list[str | None] = [
                None if null else t for t, null in zip(texts, col.nulls.tolist(), strict=False)
            ]
            columns[column.name] = (values, column.type)
        return self.oracle.failing(self.schema, self.table, self.server_checks, columns, n)

    def _fail(self, batch: Batch, n: int) -> None:
        """Stop with one error: the table, the CHECK, one failing row, the override to use."""
        name, rows, cols = None, np.zeros(0, int), set()
        for nm, tree in self.checks:
            bad = failing(tree, batch, n, self.env)
            if bad.any():
                name, rows, cols = nm, np.flatnonzero(bad), columns_of(tree)
                break
        if name is None and self.server_checks:
            for nm, mask in self._server_failing(batch, n).items():
                if mask.any():
                    name, rows = nm, np.flatnonzero(mask)
                    cols = next(c.columns for c in self.server_checks if c.name == nm)
                    break
        if name is None:
            return
        raise GenerationError(check_failure_message(self, name, cols, batch, int(rows[0])))


def check_failure_message(gen: Checks, name: str, cols: set[str], batch: Batch, row: int) -> str:
    from workbench.generate.format import to_text

    shown = []
    for column in sorted(cols):
        col = batch.get(column)
        if col is None:
            continue
        text = to_text(col, gen.specs[column].info)[row]
        value = "NULL" if col.nulls[row] else repr(text if len(text) <= 40 else text[:37] + "...")
        shown.append(f"{column} = {value}")
    free = [c for c in sorted(cols) if c in gen.specs and c not in gen.fk_cols]
    target = free[0] if free else (sorted(cols)[0] if cols else "column")
    text, _ = gen._check_text.get(name, (name, None))
    for column in sorted(cols):
        why = _no_value(gen.specs[column].hints) if column in gen.specs else None
        if why is not None:
            return (
                f"{gen.tp.name}: CHECK {name} ({text}) admits no value for {column}: the "
                f"table's CHECKs ask for {why}. No generator setting can meet it; correct the "
                "CHECK in the schema."
            )
    return (
        f"{gen.tp.name}: CHECK {name} ({text}) still fails after repairing and redrawing "
        f"the rows, e.g. for the row with {', '.join(shown) or 'these values'}. "
        f"Give the column values that satisfy it in sandbox.toml, e.g. "
        f'[tables."{gen.tp.name}".columns.{target}] generator = "choice" with '
        'values = ["…"] (or generator = "regex" with pattern = "…").'
    )


def _no_value(h: Any) -> str | None:
    """What makes a column's CHECK hints empty (a > 5 AND a < 3), or None when they allow some."""
    try:
        both = h.lo is not None and h.hi is not None
        if both and (h.lo > h.hi or (h.lo == h.hi and not (h.lo_incl and h.hi_incl))):
            low, high = (">=" if h.lo_incl else ">"), ("<=" if h.hi_incl else "<")
            return f"a value {low} {h.lo} and {high} {h.hi}"
    except TypeError:
        return None
    if h.min_len is not None and h.max_len is not None and h.min_len > h.max_len:
        return f"a length of at least {h.min_len} and at most {h.max_len}"
    if h.allowed is not None and not [v for v in h.allowed if v not in h.excluded]:
        return "one of a set of values that its other CHECKs all exclude"
    return None
