"""A thing under way whose sessions follow one another has been under way for a while: a course
in progress with its numbered lessons, a treatment plan with its sessions, a tattoo with its
sittings. Its rows under it are attended at a site in its hours, one after another, days to
weeks apart (rules/sequence.py, rules/apart.py); one made a few hours ago cannot hold the
sessions already done, which would be squeezed into those hours, at night, all on the last
day before the run's clock. What is recent about such a row is its last session, not its
start: rules/recent.py places it back far enough for a few sessions at their gaps.

Read from the schema only: another table holding a required key to this one, a number of the
row within it (kinds/numbering.is_line_number, unique with the key) and a time it takes place
at (kinds/anchors.takes_place), whose rows are sessions people attend (rules/span.scale_of
by its name, else kinds/session.session_at_site by its shape). No table or label is named."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.session import session_at_site
from workbench.generate.rules.span import DAY_MINUTES, scale_of
from workbench.generate.rules.times import DAY_US
from workbench.generate.vocab.outcomes import UNDER_WAY
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.schema.model import Schema, Table

# the sessions of one thing lie days to weeks apart (rules/apart.gaps: 3 days and more, 14 more
# by the mean); a thing under way began within this many of those gaps before now
GAP_DAYS = 3.0 + 14.0
GAPS = 4.0


def _attended(schema: Schema, child: Table) -> bool:
    """Whether the child's rows are sessions people attend, minutes to hours long."""
    scale = scale_of(child.name)
    if scale is not None:
        return bool(scale[3]) and scale[1] <= DAY_MINUTES
    return session_at_site(schema, child)


def _numbered(schema: Schema, child: Table, columns: set[str]) -> bool:
    """Whether the child numbers its rows within the parent (`lesson_no` unique with the key)."""
    keys = [set(c for c in u.columns if c) for u in child.uniques]
    if child.primary_key is not None:
        keys.append(set(child.primary_key.columns))
    for column in child.columns:
        if column.name in columns or resolve_type(schema, column.type).kind != "int":
            continue
        if is_line_number(column.name, child.qualified) and columns | {column.name} in keys:
            return True
    return False


def sessions_chained(schema: Schema, table: Table, config: Config) -> bool:
    """Whether another table's rows are this table's numbered sessions, attended one after
    another (see the module)."""
    for child in schema.tables.values():
        if child.qualified == table.qualified:
            continue
        for fk in child.foreign_keys:
            if fk.ref_qualified != table.qualified:
                continue
            columns = set(fk.columns)
            if any(c.nullable for c in child.columns if c.name in columns):
                continue
            if not _numbered(schema, child, columns) or takes_place(schema, child, config) is None:
                continue
            if _attended(schema, child):
                return True
    return False


def under_way(labels: list[str]) -> list[str]:
    """The labels of a thing under way (in_progress, ongoing: vocab/outcomes.UNDER_WAY)."""
    return [lb for lb in labels if normalise(lb) in UNDER_WAY]


def began(rng: np.random.Generator, n: int) -> np.ndarray:
    """How long before now each of n things under way began, in microseconds: half a gap of
    its sessions to a few gaps back."""
    return ((0.5 + rng.random(n) * (GAPS - 0.5)) * GAP_DAYS * DAY_US).astype(np.int64)
