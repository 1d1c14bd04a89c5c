"""A burial space measures what its kind measures, on a schema of our own (a parish
churchyard register): spaces of kinds 'earth_grave', 'family_grave', 'cremation_plot' and
'urn_niche' with their sides in centimetres. The footprint rule sizes them from
data/footprints.tsv (an earth grave about 2.3 by 1 m, a family grave as long and twice as wide,
a cremation plot under a metre and a quarter, a niche under 0.6 m); before, no line named a
grave, and the spaces took whatever a bare length takes."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE churchyards (id serial PRIMARY KEY, parish text NOT NULL);
CREATE TABLE burial_spaces (id serial PRIMARY KEY,
  churchyard_id int NOT NULL REFERENCES churchyards(id),
  space_kind text NOT NULL CHECK (space_kind IN
    ('earth_grave', 'family_grave', 'cremation_plot', 'urn_niche')),
  length_cm numeric(6,1) NOT NULL CHECK (length_cm > 0),
  width_cm numeric(6,1) NOT NULL CHECK (width_cm > 0));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=request.param) as c:
        yield c


def test_a_burial_space_has_the_size_of_its_kind(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE space_kind
               WHEN 'earth_grave' THEN length_cm BETWEEN 180 AND 280 AND width_cm BETWEEN 70 AND 140
               WHEN 'family_grave' THEN length_cm BETWEEN 180 AND 280
                    AND width_cm BETWEEN 140 AND 280
               WHEN 'cremation_plot' THEN length_cm BETWEEN 40 AND 120
                    AND width_cm BETWEEN 40 AND 120
               ELSE length_cm BETWEEN 20 AND 60 AND width_cm BETWEEN 20 AND 60 END)
           FROM burial_spaces""",
    )
    assert applies > 100 and held >= 0.98, (applies, held)
