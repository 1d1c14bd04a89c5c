"""Verifying keys per batch: keys the construction cannot guarantee (partial, over
expressions, NULLS NOT DISTINCT) are hashed over the batch and the rows taken so far, and a
duplicate is moved out of the index's predicate, set NULL, or made distinct."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlglot import exp

from workbench.errors import GenerationError
from workbench.generate.base import clock
from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.format import to_text
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import evaluate, repair
from workbench.generate.constraints.oracle import base_type
from workbench.generate.constraints.unique.parts import Group, KeyCheck, Ordinal, hash_values, show
from workbench.generate.generators.values import generate_values
from workbench.generate.plan.domains import base36, spec_domain
from workbench.generate.plan.keys import UniqueKey
from workbench.generate.rules.base import free
from workbench.generate.rules.times import DAY_US, HeldTimes, as_us, store, weekday_kept

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.constraints.check_repair import Redraws
    from workbench.generate.constraints.oracle import CheckOracle
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


class KeyVerifying:
    """The per-batch half of `UniquePlan` that finds and repairs duplicates (a mixin: the
    plan's state is declared here, set by `UniquePlan.__init__`)."""

    view: TableView
    links: Links
    redraws: Redraws
    oracle: CheckOracle | None
    groups: list[Group]
    verify: list[KeyCheck]
    fk_units: set[int]
    ordinals: list[Ordinal]
    slots: list[tuple[str, str]]
    overflow: dict[str, np.ndarray]
    _clean: bool
    _text_tries: dict[tuple[str, int], int]

    def enforce(self, batch: Batch, idx: np.ndarray, start: int) -> bool:
        """Repair the rows whose key is taken; True when something changed."""
        changed = False
        for check in self.verify:
            for step in _FIXES:
                dup = self._duplicates(check, batch, idx.size)
                if not dup.size:
                    break
                changed |= getattr(self, step)(check.key, batch, idx, dup, start)
        self._clean = not changed  # every check's `last` describes the batch as it is
        return changed

    def stale(self) -> None:
        """Rows changed since the last check: the next look computes the keys again."""
        self._clean = False

    def remaining(self, batch: Batch, idx: np.ndarray) -> dict[str, np.ndarray]:
        """The rows whose key is still taken after the repairs, by key name (for the judge,
        which searches further or drops them)."""
        out: dict[str, np.ndarray] = {}
        for check in self.verify:
            if self._clean and check.last is not None:
                dup = check.last[0]
            else:
                dup = self._duplicates(check, batch, idx.size)
            if dup.size:
                out[check.key.name] = dup
        for name, over in self.overflow.items():  # past the key's capacity (fill.py)
            rows = np.flatnonzero(over)
            if rows.size:
                out[name] = np.union1d(out[name], rows) if name in out else rows
        return out

    def commit(self, batch: Batch, idx: np.ndarray, keep: np.ndarray | None = None) -> None:
        """Record the keys of the batch's rows that are kept (`keep`, else all); a kept row
        whose key is still taken stops generation with an error."""
        for check in self.verify:
            if self._clean and check.last is not None:
                dup, scope, hashes = check.last
            else:
                dup = self._duplicates(check, batch, idx.size)
                _, scope, hashes = check.last
            if keep is not None:
                dup, scope = dup[keep[dup]], scope & keep
            if dup.size:
                row = int(idx[dup[0]])
                shown = ", ".join(
                    f"{c}={show(batch[c], dup[0])}" for c in check.key.columns if c in batch
                )
                raise GenerationError(
                    f"{self.view.tp.name}: row {row} repeats the key of {check.key.label} "
                    f"({shown}) and no value in its columns' domains is left to fix it; give "
                    'one of these columns a generator in sandbox.toml ([tables."'
                    f'{self.view.tp.name}".columns]) or fewer rows'
                )
            check.seen.update(hashes[scope].tolist())
            check.last = None
        self._clean = False

    def _hashes(self, key: UniqueKey, batch: Batch, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(rows in the key's scope, a 64-bit hash of each row's key): whole batches are
        compared as integer arrays, and across batches through the set of hashes taken."""
        try:
            scope = np.ones(n, bool)
            if key.predicate is not None:
                v = evaluate(key.predicate, batch, n, self.view.env)
                vals = np.broadcast_to(np.asarray(v.values, dtype=bool), (n,))
                nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
                scope &= vals & ~nulls
            combined = np.zeros(n, np.uint64)
            for part in key.parts:
                if part.column is not None:
                    col = batch[part.column]
                    values, nulls = col.values, col.nulls
                    if self.view.specs[part.column].info.name.endswith("citext"):
                        # citext compares case-insensitively, and so does its unique index
                        values = np.array([str(x).lower() for x in values.tolist()], dtype=object)
                elif part.tree is not None:
                    v = evaluate(part.tree, batch, n, self.view.env)
                    values = np.broadcast_to(np.asarray(v.values), (n,))
                    nulls = np.broadcast_to(np.asarray(v.nulls, dtype=bool), (n,))
                else:
                    raise Unsupported(part.sql)
                nulls = np.asarray(nulls, bool)
                if not key.nulls_not_distinct:
                    scope &= ~nulls
                h = hash_values(np.asarray(values), n)
                if key.nulls_not_distinct:
                    h = np.where(nulls, np.uint64(0x9E3779B97F4A7C15), h)
                with np.errstate(over="ignore"):
                    combined = combined * np.uint64(1_000_003) + h
        except Exception as err:
            if not isinstance(err, Unsupported):  # a bug: say which key it met
                err.add_note(f"while checking {key.label} of {self.view.tp.name}")
                raise
            if self.oracle is None:
                raise GenerationError(
                    f"{self.view.tp.name}: {key.label} cannot be computed here ({err}) and no "
                    "server is connected to compute it; give its columns a generator in "
                    f'sandbox.toml ([tables."{self.view.tp.name}".columns])'
                ) from err
            return self._server_hashes(key, batch, n)
        return scope, combined

    def _server_hashes(self, key: UniqueKey, batch: Batch, n: int) -> tuple[np.ndarray, Any]:
        """The key computed by the sandbox server over the batch (one query), for expressions
        and predicates the evaluator does not know: (scope, hashes of the parts' text)."""
        from psycopg import sql

        view = self.view
        table = view.table
        names = [c.name for c in table.columns if c.generated is None and c.name in batch]
        args = []
        for name in names:
            col = batch[name]
            texts = to_text(col, view.specs[name].info)
            args.append([None if z else t for t, z in zip(texts, col.nulls.tolist(), strict=False)])
        inner = sql.SQL(", ").join(
            sql.SQL("u.{}::{} AS {}").format(
                sql.Identifier(f"c{i}"),
                sql.SQL(base_type(view.schema, table.column(name).type)),
                sql.Identifier(name),
            )
            for i, name in enumerate(names)
        )
        aliases = sql.SQL(", ").join(
            [sql.Identifier(f"c{i}") for i in range(len(names))] + [sql.Identifier("_wb_ord")]
        )
        unnest = sql.SQL(", ").join(sql.SQL("%s::text[]") for _ in names)
        parts = sql.SQL(", ").join(
            sql.SQL("(({}))::text").format(
                sql.Identifier(p.column) if p.column is not None else sql.SQL(p.sql)
            )
            for p in key.parts
        )
        pred = sql.SQL(key.predicate_sql or "true")
        query = sql.SQL(
            "SELECT t._wb_ord, ARRAY[{}], coalesce(({}), false) FROM "
            "(SELECT u._wb_ord, {} FROM unnest({}) WITH ORDINALITY AS u({})) AS t "
            "ORDER BY t._wb_ord"
        ).format(parts, pred, inner, unnest, aliases)
        conn = self.oracle.connection()
        self.oracle.queries += 1
        try:
            with conn.transaction():
                rows = conn.execute(query, args).fetchall()
        except Exception as err:
            raise GenerationError(
                f"{view.tp.name}: the server could not compute {key.label} over generated rows: "
                f"{str(err).strip().splitlines()[0]}"
            ) from err
        scope = np.zeros(n, bool)
        hashes = np.zeros(n, np.uint64)
        for ordinal, values, inside in rows:
            i = int(ordinal) - 1
            if not inside or (not key.nulls_not_distinct and any(v is None for v in values)):
                continue
            scope[i] = True
            hashes[i] = np.uint64(hash(tuple(values)) & 0xFFFFFFFFFFFFFFFF)
        return scope, hashes

    def _duplicates(self, check: KeyCheck, batch: Batch, n: int) -> np.ndarray:
        """Rows in scope whose key an earlier row (of this batch or an earlier one) holds."""
        scope, hashes = self._hashes(check.key, batch, n)
        rows = np.flatnonzero(scope)
        check.last = (rows, scope, hashes)
        if not rows.size:
            return rows
        h = hashes[rows]
        _, first = np.unique(h, return_index=True)
        repeat = np.ones(rows.size, bool)
        repeat[first] = False
        if check.seen:
            seen = check.seen
            repeat |= np.fromiter((x in seen for x in h.tolist()), bool, rows.size)
        check.last = (rows[repeat], scope, hashes)
        return rows[repeat]

    def _fix_predicate(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """Move the rows out of the partial index: make NOT predicate hold for them."""
        if key.predicate is None:
            return False
        sub = {
            name: Col(
                col.values[dup].copy(),
                col.nulls[dup].copy(),
                col.kind,
                nullable=col.nullable,
                protected=col.protected,
                step=col.step,
            )
            for name, col in batch.items()
            if name in columns_of(key.predicate)
        }
        tree = exp.Not(this=exp.Paren(this=key.predicate.copy()))
        regen = self._predicate_regen(dup)
        try:
            for attempt in range(_PREDICATE_TRIES):  # each try redraws only rows still inside
                rng = self.view.rng(f"unique:{key.name}:{attempt}", start)
                if not repair(tree, sub, dup.size, rng, self.view.env, regen).any():
                    break
        except Unsupported:
            return False
        changed = False
        for name, col in sub.items():
            target = batch[name]
            if not (
                np.array_equal(target.nulls[dup], col.nulls)
                and all(a == b for a, b in zip(target.values[dup], col.values, strict=False))
            ):
                changed = True
            target.values[dup] = col.values
            target.nulls[dup] = col.nulls
        return changed

    def _predicate_regen(self, dup: np.ndarray) -> Any:
        """Fresh values for the predicate's columns, rows numbered within `dup`: a column with a
        finite domain (enum, CHECK IN, boolean) draws from it, so a surplus row can take a
        state outside the index (status 'completed' rather than 'queued'); any other column
        from its own generator."""
        view = self.view
        draws = [0]

        def regen(name: str, rows: np.ndarray) -> np.ndarray | None:
            spec = view.specs.get(name)
            if spec is None or name in view.fk_cols or spec.unique:
                return None
            domain = spec_domain(spec)
            if domain is not None and domain.size > 0:
                draws[0] += 1
                draw = view.rng(f"unique-state:{name}:{draws[0]}", int(dup[0]))
                return domain.at(draw.integers(0, domain.size, rows.size))
            values: np.ndarray | None = self.redraws.values(name, dup[rows])
            return values

        return regen

    def _fix_null(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """NULL in a nullable column takes the row out of the key (NULLs are distinct)."""
        if key.nulls_not_distinct:
            return False
        for c in (p.column for p in key.parts if p.column is not None):
            col = batch.get(c)
            if col is not None and col.nullable:
                col.nulls[dup] = True
                return True
        return False

    def _fix_time(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """A time of the key (a visit's day per user): the repeating rows a few days earlier
        (a history ends at the run's clock, so never later), a few tries per batch; a weekday
        stays one. Where a rule held the time in a period (its squad's season, by the clock:
        rules/times.HeldTimes), another day inside it, earlier or later, and the row's later
        times move with it (a register written soon after its lesson); a row whose period has
        no other day is left to the judge."""
        view = self.view
        for part in key.parts:
            c = part.column or part.wraps
            col = batch.get(c) if c else None
            if col is None or col.kind not in ("timestamp", "date") or c in view.fk_cols:
                continue
            tries = self._text_tries.get((f"time:{key.name}", start), 0)
            if tries >= 6:
                return False
            self._text_tries[(f"time:{key.name}", start)] = tries + 1
            rng = view.rng(f"unique-days:{key.name}:{tries}", start)
            when = as_us(col)[dup].astype(np.int64)
            reach = 30 * (tries + 1)
            back = np.full(dup.size, reach, np.int64)  # whole days it may move back, ahead
            ahead = np.zeros(dup.size, np.int64)
            held = view.scratch.get(HeldTimes).get(int(idx[0]) if idx.size else 0, c, idx.size)
            if held is not None:
                lo, hi = held[0][dup], held[1][dup]
                inside = (when >= lo) & (when <= hi)
                back = np.where(inside, np.minimum((when - lo) // DAY_US, reach), back)
                ahead = np.where(inside, np.minimum((hi - when) // DAY_US, reach), ahead)
            room = np.flatnonzero(back + ahead > 0)
            if not room.size:
                return False
            # a day among the `back + ahead` others: 1..back earlier, else 1..ahead later
            pick = (rng.random(room.size) * (back + ahead)[room]).astype(np.int64)
            days = np.where(pick < back[room], -(pick + 1), pick - back[room] + 1)
            shift = weekday_kept(
                when[room], days * DAY_US, -back[room] * DAY_US, ahead[room] * DAY_US
            )
            self._move_row(c, batch, dup[room], when[room], shift)
            return True
        return False

    def _move_row(
        self, column: str, batch: Batch, rows: np.ndarray, when: np.ndarray, shift: np.ndarray
    ) -> None:
        """The key's time of `rows` by `shift`, and the row's other free times at or after it
        by as much (never past the run's clock for what had happened by it)."""
        view = self.view
        now = clock.run_now(view.config).astype(np.int64)
        for name in view.specs:
            col = batch.get(name)
            if col is None or col.kind not in ("timestamp", "date") or name in view.fk_cols:
                continue
            if name != column and not free(view, name):
                continue
            at = as_us(col)
            old = at[rows].astype(np.int64)
            new = old + shift
            if name != column:  # a later time by the clock stays by it
                new = np.where(old <= now, np.minimum(new, np.maximum(old, now)), new)
            values = at.copy()
            values[rows] = new.astype("datetime64[us]")
            store(col, values, rows[~col.nulls[rows] & (old >= when)])

    def _fix_text(
        self, key: UniqueKey, batch: Batch, idx: np.ndarray, dup: np.ndarray, start: int
    ) -> bool:
        """A text column of the key: first drawn again from its own generator (values stay in
        the column's domain: its CHECK pattern, its length), then, if the key is still
        taken, given the row number as a suffix."""
        import dataclasses

        view = self.view
        for part in key.parts:
            c = part.column or part.wraps
            col = batch.get(c) if c else None
            if col is None or col.kind != "text" or c in view.fk_cols:
                continue
            spec = view.specs[c]
            if spec.info.kind == "enum" or spec_domain(spec) is not None:
                continue
            tries = self._text_tries.get((key.name, start), 0)
            self._text_tries[(key.name, start)] = tries + 1
            if tries < 2:
                free = dataclasses.replace(spec, unique=False)
                rng = view.rng(f"unique-redraw:{key.name}:{tries}", start)
                fresh = np.asarray(generate_values(free, rng, idx, batch))
                col.values[dup] = fresh[dup]
                col.nulls[dup] = False
                return True
            width = spec.max_len
            fixed = []
            for v, i in zip(col.values[dup].tolist(), idx[dup].tolist(), strict=False):
                tag = base36(i, max(1, math.ceil(math.log(i + 2, 36))))
                text = f"{v}{tag}"
                if width is not None and len(text) > width:
                    text = (str(v)[: max(width - len(tag), 0)] + tag)[-width:]
                fixed.append(text)
            col.values[dup] = fixed
            col.nulls[dup] = False
            return True
        return False


_PREDICATE_TRIES = 24  # a draw from a 4-state domain leaves the index half the time
_FIXES = ("_fix_predicate", "_fix_null", "_fix_time", "_fix_text")
