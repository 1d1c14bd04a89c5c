"""CHECK constraints on one table's rows: `CheckRepair`, the row assembler's collaborator that
repairs the CHECKs the evaluator computes, redraws failing rows, asks the server about the
others, and stops with one error naming a row when a CHECK still fails; and `Redraws`, fresh
values for some rows of a column, which the unique keys' verification shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.errors import DatabaseError, GenerationError
from workbench.generate.base.batch import Batch
from workbench.generate.base.format import to_text
from workbench.generate.base.sqltree import Unsupported, columns_of, normalize
from workbench.generate.checks import domain_tree, failing, null_only, repair, repair_nulls
from workbench.generate.constraints.oracle import CheckOracle, ServerCheck
from workbench.generate.constraints.type_fit import fit_batch
from workbench.generate.generators.values import generate_values
from workbench.generate.links import Links

if TYPE_CHECKING:
    from workbench.generate.view import TableView


class Redraws:
    """Fresh values from a column's own generator for some rows of the batch being made (each
    call draws anew, from a stream of its own); a foreign key's from other parent rows."""

    def __init__(self, view: TableView, links: Links) -> None:
        self.view = view
        self.links = links

    def values(self, name: str, rows: np.ndarray) -> np.ndarray | None:
        """Fresh values from the column's own generator for some rows of the current batch
        (each call draws anew), or None for a column that has no generator of its own."""
        spec = self.view.specs.get(name)
        col = self.view.current_batch().get(name)
        if spec is None or col is None:
            return None
        if name in self.view.fk_cols:
            return self.links.regen_fk(name, rows)
        if col.protected:
            return None
        if spec.generator == "null" or spec.unique or spec.partition is not None:
            return None
        idx = self.view.current_rows()
        draw = self.view.random.next_redraw()
        rng = self.view.rng(f"redraw:{name}:{draw}", int(idx[0]) if idx.size else 0)
        values = generate_values(spec, rng, idx, self.view.current_batch())
        redrawn: np.ndarray = np.asarray(values)[rows]
        return redrawn

    def redraw(self, batch: Batch, names: set[str], rows: np.ndarray) -> bool:
        """Draw the rows' values of these columns again (NULLs too, at the column's rate); the
        columns of a composite foreign key together, from one parent row."""
        done = False
        units = [self.view.fk_cols[n] for n in sorted(names) if n in self.view.fk_cols]
        composite = {id(u): u for u in units if len(u.fk.columns) > 1}
        for unit in composite.values():
            for name, picked in (self.links.regen_fk_unit(unit, rows) or {}).items():
                batch[name].values[rows] = picked
                batch[name].nulls[rows] = False
                done = True
        for name in sorted(names):
            if any(name in u.fk.columns for u in composite.values()):
                continue
            values = self.values(name, rows)
            if values is None:
                continue
            col = batch[name]
            spec = self.view.specs[name]
            col.values[rows] = values
            draw = self.view.random.redraws
            rng = self.view.rng(f"redraw-null:{name}:{draw}", int(self.view.current_rows()[0]))
            col.nulls[rows] = rng.random(rows.size) < spec.null_fraction if spec.nullable else False
            done = True
        return done


