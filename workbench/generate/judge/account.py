"""What the judge turned away, per table: the rows dropped by each constraint, one rejected
value of each (as the user would write it), and the server's message where a value could not
even be computed. Read by the loader's report, the events and the evidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Account:
    """One table's kept and dropped rows."""

    table: str
    planned: int = 0
    dropped: dict[str, int] = field(default_factory=dict)  # constraint -> rows dropped
    examples: dict[str, str] = field(default_factory=dict)  # constraint -> "col = 'value'"
    messages: dict[str, str] = field(default_factory=dict)  # constraint -> server message
    texts: dict[str, str] = field(default_factory=dict)  # constraint -> as written
    left_out: int = 0  # rows a rule leaves out (no record of what did not happen)

    @property
    def total_dropped(self) -> int:
        return sum(self.dropped.values())

    @property
    def kept(self) -> int:
        return self.planned - self.total_dropped - self.left_out

    def leave_out(self, judged: np.ndarray | None, kept: np.ndarray | None) -> None:
        """Count the rows the judge kept (`judged`, None: all) that a rule left out."""
        if kept is not None:
            ok = np.ones(kept.size, bool) if judged is None else judged
            self.left_out += int((ok & ~kept).sum())

    def drop(self, constraint: str, rows: int) -> None:
        if rows:
            self.dropped[constraint] = self.dropped.get(constraint, 0) + rows

    def worst(self) -> str | None:
        """The constraint that dropped the most rows."""
        if not self.dropped:
            return None
        return max(self.dropped, key=lambda c: self.dropped[c])

    def summary(self) -> str:
        """One line: `orders: 3 of 1,000 rows dropped: CHECK x rejected 2 (e.g. total = '-1'),
        unique index y 1`."""
        parts = []
        for name, rows in sorted(self.dropped.items(), key=lambda kv: (-kv[1], kv[0])):
            example = self.examples.get(name)
            why = self.messages.get(name)
            detail = f"e.g. {example}" if example else ""
            if why:
                detail += ("; " if detail else "") + f"the server said: {why}"
            parts.append(f"{name} {rows:,}" + (f" ({detail})" if detail else ""))
        return (
            f"{self.table}: {self.total_dropped:,} of {self.planned:,} rows dropped, "
            f"the server would refuse them: {', '.join(parts)}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "planned": self.planned,
            "kept": self.kept,
            "dropped": self.total_dropped,
            "left_out": self.left_out,
            "by_constraint": dict(self.dropped),
            "examples": dict(self.examples),
        }
