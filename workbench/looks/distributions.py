"""A column's distributions (`Engine.distributions`): planned vs actual with its review, a time
column's rows per day, week or month, how two columns go together, and the reviewed ones
appended to distribution-report.md (workbench/distribution/)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.distribution import report, review, views
from workbench.distribution.report import Exported
from workbench.distribution.result import Distribution

if TYPE_CHECKING:
    from workbench.context import Context


@dataclass(frozen=True)
class Distributions:
    """The distributions of the sandbox the context is bound to."""

    ctx: Context

    def of(self, table: str, column: str, *, bins: int = 20) -> Distribution:
        """Planned vs actual distribution of one column (`.to_dict()` for the numbers)."""
        return review.distribution(self.ctx, table, column, bins=bins)

    def time_series(self, table: str, column: str, unit: str | None = None) -> dict[str, Any]:
        """A time column's rows per day, week or month, with the generator's sample beside
        them."""
        return views.time_series(self.ctx, table, column, unit)

    def relation(self, table: str, first: str, second: str) -> dict[str, Any]:
        """How two columns of one table go together: a scatter or a heat map's counts."""
        return views.relation(self.ctx, table, first, second)

    def export(self, dists: list[dict[str, Any]], when: str) -> Exported:
        """Append the reviewed distributions to distribution-report.md."""
        return report.export_report(self.ctx, dists, when)
