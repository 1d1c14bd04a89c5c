"""Optimizer statistics as plain data: the calls of a statistics file (`Call`, its `Arg`s) and
what they say about relations and columns (`Statistics`). The plan and the value generators
read these; `parse` makes them from SQL text and `validate` checks their numbers."""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.errors import ConfigError

RELATION_CALL = "pg_restore_relation_stats"
ATTRIBUTE_CALL = "pg_restore_attribute_stats"
# Keys whose values are column values (real data); the others are numbers about the column.
VALUE_KEYS = (
    "most_common_vals",
    "histogram_bounds",
    "most_common_elems",
    "range_bounds_histogram",
    "range_length_histogram",
)


class StatisticsError(ConfigError):
    """A statistics call that cannot be read (names file and line)."""

    title = "statistics error"


@dataclass
class Arg:
    """One name/value pair of a call, with its source text (kept for rewriting)."""

    name: str
    value: str | None  # the literal's text; None for NULL
    cast: str  # "real", "real[]", "text", "" when not cast
    raw: str  # the pair as written: `'null_frac', '0'::real`
    line: int = 0  # the file line the pair starts on


@dataclass
class Call:
    function: str  # RELATION_CALL or ATTRIBUTE_CALL
    args: list[Arg]
    line: int
    filename: str
    text: str  # the whole statement, as in the file
    head: str  # the statement up to and including the call's opening parenthesis

    @property
    def source(self) -> str:
        return f"{self.filename}:{self.line}"

    def get(self, name: str) -> Arg | None:
        return next((a for a in self.args if a.name == name), None)


@dataclass
class RelationStats:
    table: str  # schema.name
    reltuples: float | None
    relpages: int | None
    source: str


@dataclass
class ColumnStats:
    table: str
    column: str
    source: str
    inherited: bool = False
    null_frac: float | None = None
    avg_width: int | None = None
    n_distinct: float | None = None
    mcv: list[str | None] | None = None
    mcv_freqs: list[float] | None = None
    histogram: list[str | None] | None = None
    correlation: float | None = None
    value_keys: list[str] = field(default_factory=list)  # value-carrying keys present

    def distinct(self, rows: int) -> int:
        """Distinct values expected among `rows` rows (negative n_distinct scales)."""
        nd = self.n_distinct
        if nd is None or nd == 0:
            return 0
        return max(1, round(-nd * rows)) if nd < 0 else max(1, round(nd))


@dataclass
class Statistics:
    relations: dict[str, RelationStats] = field(default_factory=dict)
    columns: dict[tuple[str, str], ColumnStats] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    version: int | None = None

    def column(self, table: str, column: str) -> ColumnStats | None:
        return self.columns.get((table, column))

    def rows(self, table: str) -> float | None:
        rel = self.relations.get(table)
        if rel is None or rel.reltuples is None or rel.reltuples < 0:
            return None  # -1: never vacuumed or analyzed
        return rel.reltuples

    def merge(self, other: Statistics) -> None:
        self.relations.update(other.relations)
        for key, col in other.columns.items():
            mine = self.columns.get(key)
            # the table's own rows (inherited = false) describe what the sandbox loads
            if mine is None or mine.inherited or not col.inherited:
                self.columns[key] = col
        self.calls += other.calls
        self.version = self.version or other.version
