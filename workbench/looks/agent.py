"""The sandbox's rows as a model sees them (`Engine.agent_rows`, the MCP tools): a sample and a
query like `Engine.rows`', with personal columns masked again unless sandbox.toml grants
`personal`, and the count of values withheld (reads/withhold.py; the masking loads the
generators, which the user's own looks do not need)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.reads import withhold

if TYPE_CHECKING:
    from workbench.context import Context


@dataclass(frozen=True)
class AgentRows:
    """What a model may read of the sandbox (or of the run) the context is bound to."""

    ctx: Context

    def sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table, personal columns masked again."""
        return withhold.sample(self.ctx, table, limit)

    def query(self, sql_text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
        """One read-only statement, personal columns masked again."""
        return withhold.query(self.ctx, sql_text, limit, timeout_ms)

    def texts(self, texts: list[str]) -> list[str]:
        """Free texts (a rehearsal's error messages) with the emails they carry masked again."""
        return withhold.emails_masked(self.ctx, texts)
