"""How big the building a piece of works makes is, by the works' kind a parent states, on a
schema of our own (a builder's construction projects on building sites, each of a project
kind whose label a CHECK lists): a project's floor area and height are its kind's (a new
house 60-450 m2 and 4.5-13 m, an extension 8-150 m2, an apartment block 400-40,000 m2 and 9-90
m, vocab/data/magnitudes_works.tsv), stated even where the columns may be NULL, and not a
share of its site's plot area (rules/magnitude.py: a kind another parent states says more
than a parent's measure). Before: 0.09 and 0.11 at seeds 1 and 2 (a share of the plot, no
size by kind: an apartment block no bigger than an extension)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE building_sites (id serial PRIMARY KEY, site_name text NOT NULL,
  plot_area_m2 numeric(10,1) NOT NULL CHECK (plot_area_m2 > 0));
CREATE TABLE project_kinds (id serial PRIMARY KEY, kind_label text NOT NULL
  CHECK (kind_label IN ('new_house', 'house_extension', 'apartment_block',
                        'commercial_building')));
CREATE TABLE construction_projects (id bigserial PRIMARY KEY,
  site_id int NOT NULL REFERENCES building_sites(id),
  kind_id int NOT NULL REFERENCES project_kinds(id),
  floor_area_sqm numeric(10,1), building_height_m numeric(5,1),
  started_on date NOT NULL);
"""

SIZES = """
SELECT count(*), count(*) FILTER (WHERE p.floor_area_sqm BETWEEN b.amin AND b.amax
                                    AND p.building_height_m BETWEEN b.hmin AND b.hmax)
FROM construction_projects p JOIN project_kinds k ON k.id = p.kind_id
JOIN (VALUES ('new_house', 60, 450, 4.5, 13), ('house_extension', 8, 150, 2.7, 9),
             ('apartment_block', 400, 40000, 9, 90), ('commercial_building', 80, 50000, 4, 80))
  AS b(kind, amin, amax, hmin, hmax) ON b.kind = k.kind_label
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_works_measure_what_their_kind_measures(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 400}, "tables": {"public.building_sites": {"rows": 60}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        judged, held = share(conninfo, SIZES)
        assert judged == 400 and held >= 0.98, (judged, held)
        bigger, _ = share(
            conninfo,
            "SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY p.floor_area_sqm) "
            "FILTER (WHERE k.kind_label = 'apartment_block') > 5 * percentile_cont(0.5) "
            "WITHIN GROUP (ORDER BY p.floor_area_sqm) FILTER (WHERE k.kind_label = "
            "'house_extension'))::int, 1 FROM construction_projects p "
            "JOIN project_kinds k ON k.id = p.kind_id",
        )
        assert bigger == 1
