"""Rated loads and speeds by what a thing is, on a schema of our own (a hospital trust's
estates register: sites, buildings, their conveyances kept as a text kind under a CHECK in
American units, and a vertical-transport asset list with an enum of compound labels in tonnes
and kilometres an hour), checked in SQL on what a real PostgreSQL holds:

- a conveyance's rated load and speed fit its kind, in the unit its column names (pounds and
  feet a minute; tonnes and km/h): a dumbwaiter carries at most 300 kg, a bed lift a bed and
  its porters, a platform lift crawls, a freight elevator carries tonnes slowly;
- a kind that has no such quantity leaves its nullable column NULL (an escalator or a moving
  walk has no rated load), and a kind that has one states it;
- the kind is read whatever its spelling: a text column's CHECK list in title case and
  spaces, an enum of snake-case compounds, in a table whose name says nothing of lifts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE transport_kind AS ENUM ('passenger_lift', 'goods_lift', 'stretcher_lift',
  'service_dumbwaiter', 'stairlift', 'travelator');
CREATE TABLE estates (id serial PRIMARY KEY, trust_name text NOT NULL);
CREATE TABLE buildings (id serial PRIMARY KEY, estate_id int NOT NULL REFERENCES estates(id),
  name text NOT NULL, storeys smallint NOT NULL);
CREATE TABLE elevators (id serial PRIMARY KEY, building_id int NOT NULL REFERENCES buildings(id),
  asset_tag varchar(16) NOT NULL UNIQUE,
  conveyance_kind text NOT NULL CHECK (conveyance_kind IN ('Passenger', 'Freight',
    'Hospital Bed', 'Dumb-waiter', 'Wheelchair Platform', 'Escalator', 'Moving Walk')),
  capacity_lbs integer, speed_fpm numeric(6,1) NOT NULL CHECK (speed_fpm > 0),
  commissioned_on date);
CREATE TABLE vertical_transport (id serial PRIMARY KEY,
  building_id int NOT NULL REFERENCES buildings(id), kind transport_kind NOT NULL,
  rated_load_t numeric(6,3), speed_kmh numeric(5,2) NOT NULL);
"""
LB = 2.20462  # pounds in a kilogram
FPM = 196.85  # feet a minute in a metre a second
# each kind: (lowest, highest kg or NULL when it has none, lowest, highest m/s)
BANDS = {
    "passenger": (180, 2500, 0.15, 21.0),
    "goods": (300, 10000, 0.10, 2.50),
    "bed": (1000, 2500, 0.40, 2.50),
    "dumbwaiter": (10, 300, 0.10, 1.00),
    "platform": (100, 500, 0.03, 0.15),
    "walkway": (None, None, 0.40, 0.75),
}
ELEVATORS = {
    "Passenger": "passenger",
    "Freight": "goods",
    "Hospital Bed": "bed",
    "Dumb-waiter": "dumbwaiter",
    "Wheelchair Platform": "platform",
    "Escalator": "walkway",
    "Moving Walk": "walkway",
}
TRANSPORT = {
    "passenger_lift": "passenger",
    "goods_lift": "goods",
    "stretcher_lift": "bed",
    "service_dumbwaiter": "dumbwaiter",
    "stairlift": "platform",
    "travelator": "walkway",
}


@pytest.fixture(scope="module")
def loaded(pg_cluster) -> Iterator[str]:
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 700}}) as conninfo:
        yield conninfo


def _fits(kinds: dict[str, str], kind: str, load: str, speed: str) -> str:
    """A CASE over the kind's labels: the load (in kg) and speed (in m/s) within its band."""
    arms = []
    for label, thing in kinds.items():
        lo, hi, slow, fast = BANDS[thing]
        weighs = f"{load} IS NULL" if lo is None else f"{load} BETWEEN {lo} AND {hi}"
        arms.append(f"WHEN '{label}' THEN {weighs} AND {speed} BETWEEN {slow} AND {fast}")
    return f"CASE {kind} {' '.join(arms)} END"


@pytest.mark.parametrize(
    ("table", "kind", "load", "speed", "kinds"),
    [
        ("elevators", "conveyance_kind", f"capacity_lbs / {LB}", f"speed_fpm / {FPM}", ELEVATORS),
        ("vertical_transport", "kind", "rated_load_t * 1000", "speed_kmh / 3.6", TRANSPORT),
    ],
)
def test_a_rated_load_and_speed_fit_the_kind(
    loaded: str, table: str, kind: str, load: str, speed: str, kinds: dict[str, str]
) -> None:
    n, held = share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE {_fits(kinds, kind, load, speed)}) FROM {table}",
    )
    assert n == 700 and held >= 0.98, held


def test_kinds_are_told_apart(loaded: str) -> None:
    """Not one band for all: a goods lift carries more than a passenger lift at the median, a
    passenger lift runs faster than a wheelchair platform, and both kinds without a rated
    load occur (the NULLs are the kind's, not a null fraction's)."""
    _, ordered = share(
        loaded,
        """SELECT 1, (percentile_cont(0.5) WITHIN GROUP (ORDER BY capacity_lbs)
                       FILTER (WHERE conveyance_kind = 'Freight')
                    > percentile_cont(0.5) WITHIN GROUP (ORDER BY capacity_lbs)
                       FILTER (WHERE conveyance_kind = 'Passenger')
                   AND min(speed_fpm) FILTER (WHERE conveyance_kind = 'Passenger')
                    > max(speed_fpm) FILTER (WHERE conveyance_kind = 'Wheelchair Platform'))::int
           FROM elevators""",
    )
    assert ordered == 1
    lacking, _ = share(
        loaded,
        "SELECT count(*), 0 FROM elevators WHERE conveyance_kind IN ('Escalator', 'Moving Walk')"
        " UNION ALL SELECT count(*), 0 FROM vertical_transport WHERE kind = 'travelator'"
        " ORDER BY 1 LIMIT 1",
    )
    assert lacking >= 10
