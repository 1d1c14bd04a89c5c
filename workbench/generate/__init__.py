"""Data generation: plan, column semantics, vectorised values, constraint solving, COPY."""

from workbench.generate.csv_out import write_csv
from workbench.generate.estimate import Estimate, Throughput, estimate
from workbench.generate.load import LoadReport, advance_sequences, load_data
from workbench.generate.plan import Plan, TablePlan, build_plan
from workbench.generate.preview import preview_column
from workbench.generate.semantics import ColumnDecision, classify, decide_column

__all__ = [
    "ColumnDecision",
    "Estimate",
    "LoadReport",
    "Plan",
    "TablePlan",
    "Throughput",
    "advance_sequences",
    "build_plan",
    "classify",
    "decide_column",
    "estimate",
    "load_data",
    "preview_column",
    "write_csv",
]
