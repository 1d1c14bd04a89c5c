"""A life window (kinds/windows.life_of: a thing's start to the time that ended it, which its
children's times stay inside) is given only to a thing whose status has a label of death or
closure for good and whose end is named as that ending: a lighthouse `decommissioned` on
`decommissioned_on`, a tenant `deceased` at `deceased_at`, a subscriber `churned` at
`churned_at`.
Never to an event or a process's row (a ferry crossing boarded and landed, a berth booking
cancelled), nor to a thing whose status only pauses it (a league `suspended` until a time),
nor to one with no status saying it ended (a warden with a `deactivated_at`), nor where the
end or the start is a key's column. On a schema of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.config.file import parse_config
from workbench.generate.kinds.windows import in_force, life_of
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE lighthouse (lighthouse_id int PRIMARY KEY, lit_on date NOT NULL,
  light_status text NOT NULL
    CHECK (light_status IN ('operational', 'dimmed', 'decommissioned')),
  decommissioned_on date);
CREATE TABLE tenant (tenant_id int PRIMARY KEY, moved_in_at timestamptz NOT NULL,
  tenant_status text NOT NULL CHECK (tenant_status IN ('current', 'in_arrears', 'deceased')),
  deceased_at timestamptz);
CREATE TABLE subscriber (subscriber_id int PRIMARY KEY, signed_up_at timestamptz NOT NULL,
  subscriber_status text NOT NULL CHECK (subscriber_status IN ('trial', 'active', 'churned')),
  churned_at timestamptz);
CREATE TABLE league (league_id int PRIMARY KEY, inserted_at timestamptz NOT NULL,
  league_status text NOT NULL
    CHECK (league_status IN ('approved', 'active', 'suspended', 'inactive')),
  suspended_until timestamptz);
CREATE TABLE warden (warden_id int PRIMARY KEY, created_at timestamptz NOT NULL,
  deactivated_at timestamptz);
CREATE TABLE berth_booking (booking_id int PRIMARY KEY, booked_at timestamptz NOT NULL,
  booking_status text NOT NULL
    CHECK (booking_status IN ('requested', 'confirmed', 'completed', 'cancelled')),
  cancelled_at timestamptz);
CREATE TABLE crossing (crossing_id int PRIMARY KEY, boarded_at timestamptz NOT NULL,
  crossing_status text NOT NULL CHECK (crossing_status IN ('boarding', 'at_sea', 'landed')),
  landed_at timestamptz);
CREATE TABLE mooring (mooring_id int PRIMARY KEY, laid_on date NOT NULL,
  mooring_status text NOT NULL CHECK (mooring_status IN ('in_use', 'spare', 'removed')),
  removed_on date UNIQUE);
"""

LIVES = {
    "lighthouse": ("lit_on", "decommissioned_on"),
    "tenant": ("moved_in_at", "deceased_at"),
    "subscriber": ("signed_up_at", "churned_at"),
}
NO_LIFE = ["league", "warden", "berth_booking", "crossing", "mooring"]


def _schema():  # type: ignore[no-untyped-def]
    return parse_schema_text(SCHEMA, "schema.sql").schema, parse_config({}, Path("sandbox.toml"))


@pytest.mark.parametrize("table", sorted(LIVES))
def test_a_thing_that_ended_has_its_life(table: str) -> None:
    schema, config = _schema()
    life = life_of(schema, schema.tables[f"public.{table}"], config)
    assert life is not None and (life.start, life.end) == LIVES[table]
    assert life.validity
    assert in_force(schema, schema.tables[f"public.{table}"], config) == [life]


@pytest.mark.parametrize("table", NO_LIFE)
def test_no_life_for_events_pauses_statusless_or_keys(table: str) -> None:
    schema, config = _schema()
    t = schema.tables[f"public.{table}"]
    assert life_of(schema, t, config) is None
    # whatever window it is in force in, none ends at a life's end it does not have
    ended = {"suspended_until", "deactivated_at", "cancelled_at", "landed_at", "removed_on"}
    assert not any(w.end in ended for w in in_force(schema, t, config))
