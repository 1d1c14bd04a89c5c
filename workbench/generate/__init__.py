"""Data generation: plan, column semantics, vectorised values, constraint solving, COPY."""

from workbench.generate.base.clock import run_now
from workbench.generate.kinds.semantics import ColumnDecision, decide_column
from workbench.generate.load.copy import advance_sequences, load_data
from workbench.generate.load.csv_out import write_csv
from workbench.generate.load.preview import preview_column
from workbench.generate.load.report import LoadReport
from workbench.generate.plan.classify import classify
from workbench.generate.plan.estimate import Estimate, Throughput, estimate
from workbench.generate.plan.tables import Plan, TablePlan, build_plan

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
    "run_now",
    "write_csv",
]
