"""A document's lines: the rows a parent's total sums (kinds/totals.summed_lines: an invoice's
lines, a booking's segments, the charges of a rental its invoice bills) are planned per parent
row, one to LINES_MAX each, most few (Zipf-like: about 2.6 on average), whatever `rows` says,
unless sandbox.toml sizes the table (`rows` or `children`). Spread over the parents as other
rows are (Zipf-like fan-out), about half the invoices had no line and billed nothing.

A place's hours by day of the week (kinds/hours.py: a restaurant's opening hours) are planned
the same way, one row per day it opens: six or seven per place (a day's closing for about half
the places), or seven where a flag says which day it is closed.

A way's calls (kinds/calls.py: a run's stops from its origin to its destination) are two to
LINES_MAX per parent row, most few: the first at its start, the last at its end."""

from __future__ import annotations

from workbench.config.file import ChildrenSpec, Config
from workbench.generate.kinds.calls import calls_parent
from workbench.generate.kinds.hours import week_hours_of
from workbench.generate.kinds.part_sums import is_part
from workbench.generate.kinds.totals import summed_lines
from workbench.schema.model import Schema

LINES_MAX = 8
LINES_SKEW = 1.2
WEEK = 7


def document_lines(
    schema: Schema, config: Config, names: list[str], shaped: set[str]
) -> dict[str, ChildrenSpec]:
    """table -> its children law as the lines of one document table (or the days of one
    place's week), for the tables neither
    sandbox.toml (`rows`, `children`) nor the statistics (`shaped`) size."""
    out = {}
    for child, parent in summed_lines(schema, config, names).items():
        section = config.table(child)
        if is_part(schema, child, parent):
            continue  # a whole's parts (a site's rooms, kinds/part_sums.py), no document's lines
        if section.rows is None and section.children is None and child not in shaped:
            out[child] = ChildrenSpec(parent, "zipf", min=1, max=LINES_MAX, skew=LINES_SKEW)
    for name in names:
        week = week_hours_of(schema, schema.tables[name])
        section = config.table(name)
        if week is None or section.rows is not None or section.children is not None:
            continue
        if name not in shaped and name not in out and week.place in schema.tables:
            days = WEEK if week.closed else WEEK - 1
            out[name] = ChildrenSpec(week.place, "uniform", min=days, max=WEEK)
    for name in names:
        calls = calls_parent(schema, schema.tables[name])
        section = config.table(name)
        if calls is None or section.rows is not None or section.children is not None:
            continue
        if name not in shaped and name not in out and calls in schema.tables:
            out[name] = ChildrenSpec(calls, "zipf", min=2, max=LINES_MAX, skew=LINES_SKEW)
    return out


def note(spec: ChildrenSpec) -> str:
    if spec.distribution == "uniform":
        return f"{spec.min}-{spec.max} rows per {spec.parent} row: one per day of its week"
    if spec.min == 2:
        return f"2-{LINES_MAX} rows per {spec.parent} row: its calls, from its start to its end"
    return f"1-{LINES_MAX} rows per {spec.parent} row: the lines it sums"
