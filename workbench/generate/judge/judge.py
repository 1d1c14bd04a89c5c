"""The judge of one table's rows: no row is kept that a constraint turns away.

After the row assembler's repairs, each batch is judged: what the repairs could not satisfy
(CHECKs, keys the unique plan verifies) comes from them; what they never prove (index
expressions that can raise, keys nothing builds, exclusions) is judged by the server over the
batch (server.py), and the first batch of every table is also sampled by the server against
every row constraint, so a constraint the evaluator computes wrongly is handed to the server
for the rest of the table. Failing rows are searched (search.py: their columns drawn again,
NULLs tried, several rounds, the repairs run again after each) and judged again; rows that
still fail are dropped, their self-referencing children re-pointed or dropped with them, and
the account (account.py) says which constraint dropped how many, with a rejected value.

Where nothing fails and no constraint needs the server, a batch costs one look at what the
repairs left, and its rows are exactly those made before the judge existed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.format import to_text
from workbench.generate.constraints.check_repair import CheckRepair, Redraws
from workbench.generate.constraints.oracle import CheckOracle
from workbench.generate.constraints.unique import UniquePlan
from workbench.generate.generators.values import generate_values
from workbench.generate.judge.account import Account
from workbench.generate.judge.catalog import (
    KEY,
    Catalog,
    Constraint,
    check_name,
    domain_name,
    table_catalog,
)
from workbench.generate.judge.explain import empty_table, needed_by
from workbench.generate.judge.families import Family, ladder, snippet
from workbench.generate.judge.proved import proved
from workbench.generate.judge.search import explore
from workbench.generate.judge.server import ServerJudge, Verdict
from workbench.generate.links import Links
from workbench.schema.typeinfo import TypeInfo, resolve_type

if TYPE_CHECKING:
    from workbench.generate.view import TableView

# The repairs the row assembler runs after a change (CHECKs, then keys), returning what still
# fails, by the repairs' own names.
Repair = Callable[[Batch, np.ndarray, int], dict[str, np.ndarray]]


class Judge:
    """Judges, searches and drops; `account` is what it dropped."""

    ROUNDS = 24  # search rounds on a batch's failing rows before they are dropped
    SAMPLE = 64  # rows of a table's first batch the server checks against every constraint

    def __init__(
        self,
        view: TableView,
        links: Links,
        checks: CheckRepair,
        uniq: UniquePlan,
        redraws: Redraws,
        oracle: CheckOracle | None,
    ) -> None:
        self.view = view
        self.links = links
        self.checks = checks
        self.uniq = uniq
        self.redraws = redraws
        table = view.table
        infos = {
            c.name: view.specs[c.name].info
            if c.name in view.specs
            else resolve_type(view.schema, c.type)
            for c in table.columns
        }
        written = set(view.tp.columns) | {c.name for c in table.columns if c.generated}
        judged = [
            c
            for c in table_catalog(table, infos).constraints
            if c.columns <= written  # a column the COPY leaves to its default is not known here
        ]
        self.catalog = Catalog(judged)
        self.infos = infos
        self.account = Account(view.tp.name, view.tp.rows)
        # varchar(n) / character(n) columns: the server's own cast (the staging table's)
        # truncates a longer text silently where COPY refuses it, so their length is judged here
        self.lengths: dict[str, int] = {
            c.name: int(infos[c.name].length or 0)
            for c in table.columns
            if c.name in view.tp.columns
            and c.generated is None
            and infos[c.name].kind == "text"
            and infos[c.name].length
            and not infos[c.name].array_dims
        }
        # number columns: a value the type cannot hold (a product past numeric(10,2)'s digits,
        # an integer past its range) makes COPY refuse the whole batch, so it is judged here
        self.numbers: dict[str, TypeInfo] = {
            c.name: infos[c.name]
            for c in table.columns
            if c.name in view.tp.columns
            and c.generated is None
            and not infos[c.name].array_dims
            and infos[c.name].bounds() is not None
        }
        for c in judged:
            self.account.texts[c.name] = c.text
        self.names = self._repair_names()
        self.reads = {ours: checks.columns(own) for own, ours in self.names.items()}
        unsolved = set(uniq.unsolved)
        self.server_only = [c for c in judged if self._needs_server(c, unsolved)]
        # key columns (protected from repairs) whose every key is checked, by the server or
        # the unique plan's verification, not made by construction: the search may give them
        # values of another family, the check then says which rows still repeat
        checked = {c.name for c in self.server_only if c.kind == KEY}
        verified = {check.key.name for check in uniq.verify}
        checked |= {c.name for c in self.catalog.keys if c.key_name in verified}
        keyed: dict[str, set[str]] = {}
        for c in self.catalog.keys:
            for column in c.columns:
                keyed.setdefault(column, set()).add(c.name)
        self.judged_keys = {col for col, names in keyed.items() if names <= checked}
        self.server: ServerJudge | None = None
        if oracle is not None:
            seeded = bool(view.tp.file_rows)
            self.server = ServerJudge(
                oracle, view.schema, table, list(view.tp.columns), infos, seeded
            )
        self.sampled = self.server is None
        self.distrusted: set[str] = set()  # constraints the evaluator got wrong here
        self.tried: set[tuple[str, str]] = set()  # (constraint, column) families searched
        self.adopted: dict[str, Family] = {}  # column -> the family the server accepted

    def emptied(self) -> tuple[str, bool] | None:
        """When every row asked for was dropped: the paragraph saying why and what to do, and
        whether other tables need the rows (then generation cannot go on)."""
        account = self.account
        if not account.planned or account.kept > 0:
            return None
        worst = account.worst() or ""
        c = self.catalog.by_name(worst)
        columns = sorted(c.columns) if c is not None else sorted(self.reads.get(worst, set()))
        tree = next((t for own, t in self.checks.checks if self.names.get(own) == worst), None)
        needs = needed_by(self.view)
        return empty_table(self.view, account, columns, tree, needs), bool(needs)

    def _repair_names(self) -> dict[str, str]:
        """The repairs' names of constraints (CheckRepair's, the unique plan's) to ours."""
        out: dict[str, str] = {}
        for check in self.view.table.checks:
            own = check.name or check.expr.sql
            out[own] = check_name(check.name, check.expr.sql)
        for spec in self.view.specs.values():
            for domain, check in spec.info.domain_checks:
                out[f"{domain}: {check.name or check.expr.sql}"] = domain_name(
                    domain, check.name, check.expr.sql
                )
        for c in self.catalog.keys:
            if c.key_name is not None:
                out.setdefault(c.key_name, c.name)
        return out

    @staticmethod
    def _needs_server(c: Constraint, unsolved: set[str]) -> bool:
        """What no repair proves: index expressions that may raise, keys nothing builds."""
        if c.origin == "index":
            return not c.safe
        return c.kind == KEY and c.key_name in unsolved

    # --- the verdict -------------------------------------------------------------------

    def _local(self, repaired: dict[str, np.ndarray], batch: Batch, idx: np.ndarray) -> Verdict:
        """What the repairs left failing, under our names."""
        n = idx.size
        out = Verdict()
        for name, mask in repaired.items():
            out.failing[self.names.get(name, f"CHECK {name}")] = mask
        for name, rows in self.uniq.remaining(batch, idx).items():
            mask = np.zeros(n, bool)
            mask[rows] = True
            label = self.names.get(name, f"key {name}")
            out.failing[label] = out.failing.get(label, np.zeros(n, bool)) | mask
        for name, limit in self.lengths.items():
            col = batch.get(name)
            if col is not None:
                over = too_long(col, limit)
                if over is not None:
                    out.failing[f"type of {name}"] = over
        for name, info in self.numbers.items():
            col = batch.get(name)
            if col is not None:
                outside = beyond(col, info)
                if outside is not None:
                    out.failing[f"type of {name}"] = outside
        return out

    def _judge(
        self, batch: Batch, idx: np.ndarray, positions: np.ndarray, local: Verdict
    ) -> Verdict:
        """The local verdict joined with the server's over `positions`."""
        n = idx.size
        verdict = Verdict(dict(local.failing), dict(local.messages))
        if self.server is None:
            return verdict
        handed = {self.names.get(c.name, c.name) for c in self.checks.to_judge}
        todo = self.server_only + [
            c for c in self.catalog.constraints if c.name in self.distrusted or c.name in handed
        ]
        todo = list({c.name: c for c in todo}.values())
        if not todo or not positions.size:
            return verdict
        here = local.any()
        got = self.server.verdict(batch, positions, idx[positions], todo, here)
        for name, mask in got.failing.items():
            verdict.failing[name] = verdict.failing.get(name, np.zeros(n, bool)) | mask
        verdict.messages.update(got.messages)
        return verdict

    def _sample(self, batch: Batch, idx: np.ndarray, local: Verdict, start: int) -> bool:
        """The table's first rows against every row constraint on the server: one the
        evaluator passed and the server refuses is the server's to judge from now on; one
        that refuses most of them has its columns' value families searched. True when a
        column's values changed."""
        assert self.server is not None
        rows = self.catalog.rows
        if all(proved(c, self.view.table, self.infos) for c in rows):
            return False  # the evaluator's verdict is the server's (NOT NULL, integers… proved.py)
        sample = np.arange(min(idx.size, self.SAMPLE))
        got = self.server.verdict(batch, sample, idx[sample], rows)
        changed = False
        for c in rows:
            mask = got.failing.get(c.name)
            if mask is None or not mask.any():
                continue
            before = local.failing.get(c.name)
            if before is None or (mask & ~before).any():
                self.distrusted.add(c.name)
            if mask[sample].mean() >= 0.5:
                changed |= self._families(c, batch, idx, sample, start)
        return changed

    def _refused(
        self, c: Constraint, batch: Batch, idx: np.ndarray, rows: np.ndarray
    ) -> np.ndarray:
        """Which of `rows` the constraint refuses (the server judges when there is one)."""
        if self.server is not None:
            got = self.server.verdict(batch, rows, idx[rows], [c]).any()
            return got[rows] if got is not None else np.zeros(rows.size, bool)
        local = self._local(self.checks.failures(batch, idx.size), batch, idx)
        mask = local.failing.get(c.name)
        return mask[rows] if mask is not None else np.zeros(rows.size, bool)

    def _families(
        self,
        c: Constraint,
        batch: Batch,
        idx: np.ndarray,
        rows: np.ndarray,
        start: int,
        unique: bool = False,
    ) -> bool:
        """Ask the server which family of values it accepts for each text column the
        constraint reads (families.py), on `rows`, when it refuses most of what the column's
        own generator draws; the first family accepted (nine rows in ten; else the best one
        accepted for most rows) fills the column from now on, this batch included. True when
        one was adopted."""
        changed = False
        for column in sorted(c.columns):
            if (c.name, column) in self.tried:
                continue
            self.tried.add((c.name, column))
            spec = self.view.specs.get(column)
            col = batch.get(column)
            if spec is None or col is None or column in self.view.fk_cols:
                continue
            if spec.partition is not None or spec.info.kind == "enum":
                continue
            if spec.kind not in ("text", "int", "decimal"):
                continue
            if spec.unique and spec.kind != "text":
                continue  # a numbered key column keeps its numbers
            saved = col.values[rows].copy(), col.nulls[rows].copy()
            rng = self.view.rng(f"judge-own:{column}", start)
            own = generate_values(spec, rng, idx[rows], batch)
            col.values[rows] = own
            col.nulls[rows] = False
            best, best_refused = None, self._refused(c, batch, idx, rows).mean()
            if best_refused > 0.1:
                drawn = [str(v) for v in own.tolist()]
                few = unique or spec.unique
                for family in ladder(spec.kind, c.tree, drawn, few, column):
                    trial = dataclasses.replace(
                        spec, generator=family.generator, params=dict(family.params)
                    )
                    rng = self.view.rng(f"judge-family:{column}:{family.name}", start)
                    col.values[rows] = generate_values(trial, rng, idx[rows], batch)
                    refused = self._refused(c, batch, idx, rows).mean()
                    if refused < min(best_refused, 0.5):  # the search takes care of the rest
                        best, best_refused = family, refused
                    if refused <= 0.1:
                        break
            col.values[rows], col.nulls[rows] = saved
            if best is None:
                continue
            before = spec.generator
            spec.generator, spec.params = best.generator, dict(best.params)
            rng = self.view.rng(f"judge-family:{column}", start)
            col.values[:] = generate_values(spec, rng, idx, batch)
            self.adopted[column] = best
            self.view.warn(
                f"{self.view.tp.name}.{column}: {c.name} refused most values of the "
                f"{before!r} generator; the server accepts {best.name}, which fill the column "
                f"(to choose yourself, in sandbox.toml: "
                f"{snippet(self.view.tp.name, column, best.inline())})"
            )
            changed = True
        return changed

    # --- the search and the drop ---------------------------------------------------------

    def settle(
        self,
        batch: Batch,
        idx: np.ndarray,
        start: int,
        repaired: dict[str, np.ndarray],
        repair: Repair,
    ) -> np.ndarray | None:
        """Judge the batch (after the repairs, which left `repaired` failing), search the
        failing rows, drop what still fails; returns the mask of rows kept (None: all)."""
        n = idx.size
        local = self._local(repaired, batch, idx)
        if not self.sampled:
            self.sampled = True
            if self._sample(batch, idx, local, start):
                local = self._local(repair(batch, idx, start), batch, idx)
        verdict = self._judge(batch, idx, np.arange(n), local)
        bad = verdict.any()
        if bad is None:
            return None
        if self._most_refused(verdict, batch, idx, start, bad):
            if self.server is not None:
                self.server.forget(idx)
            local = self._local(repair(batch, idx, start), batch, idx)
            verdict = self._judge(batch, idx, np.arange(n), local)
            bad = verdict.any()
            if bad is None:
                return None
        built = self.uniq.built_columns()  # never drawn again: their keys are made, not checked
        for rnd in range(self.ROUNDS):
            explore(
                self.view,
                self.redraws,
                self.catalog,
                verdict,
                batch,
                idx,
                rnd,
                self.reads,
                built,
                self.uniq.enumerated,
                self.judged_keys,
            )
            repaired = repair(batch, idx, start)
            local = self._local(repaired, batch, idx)
            positions = np.flatnonzero(bad)
            verdict = self._judge(batch, idx, positions, local)
            now = verdict.any()
            if now is None:
                return None
            bad = now
        keep = ~bad
        self._account(verdict, batch, keep)
        keep = self._orphans(batch, idx, keep)
        if self.server is not None:
            self.server.forget(idx[~keep])
        return keep

    def _most_refused(
        self, verdict: Verdict, batch: Batch, idx: np.ndarray, start: int, bad: np.ndarray
    ) -> bool:
        """A row constraint refusing most of the batch has its columns' families searched
        (once per constraint and column). True when a column's values changed."""
        changed = False
        for name, mask in verdict.failing.items():
            c = self.catalog.by_name(name)
            if c is None or mask.mean() < 0.5:
                continue
            rows = np.flatnonzero(mask)[: self.SAMPLE]
            if c.kind != KEY:
                changed |= self._families(c, batch, idx, rows, start)
                continue
            # a key most rows repeat: a CHECK on its columns may have pushed what their
            # generator drew onto a few values it accepts
            for r in self.catalog.rows:
                if r.origin in ("check", "domain") and r.columns & c.columns:
                    changed |= self._families(r, batch, idx, rows, start, unique=True)
        return changed

    def _orphans(self, batch: Batch, idx: np.ndarray, keep: np.ndarray) -> np.ndarray:
        """Rows whose parent in the same table (a self reference) was dropped become roots
        (NULL, or themselves where the key may not be NULL) and are judged again; a root the
        constraints refuse is dropped in turn, and so on down the tree."""
        n = idx.size
        start = int(idx[0]) if n else 0
        units = {",".join(u.fk.columns): u for u in self.links.units if u.mode == "self"}
        for _ in range(n):
            orphan = np.zeros(n, bool)
            for fk, parents in self.links.self_parents.items():
                inside = (parents >= start) & (parents < start + n) & (parents != idx)
                hit = np.zeros(n, bool)
                hit[inside] = ~keep[parents[inside] - start]
                hit &= keep
                if not hit.any():
                    continue
                orphan |= hit
                unit = units.get(fk)
                rows = np.flatnonzero(hit)
                parents[rows] = idx[rows]
                for child, parent in unit.ref_map.items() if unit else ():
                    col = batch[child]
                    if unit is not None and unit.nullable:
                        col.nulls[rows] = True
                    elif parent in batch:
                        col.values[rows] = batch[parent].values[rows]
                        col.nulls[rows] = batch[parent].nulls[rows]
            if not orphan.any():
                return keep
            positions = np.flatnonzero(orphan)
            if self.server is not None:
                self.server.forget(idx[positions])
            self.uniq.stale()
            local = self._local(self.checks.failures(batch, n), batch, idx)
            verdict = self._judge(batch, idx, positions, local)
            refused = verdict.any()
            if refused is None or not (refused & orphan).any():
                return keep
            verdict.failing = {k: m & orphan for k, m in verdict.failing.items()}
            now = keep & ~(refused & orphan)
            self._account(verdict, batch, now)
            keep = now
        return keep

    def _account(self, verdict: Verdict, batch: Batch, keep: np.ndarray) -> None:
        """Each dropped row counted once, under the first constraint it fails."""
        claimed = keep.copy()
        for name, mask in verdict.failing.items():
            rows = mask & ~claimed
            if not rows.any():
                continue
            claimed |= rows
            self.account.drop(name, int(rows.sum()))
            if name not in self.account.examples:
                self.account.examples[name] = self._shown(name, batch, int(np.flatnonzero(rows)[0]))
            if name in verdict.messages:
                self.account.messages.setdefault(name, verdict.messages[name])

    def _shown(self, name: str, batch: Batch, row: int) -> str:
        c = self.catalog.by_name(name)
        cols = sorted(c.columns) if c is not None else sorted(self.reads.get(name, set()))
        if name.startswith("type of "):
            cols = [name.removeprefix("type of ")]
        shown = []
        for column in cols[:4]:
            col = batch.get(column)
            if col is None or column not in self.view.specs:
                continue
            if col.nulls[row]:
                shown.append(f"{column} = NULL")
                continue
            text = to_text(col, self.view.specs[column].info)[row]
            shown.append(f"{column} = {text[:37] + '...' if len(text) > 40 else text!r}")
        return ", ".join(shown)


def too_long(col: Col, limit: int) -> np.ndarray | None:
    """The rows whose text is longer than `limit` characters once its trailing blanks are cut
    (as PostgreSQL cuts them for varchar(n) and character(n)); None when no row is. One len()
    per value; the blanks are cut only for the few values over the limit."""
    values = col.values.tolist()
    texts = values if set(map(type, values)) <= {str} else list(map(str, values))
    sizes = np.fromiter(map(len, texts), np.int64, len(texts))
    over = (sizes > limit) & ~col.nulls
    if not over.any():
        return None
    for row in np.flatnonzero(over).tolist():
        if len(texts[row].rstrip(" ")) <= limit:
            over[row] = False
    return over if over.any() else None


def beyond(col: Col, info: TypeInfo) -> np.ndarray | None:
    """The rows whose number the column's type cannot hold (TypeInfo.holds); None when none."""
    try:
        values = np.asarray(col.values, dtype=np.float64)
    except (TypeError, ValueError):
        return None  # not numbers held as numbers (text a rule wrote): COPY's to judge
    outside = ~info.holds(values) & ~col.nulls
    return outside if outside.any() else None
