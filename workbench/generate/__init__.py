"""Data generation: plan, column semantics, vectorised values, constraint solving, COPY.

The published surface below (`from workbench.generate import build_plan, load_data`…) is
resolved on first use, as `workbench.Engine` is: Python runs this file before any module of
the package, and a caller that needs one small piece (a vocabulary, a name helper) must not
pay for the whole generator. The package's own modules import from the module that defines
a name, never from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.lazy import exports

if TYPE_CHECKING:
    from workbench.generate.base.clock import run_now
    from workbench.generate.kinds.semantics import ColumnDecision, decide_column
    from workbench.generate.load.copy import advance_sequences, load_data
    from workbench.generate.load.csv_out import write_csv
    from workbench.generate.load.preview import preview_column
    from workbench.generate.load.report import LoadReport
    from workbench.generate.plan.classify import classify
    from workbench.generate.plan.estimate import Estimate, Throughput, estimate
    from workbench.generate.plan.tables import Plan, TablePlan, build_plan

# Each published name and the module that defines it.
SURFACE = {
    "run_now": "workbench.generate.base.clock",
    "ColumnDecision": "workbench.generate.kinds.semantics",
    "decide_column": "workbench.generate.kinds.semantics",
    "advance_sequences": "workbench.generate.load.copy",
    "load_data": "workbench.generate.load.copy",
    "write_csv": "workbench.generate.load.csv_out",
    "preview_column": "workbench.generate.load.preview",
    "LoadReport": "workbench.generate.load.report",
    "classify": "workbench.generate.plan.classify",
    "Estimate": "workbench.generate.plan.estimate",
    "Throughput": "workbench.generate.plan.estimate",
    "estimate": "workbench.generate.plan.estimate",
    "Plan": "workbench.generate.plan.tables",
    "TablePlan": "workbench.generate.plan.tables",
    "build_plan": "workbench.generate.plan.tables",
}


__getattr__ = exports(__name__, SURFACE)


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
