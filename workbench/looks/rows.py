"""The sandbox's rows as the user reads them (`Engine.rows`): row counts, a sample, a page of the
row browser and one query, as the read-only role in a READ ONLY transaction (what a model sees
of them: agent.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.reads import explore
from workbench.reads.browse import Page, RowFilter, page

if TYPE_CHECKING:
    from workbench.context import Context


@dataclass(frozen=True)
class SandboxRows:
    """The rows of the sandbox (or of the run) the context is bound to."""

    ctx: Context

    def counts(self) -> dict[str, int | None]:
        """Exact row counts of the schema's tables in the sandbox (None: table absent)."""
        return explore.row_counts(self.ctx)

    def sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table (capped at 100), read in a READ ONLY transaction."""
        return explore.sample(self.ctx, table, limit).to_dict()

    def browse(
        self,
        table: str,
        offset: int = 0,
        limit: int = 50,
        filters: Sequence[RowFilter | dict[str, Any]] = (),
    ) -> Page:
        """One page of a table's rows in primary-key order, as the read-only role, values
        cut to a display width, personal columns named (the TUI's row browser); only the
        rows every filter keeps (a `RowFilter` or its fields: a chart's bar, a text to
        find)."""
        made = tuple(f if isinstance(f, RowFilter) else RowFilter(**f) for f in filters)
        return page(self.ctx, table, offset, limit, made)

    def query(self, sql_text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
        """One SQL statement in a READ ONLY transaction with a statement timeout, rolled
        back afterwards; rows capped at `limit` (at most 1000)."""
        return explore.query(self.ctx, sql_text, limit, timeout_ms).to_dict()
