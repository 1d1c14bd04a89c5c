"""The TUI's SQL prompt (`Engine.prompt`): a statement run as the read-only role (the row
browser's), the history of what it ran (a file under .workbench/), a result saved as CSV
beside sandbox.toml (reads/sql_prompt.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.reads import sql_prompt
from workbench.reads.sql_prompt import QueryResult

if TYPE_CHECKING:
    from workbench.context import Context


@dataclass(frozen=True)
class SqlPrompt:
    """The prompt of the sandbox the context is bound to."""

    ctx: Context

    def run(self, text: str, *, row_cap: int = 1000, timeout_ms: int = 10_000) -> QueryResult:
        """`text` run as the read-only role, at most `row_cap` rows, remembered in the
        history first, so a statement the server refuses can be fetched back and fixed."""
        if text.strip():
            sql_prompt.remember(self.ctx.config.state_dir, text.strip())
        return sql_prompt.run(self.ctx, text, row_cap=row_cap, timeout_ms=timeout_ms)

    def history(self) -> list[str]:
        """The statements the prompt ran, oldest first."""
        return sql_prompt.history(self.ctx.config.state_dir)

    def export(self, result: QueryResult) -> Path:
        """A result as a CSV file beside sandbox.toml."""
        return sql_prompt.export_csv(result, self.ctx.config.path.parent)
