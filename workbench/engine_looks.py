"""The engine's read-only looks at the sandbox (doctor, samples, the row browser, queries,
distributions and their views, the SQL prompt): a part of the `Engine` facade (engine.py)
kept in a module of its own. Each call goes through the context's connections as the role
its operation module chooses; nothing here writes to the sandbox."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.context import Context
    from workbench.distribution.result import Distribution
    from workbench.reads.browse import Page, RowFilter
    from workbench.reads.sql_prompt import QueryResult


class Looks:
    """Mixin of `Engine`: needs its `_ctx` and `config`."""

    _ctx: Context

    @property
    def config(self) -> Config:
        return self._ctx.config

    def doctor(self) -> list[dict[str, Any]]:
        from workbench.doctor.run import run_doctor

        return [check.to_dict() for check in run_doctor(self._ctx)]

    def row_counts(self) -> dict[str, int | None]:
        """Exact row counts of the schema's tables in the sandbox (None: table absent)."""
        from workbench.reads.explore import row_counts

        return row_counts(self._ctx)

    def sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table (capped at 100), read in a READ ONLY transaction."""
        from workbench.reads.explore import sample

        return sample(self._ctx, table, limit).to_dict()

    def browse(
        self,
        table: str,
        offset: int = 0,
        limit: int = 50,
        filters: Sequence[RowFilter | dict[str, Any]] = (),
    ) -> Page:
        """One page of a table's rows in primary-key order, as the read-only role, values
        cut to a display width, personal columns named (the TUI's row browser); only the
        rows every filter keeps (a `browse.RowFilter` or its fields: a chart's bar, a text
        to find)."""
        from workbench.reads.browse import RowFilter, page

        made = tuple(f if isinstance(f, RowFilter) else RowFilter(**f) for f in filters)
        return page(self._ctx, table, offset, limit, made)

    def time_series(self, table: str, column: str, unit: str | None = None) -> dict[str, Any]:
        """A time column's rows per day, week or month, with the generator's sample beside
        them (distribution_views.py)."""
        from workbench.distribution.views import time_series

        return time_series(self._ctx, table, column, unit)

    def relation(self, table: str, first: str, second: str) -> dict[str, Any]:
        """How two columns of one table go together: a scatter or a heat map's counts."""
        from workbench.distribution.views import relation

        return relation(self._ctx, table, first, second)

    def query_prompt(
        self, text: str, *, row_cap: int = 1000, timeout_ms: int = 10_000
    ) -> QueryResult:
        """The TUI's SQL prompt: `query` run as the read-only role (the row browser's), at
        most `row_cap` rows, remembered in the SQL history first, so a statement the server
        refuses can be fetched back and fixed (sql_prompt.py)."""
        from workbench.reads.sql_prompt import remember, run

        if text.strip():
            remember(self.config.state_dir, text.strip())
        return run(self._ctx, text, row_cap=row_cap, timeout_ms=timeout_ms)

    def sql_history(self) -> list[str]:
        """The statements the SQL prompt ran, oldest first."""
        from workbench.reads.sql_prompt import history

        return history(self.config.state_dir)

    def export_query(self, result: QueryResult) -> Path:
        """A query's result as a CSV file beside sandbox.toml."""
        from workbench.reads.sql_prompt import export_csv

        return export_csv(result, self.config.path.parent)

    def query(self, sql_text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
        """One SQL statement in a READ ONLY transaction with a statement timeout, rolled
        back afterwards; rows capped at `limit` (at most 1000)."""
        from workbench.reads.explore import query

        return query(self._ctx, sql_text, limit, timeout_ms).to_dict()

    def agent_sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """`sample` as a model sees it (the MCP tool): personal columns masked again unless
        sandbox.toml grants `personal`, with the count of values withheld."""
        from workbench.reads.withhold import sample

        return sample(self._ctx, table, limit)

    def agent_query(
        self, sql_text: str, limit: int = 100, timeout_ms: int = 5000
    ) -> dict[str, Any]:
        """`query` as a model sees it (the MCP tool): personal columns masked again unless
        sandbox.toml grants `personal`, with the count of values withheld."""
        from workbench.reads.withhold import query

        return query(self._ctx, sql_text, limit, timeout_ms)

    def distribution(self, table: str, column: str, *, bins: int = 20) -> Distribution:
        """Planned vs actual distribution of one column (`.to_dict()` for the numbers)."""
        from workbench.distribution.review import distribution

        return distribution(self._ctx, table, column, bins=bins)

    def export_distributions(self, dists: list[dict[str, Any]], when: str) -> Any:
        """Append the reviewed distributions to distribution-report.md (an `Exported`)."""
        from workbench.distribution.report import export_report

        return export_report(self._ctx, dists, when)
