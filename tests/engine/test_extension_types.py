"""Types that extensions add: PostGIS geometries shaped by their typmod, pgvector literals."""

from __future__ import annotations

import json
import re

import numpy as np
import psycopg
import pytest

from tests.conftest import MakeProject, run_cli
from workbench.errors import ServerError
from workbench.generate.generators.extension_values import (
    geometry_values,
    sparsevec_values,
    vector_values,
)
from workbench.postgres.binaries import resolve
from workbench.schema.parse import parse_schema_text

SPATIAL = """
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE TABLE places (
  id serial PRIMARY KEY,
  zone geometry(Polygon,4326) NOT NULL,
  spot geography(Point) NOT NULL,
  anything geometry NOT NULL,
  route geometry(LineStringZ,3857) NOT NULL,
  areas geometry(MultiPolygon,4326) NOT NULL,
  pins geometry(MultiPoint) NOT NULL,
  paths geometry(MultiLineString,4326) NOT NULL,
  bag geometry(GeometryCollection,4326) NOT NULL,
  measured geometry(PointM,4326) NOT NULL
);
CREATE INDEX places_zone ON places USING gist (zone);
"""

# column -> (GeometryType() as PostGIS reports it, SRID)
EXPECTED = {
    "zone": ("POLYGON", 4326),
    "spot": ("POINT", 4326),
    "anything": ("POINT", 0),
    "route": ("LINESTRING", 3857),
    "areas": ("MULTIPOLYGON", 4326),
    "pins": ("MULTIPOINT", 0),
    "paths": ("MULTILINESTRING", 4326),
    "bag": ("GEOMETRYCOLLECTION", 4326),
    "measured": ("POINTM", 4326),
}


def test_typmod_is_kept_as_postgresql_prints_it() -> None:
    parsed = parse_schema_text(SPATIAL)
    cols = {c.name: c.type.sql() for c in parsed.schema.tables["public.places"].columns}
    assert cols["zone"].lower() == "public.geometry(polygon,4326)"
    assert cols["spot"].lower() == "public.geography(point,4326)"  # PostGIS's default SRID
    assert cols["anything"] == "public.geometry"


def test_postgis_columns_get_valid_shapes_of_their_typmod(make_project: MakeProject) -> None:
    try:
        # PostGIS chooses the server: the machine's PostgreSQL where the wheel's lacks it.
        resolve(needs=["postgis"])
    except ServerError as err:
        pytest.skip(f"no server with PostGIS (.ci/run installs Debian's): {err}")
    config = make_project(SPATIAL, embedded=True)
    cfg = ["--config", str(config)]
    result = run_cli("generate", "--yes", "--rows", "300", *cfg)
    assert result.returncode == 0, result.stderr
    assert "differs from schema.sql" not in result.stderr  # typmods match the server's view
    env = json.loads(run_cli("env", "--json", *cfg).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        for col, (kind, srid) in EXPECTED.items():
            geom = f"{col}::geometry" if col == "spot" else col
            rows = conn.execute(
                f"SELECT count(*), count(*) FILTER (WHERE ST_IsValid({geom})),"
                f" array_agg(DISTINCT GeometryType({geom})), array_agg(DISTINCT ST_SRID({geom}))"
                " FROM places"
            ).fetchone()
            assert rows == (300, 300, [kind], [srid]), col


def test_geometry_texts_are_closed_and_tagged() -> None:
    rng = np.random.default_rng(1)
    polys = geometry_values(rng, 50, ("Polygon", "4326"), geography=False)
    for text in polys:
        assert text.startswith("SRID=4326;POLYGON((")
        coords = re.findall(r"(-?\d+\.?\d*) (-?\d+\.?\d*)", text)
        assert coords[0] == coords[-1]  # a closed ring
        assert len(set(coords)) == 4
    z = geometry_values(rng, 5, ("PointZ",), geography=False)
    assert all(re.fullmatch(r"POINT Z \(\S+ \S+ \S+\)", t) for t in z)


def test_vector_literals_have_the_typmod_dimensions() -> None:
    rng = np.random.default_rng(2)
    for text in vector_values(rng, 20, 5):
        inner = text.removeprefix("[").removesuffix("]").split(",")
        assert len(inner) == 5 and all(-1 <= float(v) <= 1 for v in inner)
    assert all(len(t.split(",")) == 3 for t in vector_values(rng, 5, None))
    for text in sparsevec_values(rng, 20, 10):
        body, dims = text.split("/")
        assert dims == "10"
        idx = [int(p.split(":")[0]) for p in body.strip("{}").split(",")]
        assert idx == sorted(set(idx)) and idx[0] >= 1 and idx[-1] <= 10
