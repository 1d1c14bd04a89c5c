"""Which lines are charged from a price list they do not name (kinds/list_prices.py), read
from the schema alone: a courier's rate card per service and country, a parcel of a service
sent from a depot of a country. A window that is a thing's own life (a job opened and closed)
is no price list."""

from __future__ import annotations

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate.kinds.holdings import load_before
from workbench.generate.kinds.list_prices import list_prices, price_list_columns
from workbench.schema.parse import parse_schema_text

RATE_CARD = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL);
CREATE TABLE services (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE rate_cards (id serial PRIMARY KEY,
  service_id int NOT NULL REFERENCES services(id),
  country_code char(2) NOT NULL REFERENCES countries(code),
  per_parcel_rate numeric(8,2) NOT NULL, valid_from date NOT NULL, valid_to date);
CREATE TABLE depots (id serial PRIMARY KEY,
  country_code char(2) NOT NULL REFERENCES countries(code), label text NOT NULL);
CREATE TABLE consignments (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id), sent_on date NOT NULL);
CREATE TABLE parcels (id bigserial PRIMARY KEY,
  consignment_id int NOT NULL REFERENCES consignments(id),
  service_id int NOT NULL REFERENCES services(id), scanned_at timestamptz NOT NULL,
  rate numeric(8,2) NOT NULL);
CREATE TABLE repair_jobs (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id), quoted_amount numeric(8,2) NOT NULL,
  opened_at timestamptz NOT NULL, closed_at timestamptz);
CREATE TABLE fuel_purchases (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id), bought_at timestamptz NOT NULL,
  amount numeric(8,2) NOT NULL);
"""


def _schema():
    return parse_schema_text(RATE_CARD, "schema.sql").schema


def test_a_parcel_is_charged_the_rate_card_of_its_service_and_depot_country() -> None:
    schema = _schema()
    config = parse_config({}, REPO / "sandbox.toml")
    found = list_prices(schema, config)
    assert set(found) == {"public.parcels"}
    (lp,) = found["public.parcels"]
    assert (lp.price, lp.item, lp.source, lp.money) == (
        "rate", "service_id", "public.rate_cards", "per_parcel_rate",
    )  # fmt: skip
    assert [(q.column, q.hops, q.column_of_line) for q in lp.qualifiers] == [
        ("country_code", ("consignment_id", "depot_id"), "country_code")
    ]
    assert ("public.parcels", "public.rate_cards") in load_before(schema, config)
    kept = price_list_columns(schema, config)
    assert {"service_id", "country_code", "per_parcel_rate", "valid_from"} <= kept[
        "public.rate_cards"
    ]
    assert kept["public.depots"] == {"country_code"}
