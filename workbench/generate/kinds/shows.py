"""A show people come to see: a concert, a gig, a performance, a recital, a play, read from
the table's name (`concerts`, `gig_dates`), or a table of events held over a planned window
whose way in opens before the start (a time of its doors or gates opening: `doors_open_at`,
`gates_open_at`) or that is held at a venue (a required key to a table of venues, arenas,
theatres, stadiums). Such a thing is put on in the evening and lasts hours
(rules/fixture_hours.py, rules/span.py).

A time that opens the way in before a row's start (`doors_open_at`, `gates_open_at`,
`boarding_starts_at`, `check_in_opens_at`): its words (vocab/durations.LEADS) say how long
before the start it comes (rules/doors.py). Read from names only, any schema."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import required_parents
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# the last word of a table of shows (a concert's, a recital's rows)
SHOW_WORDS = frozenset({"concert", "concerts", "gig", "gigs", "show", "shows", "performance",
                        "performances", "recital", "recitals", "opera", "operas", "ballet",
                        "ballets", "musical", "musicals", "cabaret", "cabarets", "premiere",
                        "premieres", "matinee", "matinees"})  # fmt: skip
# a show of things, not a show put on (a trade show, a car show: the day's hours), and a
# performance measured (a performance review)
NOT_SHOWS = frozenset({"trade", "car", "motor", "boat", "dog", "horse", "road", "job", "art"})
# a table of events (`events`, `live_events`)
EVENT_WORDS = frozenset({"event", "events"})
# a table of places a show is put on at
VENUE_WORDS = frozenset({"venue", "venues", "arena", "arenas", "theatre", "theatres", "theater",
                         "theaters", "stadium", "stadiums", "auditorium", "auditoriums",
                         "amphitheatre", "amphitheater", "playhouse", "playhouses", "stage",
                         "stages"})  # fmt: skip
# the words of the way in a show opens before it starts
DOORS = frozenset({"doors", "door", "gates", "gate"})


def _words(name: str) -> list[str]:
    return normalise(name).split("_")


def _timestamp(schema: Schema, table: Table, column: str) -> bool:
    found = next((c for c in table.columns if c.name == column), None)
    if found is None:
        return False
    return resolve_type(schema, found.type).kind in ("timestamp", "timestamptz")


def doors_time(schema: Schema, table: Table) -> str | None:
    """The table's time its doors (its gates) open: a timestamp named with a doors word."""
    for column in table.columns:
        if DOORS & set(_words(column.name)) and _timestamp(schema, table, column.name):
            return column.name
    return None


def is_show(schema: Schema, table: Table) -> bool:
    """Whether the rows are shows people come to see (see the module's text)."""
    words = _words(table.name)
    if words[-1] in SHOW_WORDS:
        return not (len(words) > 1 and words[-2] in NOT_SHOWS)
    if words[-1] not in EVENT_WORDS:
        return False
    if doors_time(schema, table) is not None:
        return True
    return any(
        _words(parent.name)[-1] in VENUE_WORDS for _, parent in required_parents(schema, table)
    )
