"""What a load did, per table and in all: the rows each table holds, the time and bytes it took,
the rows the judge dropped and the rows a rule left out (copy.py fills it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class TableLoad:
    name: str
    rows: int  # kept: the rows the table holds
    seconds: float
    bytes: int = 0  # COPY text sent
    skipped: bool = False
    setup_seconds: float = 0.0  # of `seconds`, building value pools (once per process and seed)
    dropped: dict[str, Any] | None = None  # rows the judge turned away (judge/account.py)
    left_out: int = 0  # planned rows a rule left out (a header without lines: rules/header.py)


@dataclass
class LoadReport:
    tables: list[TableLoad] = field(default_factory=list)
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return sum(t.rows for t in self.tables if not t.skipped)

    @property
    def dropped(self) -> dict[str, dict[str, Any]]:
        """Per table that lost rows to the judge: planned, kept, dropped, by constraint."""
        return {t.name: t.dropped for t in self.tables if t.dropped}

    @property
    def left_out(self) -> dict[str, int]:
        """Per table, the planned rows a rule left out (no record of what did not happen)."""
        return {t.name: t.left_out for t in self.tables if t.left_out}

    @property
    def short(self) -> int:
        """Planned rows the tables do not hold: the judge dropped them or a rule left them out."""
        return sum(int(d["dropped"]) for d in self.dropped.values()) + sum(self.left_out.values())

    def shortfall(self) -> dict[str, Any]:
        """Per table, the rows the judge dropped (`dropped`) and a rule left out (`fewer`)."""
        dropped, fewer = self.dropped, self.left_out
        return {**({"dropped": dropped} if dropped else {}), **({"fewer": fewer} if fewer else {})}

    @property
    def setup_seconds(self) -> float:
        return sum(t.setup_seconds for t in self.tables)

    @property
    def copy_bytes(self) -> int:
        return sum(t.bytes for t in self.tables if not t.skipped)

    @property
    def rows_per_second(self) -> float:
        return self.rows / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "seconds": round(self.seconds, 3),
            "rows_per_second": round(self.rows_per_second, 1),
            "setup_seconds": round(self.setup_seconds, 3),
            "tables": [asdict(t) for t in self.tables],
            "dropped": self.dropped,
            "left_out": self.left_out,
            "warnings": self.warnings,
        }
