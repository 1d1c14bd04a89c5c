"""What a column's distribution review returns (`Engine.distributions.of`): the planned side, the
sandbox's actual one, the generator's own sample and production's statistics, the flags worth
a look and the verdict (review.py fills it, display.py judges it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Distribution:
    table: str
    column: str
    kind: str  # category | numeric | date | fk
    generator: str
    declared: bool
    rows: int = 0
    generated: bool = False  # False: the table holds no generated data (planned side only)
    status: str = "not generated"  # generated | not generated | stale
    notes: list[str] = field(default_factory=list)
    planned: dict[str, Any] = field(default_factory=dict)
    actual: dict[str, Any] = field(default_factory=dict)
    nulls: dict[str, Any] = field(default_factory=dict)
    children: dict[str, Any] | None = None
    production: dict[str, Any] | None = None  # from optimizer statistics (workbench.stats)
    # the generator's own law: an independent sample's counts (review_sample.sample_side)
    sample: dict[str, Any] | None = None
    sample_note: str | None = None  # why there is no sample to compare with
    flags: list[str] = field(default_factory=list)  # flags.py: worth a look
    review: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Distribution:
        """Back from `to_dict()` (a saved or hand-made review); unknown keys are ignored."""
        names = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in names and v is not None})

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "column": self.column,
            "kind": self.kind,
            "generator": self.generator,
            "declared": self.declared,
            "rows": self.rows,
            "generated": self.generated,
            "status": self.status,
            "notes": list(self.notes),
            "planned": self.planned,
            "actual": self.actual,
            "nulls": self.nulls,
            "children": self.children,
            "production": self.production,
            "sample": self.sample,
            "sample_note": self.sample_note,
            "flags": list(self.flags),
            "review": self.review,
        }
