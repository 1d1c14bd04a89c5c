"""A measure is scaled by the row's own kind, read from data (vocab/data/magnitudes_*.tsv,
vocab/data/item_prices.tsv), whatever the columns are called: an apheresis clinic's
collection draws what its protocol draws (a whole blood donation about 450 ml in about ten
minutes, a plateletpheresis a few hundred ml over an hour or two), in millilitres a person
gives, never a tank's 10^5, and a completed one states it (one under way has none yet); a
taproom's pour holds its measure's volume (a pint, a half, a schooner) though its column of
labels is called nothing like a kind; an eyewear shop's catalogue prices a frame, a contact
lens box and a bottle of solution as such things sell, in the currency the price column
names (`price_gbp`), whatever its shop's currency; a giver enrolled as an adult years ago is
still one (18-75) on the day of each collection. On a schema of our own, at three seeds, on
a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE collection_method AS ENUM ('whole_blood', 'double_red_cells', 'plateletpheresis');
CREATE TYPE collection_state AS ENUM ('started', 'completed', 'stopped_early');
CREATE TABLE clinic (clinic_id int PRIMARY KEY, clinic_name varchar(80) NOT NULL,
  city varchar(60) NOT NULL);
CREATE TABLE giver (giver_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  birth_date date NOT NULL, enrolled_at timestamptz NOT NULL);
CREATE TABLE collection (
  collection_id bigint PRIMARY KEY,
  clinic_id int NOT NULL REFERENCES clinic(clinic_id),
  giver_id int NOT NULL REFERENCES giver(giver_id),
  protocol collection_method NOT NULL,
  state collection_state NOT NULL,
  started_at timestamptz NOT NULL,
  completed_at timestamptz,
  amount_ml integer CHECK (amount_ml > 0));

CREATE TYPE pour_measure AS ENUM ('pint', 'half_pint', 'schooner');
CREATE TABLE taproom (taproom_id int PRIMARY KEY, taproom_name varchar(80) NOT NULL);
CREATE TABLE pour (
  pour_id bigint PRIMARY KEY,
  taproom_id int NOT NULL REFERENCES taproom(taproom_id),
  measure pour_measure NOT NULL,
  poured_at timestamptz NOT NULL,
  volume_ml numeric(6,1) NOT NULL);

CREATE TYPE eyewear_kind AS ENUM ('frame', 'sunglasses', 'contact_lens', 'lens_solution',
  'accessory');
CREATE TABLE shop (shop_id int PRIMARY KEY, shop_name varchar(80) NOT NULL,
  currency_code char(3) NOT NULL);
CREATE TABLE catalogue_item (
  item_id int PRIMARY KEY,
  shop_id int NOT NULL REFERENCES shop(shop_id),
  item_kind eyewear_kind NOT NULL,
  label varchar(120) NOT NULL,
  price_gbp numeric(10,2) NOT NULL CHECK (price_gbp >= 0));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

DRAWN = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE protocol
    WHEN 'whole_blood' THEN amount_ml BETWEEN 400 AND 560
    WHEN 'double_red_cells' THEN amount_ml BETWEEN 350 AND 500
    WHEN 'plateletpheresis' THEN amount_ml BETWEEN 150 AND 650 END)::int
FROM collection WHERE state = 'completed'
"""
LASTS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE protocol
    WHEN 'whole_blood' THEN completed_at - started_at BETWEEN interval '4 min' AND interval '20 min'
    WHEN 'double_red_cells' THEN completed_at - started_at
      BETWEEN interval '20 min' AND interval '45 min'
    WHEN 'plateletpheresis' THEN completed_at - started_at
      BETWEEN interval '45 min' AND interval '150 min' END)::int
FROM collection WHERE completed_at IS NOT NULL AND completed_at <= timestamptz :now
"""
POURED = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE measure
    WHEN 'pint' THEN volume_ml BETWEEN 470 AND 570
    WHEN 'half_pint' THEN volume_ml BETWEEN 235 AND 300
    WHEN 'schooner' THEN volume_ml BETWEEN 285 AND 425 END)::int
FROM pour
"""
OF_AGE = """
SELECT count(*)::int, count(*) FILTER (WHERE
  c.started_at::date >= g.birth_date + interval '18 years'
  AND c.started_at::date < g.birth_date + interval '76 years')::int
FROM collection c JOIN giver g ON g.giver_id = c.giver_id
"""
PRICED = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE item_kind
    WHEN 'frame' THEN price_gbp BETWEEN 20 AND 800
    WHEN 'sunglasses' THEN price_gbp BETWEEN 10 AND 500
    WHEN 'contact_lens' THEN price_gbp BETWEEN 5 AND 120
    WHEN 'lens_solution' THEN price_gbp BETWEEN 2 AND 30
    WHEN 'accessory' THEN price_gbp BETWEEN 1 AND 80 END)::int
FROM catalogue_item
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_collection_draws_what_its_protocol_draws_in_millilitres(loaded: str) -> None:
    applies, holds = share(loaded, DRAWN)
    assert applies >= 200
    assert holds >= 0.98


def test_a_collection_lasts_what_its_protocol_lasts(loaded: str) -> None:
    applies, holds = share(loaded, LASTS, now=NOW)
    assert applies >= 300
    assert holds >= 0.95


def test_a_giver_is_an_active_adult_on_the_day_of_each_collection(loaded: str) -> None:
    applies, holds = share(loaded, OF_AGE)
    assert applies == 1000
    assert holds >= 0.995


def test_a_pour_holds_its_measure_whatever_its_labels_column_is_called(loaded: str) -> None:
    applies, holds = share(loaded, POURED)
    assert applies == 1000
    assert holds >= 0.98


def test_an_item_is_priced_by_its_kind_in_the_currency_its_column_names(loaded: str) -> None:
    applies, holds = share(loaded, PRICED)
    assert applies == 1000
    assert holds >= 0.98
