"""A timetable of operations: what was planned and what happened (flights, trains, surgeries,
classes, delivery rounds, jobs), a busy operation's recent past whose rows span about a year
(base/clock.OPERATIONS), not the business's whole history. Three signs, any schema:

- the table keeps, for one event, the planned time and the time it happened
  (kinds/events.plans_and_actuals: `scheduled_departure` and `actual_departure`);
- it is a time clock's record of spans punched in and out (kinds/events.punched);
- its lifecycle status (kinds/occurrence.lifecycle_status) names a row still planned ahead
  (`scheduled`), one whose run is on right now (`in_progress`, `in_session`: RUNNING) and one
  done (`completed`), and the row takes place at a moment (kinds/anchors.takes_place: a
  timestamp, not a day): a class session, a surgery, a shift on the schedule. Not a row whose
  party has arrived (a hire `picked_up`, a guest or a patient `checked_in`): a reservation or
  an appointment book keeps years."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.events import plans_and_actuals, punched
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# the under-way labels (vocab/outcomes.UNDER_WAY) that say the thing itself runs, not that its
# party arrived
RUNNING = UNDER_WAY - {"picked_up", "checked_in", "in_house", "on_site", "boarded"}


def scheduled(schema: Schema, table: Table, config: Config) -> bool:
    """The third sign (see the module): a status of planned, under way and done rows on a
    table that takes place at a moment."""
    status = lifecycle_status(schema, table)
    start = takes_place(schema, table, config)
    column = table.column(start) if start is not None else None
    if status is None or column is None:
        return False
    if resolve_type(schema, column.type).kind not in ("timestamp", "timestamptz"):
        return False
    meanings = lifecycle_meanings(status[1]) or {}
    under = any(normalise(label) in RUNNING for label in meanings)
    kinds = set(meanings.values())
    return under and "ahead" in kinds and "done" in kinds


@memo.by_identity
def operations(schema: Schema, table: Table, config: Config) -> bool:
    """Whether the table is a timetable of operations by any of the module's signs."""
    return (
        plans_and_actuals(schema, table)
        or punched(schema, table)
        or scheduled(schema, table, config)
    )
