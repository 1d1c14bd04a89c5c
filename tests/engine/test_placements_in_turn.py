"""A thing put in a place for a while, numbered per thing, is placed again only once its last
placement ended (kinds/windows: placed/removed, deployed/retrieved): a buoy's deployments are
numbered 1, 2, 3 in the order they began, each deployed on or after the previous one was
retrieved, and only the last one may still be out. On a schema of our own (an oceanographic
institute's buoys), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SCHEMA = """
CREATE TABLE research_vessel (vessel_id int PRIMARY KEY, vessel_name varchar(60) NOT NULL);
CREATE TABLE buoy (buoy_id int PRIMARY KEY, serial_code varchar(16) NOT NULL UNIQUE,
  commissioned_on date NOT NULL);
CREATE TABLE mooring_site (site_id int PRIMARY KEY, site_label varchar(40) NOT NULL,
  depth_m numeric(6,1) NOT NULL);
CREATE TABLE buoy_deployment (deployment_id bigint PRIMARY KEY,
  buoy_id int NOT NULL REFERENCES buoy(buoy_id),
  seq_no int NOT NULL,
  site_id int NOT NULL REFERENCES mooring_site(site_id),
  vessel_id int REFERENCES research_vessel(vessel_id),
  deployed_on date NOT NULL,
  retrieved_on date,
  UNIQUE (buoy_id, seq_no));
"""
IN_TURN = """
SELECT count(*)::int, count(*) FILTER (WHERE seq_no = rn
  AND (prev_out IS NULL OR deployed_on >= prev_out)
  AND (retrieved_on IS NOT NULL OR rn = n)
  AND deployed_on <= :now::date)::int
FROM (SELECT *, row_number() OVER w AS rn, count(*) OVER (PARTITION BY buoy_id) AS n,
             lag(retrieved_on) OVER w AS prev_out
      FROM buoy_deployment WINDOW w AS (PARTITION BY buoy_id ORDER BY deployed_on, seq_no)) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_buoy_is_deployed_again_only_once_retrieved(loaded: str) -> None:
    applies, holds = share(loaded, IN_TURN, now=NOW)
    assert applies == 1000
    assert holds >= 0.98