class CheckRepair:
    """The table's CHECKs: the ones the evaluator computes, repaired in place, and the ones
    only the server can judge."""

    def __init__(
        self,
        view: TableView,
        redraws: Redraws,
        oracle: CheckOracle | None,
        offline: bool,
    ) -> None:
        self.view = view
        self.redraws = redraws
        self.oracle = oracle
        # offline (CSV files, previews): no server to judge the CHECKs the evaluator cannot
        # compute; say so instead of failing (nothing is loaded from here)
        self.offline = offline
        self.server_checks: list[ServerCheck] = []
        self.to_judge: list[ServerCheck] = []  # the oracle could not compute them: the judge's
        self.check_text: dict[str, tuple[str, str | None]] = {}
        self.checks = self._collect_checks()

    def fit(self, batch: Batch) -> None:
        """The batch's values as their columns' types store them (type_fit.py): a repair's or
        a rule's number past the type drawn again, a text too long cut, numbers rounded."""
        fit_batch(self.view, batch, self.redraws.values)

    def _collect_checks(self) -> list[tuple[str, Any]]:
        """The CHECKs the evaluator computes, as (name, tree); the others (no tree, a generated
        column) go to `server_checks`, for the server to judge."""
        out = []
        names = set(self.view.specs)
        generated = {c.name for c in self.view.table.columns if c.generated is not None}
        for check in self.view.table.checks:
            name = check.name or check.expr.sql
            tree = normalize(check.expr.tree) if check.expr.tree is not None else None
            cols = columns_of(tree) if tree is not None else set(names) | generated
            if tree is None or cols & generated or not cols <= names:
                # a generated column is redrawn through the columns its expression reads
                for column in self.view.table.columns:
                    if column.name in cols and column.generated is not None:
                        g = column.generated.tree
                        cols |= columns_of(g) if g is not None else names
                self.server_checks.append(ServerCheck(name, check.expr.sql, cols & names))
                continue
            out.append((name, tree))
        for spec in self.view.specs.values():
            for domain, check in spec.info.domain_checks:
                label = f"{domain}: {check.name or check.expr.sql}"
                tree = domain_tree(check, spec.name)
                if tree is None:
                    self.server_checks.append(
                        ServerCheck(label, check.expr.sql, {spec.name}, value_column=spec.name)
                    )
                else:
                    out.append((label, tree))
        self.check_text = {
            f"{domain}: {check.name or check.expr.sql}": (check.expr.sql, spec.name)
            for spec in self.view.specs.values()
            for domain, check in spec.info.domain_checks
        }
        self.check_text.update(
            {
                check.name or check.expr.sql: (check.expr.sql, None)
                for check in self.view.table.checks
            }
        )
        return out

    # Rounds of repair, then of redrawing, before a CHECK that still fails stops the run; and
    # rounds of asking the server (each redraws only the rows it rejected).
    ROUNDS = 12
    SERVER_ROUNDS = 24

    def enforce(self, batch: Batch, n: int, start: int) -> dict[str, np.ndarray]:
        """Repair until every CHECK holds; returns the rows that still fail, by CHECK (empty
        when all hold): the evaluator's CHECKs are repaired inside each column's domain, the
        others are judged by the server (one query a round, only for tables that have such
        CHECKs) and failing rows drawn again, for a bounded number of rounds. What still fails
        is the judge's to search further or drop (judge/)."""
        for _ in range(self.SERVER_ROUNDS):
            if not self._local_checks(batch, n, start):
                break
            if not self.server_checks:
                return {}
            bad_by_check = self._server_failing(batch, n)
            if not any(mask.any() for mask in bad_by_check.values()):
                return {}
            for check in self.server_checks:
                mask = bad_by_check.get(check.name)
                if mask is not None and mask.any():
                    self.redraws.redraw(batch, check.columns, np.flatnonzero(mask))
        return self.failures(batch, n)

    def failures(self, batch: Batch, n: int) -> dict[str, np.ndarray]:
        """The rows each CHECK rejects now, for those that reject some (a CHECK the evaluator
        turns out not to compute goes to the server)."""
        self.fit(batch)
        out: dict[str, np.ndarray] = {}
        for name, tree in list(self.checks):
            try:
                bad = failing(tree, batch, n, self.view.env)
            except Unsupported:
                self._to_server(name)
                continue
            except Exception as err:  # a bug: say which CHECK it met
                self._note(err, name)
                raise
            if bad.any():
                out[name] = bad
        if self.server_checks:
            for name, mask in self._server_failing(batch, n).items():
                if mask.any():
                    out[name] = mask
        return out

    def _note(self, err: Exception, name: str) -> None:
        text, _ = self.check_text.get(name, (name, None))
        err.add_note(f"while checking CHECK {name} ({text}) of {self.view.tp.name}")

    def columns(self, name: str) -> set[str]:
        """The columns a CHECK (by its name here) reads."""
        for nm, tree in self.checks:
            if nm == name:
                return columns_of(tree)
        for check in [*self.server_checks, *self.to_judge]:
            if check.name == name:
                return set(check.columns)
        return set()

    def _local_checks(self, batch: Batch, n: int, start: int) -> bool:
        """Repair (then redraw) until every CHECK the evaluator computes holds; a CHECK it
        turns out not to compute moves to the server. False when rows still fail."""
        env = self.view.env
        nullness = [tree for _, tree in self.checks if null_only(tree)]
        for rnd in range(self.ROUNDS):
            dirty = False
            self.fit(batch)
            if len(nullness) > 1:
                repair_nulls(nullness, batch, n, env)
            for name, tree in list(self.checks):
                try:
                    bad = failing(tree, batch, n, env)
                    if not bad.any():
                        continue
                    dirty = True
                    rng = self.view.rng(f"check:{name}:{rnd}", start)
                    bad = repair(tree, batch, n, rng, env, self.redraws.values)
                    if bad.any() and rnd >= 2:
                        self.redraws.redraw(batch, columns_of(tree), np.flatnonzero(bad))
                except Unsupported:
                    self._to_server(name)
                    dirty = True
                except Exception as err:  # a bug: say which CHECK it met
                    self._note(err, name)
                    raise
            if not dirty:
                return True
        return False

    def _to_server(self, name: str) -> None:
        text, value_column = self.check_text.get(name, (None, None))
        tree = next(t for nm, t in self.checks if nm == name)
        self.checks = [(nm, t) for nm, t in self.checks if nm != name]
        if text is not None:
            cols = (columns_of(tree) & set(self.view.specs)) or set(self.view.specs)
            self.server_checks.append(ServerCheck(name, text, cols, value_column))

    def _server_failing(self, batch: Batch, n: int) -> dict[str, np.ndarray]:
        if self.oracle is None:
            names = ", ".join(c.name for c in self.server_checks)
            if self.offline:
                msg = (
                    f"{self.view.tp.name}: CHECK {names} can only be judged by the server; "
                    "these rows were not verified against it (no database here)"
                )
                self.view.warn(msg)
                return {c.name: np.zeros(n, bool) for c in self.server_checks}
            raise GenerationError(
                f"{self.view.tp.name}: CHECK {names} can only be judged by the server, and no "
                "database is connected here"
            )
        columns: dict[str, tuple[list[str | None], Any]] = {}
        for column in self.view.table.columns:
            if column.generated is not None or column.name not in batch:
                continue
            col = batch[column.name]
            texts = to_text(col, self.view.specs[column.name].info)
            values: list[str | None] = [
                None if null else t for t, null in zip(texts, col.nulls.tolist(), strict=False)
            ]
            columns[column.name] = (values, column.type)
        try:
            return self.oracle.failing(
                self.view.schema, self.view.table, self.server_checks, columns, n
            )
        except DatabaseError:
            # a value the CHECK cannot even compute (text cast to numeric…): the judge takes
            # these CHECKs over, row by row where it must (judge/server.py)
            self.to_judge += self.server_checks
            self.server_checks = []
            return {}
