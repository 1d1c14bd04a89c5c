"""A row's own tax rate is the rate of the country it reaches, on a schema of our own (car
washes in several countries, each country with its `standard_vat_rate`, and washes charged
net, VAT at a rate, gross). kinds/tax_rates.py read only a rate named as one of
kinds/arithmetic.RATES (`vat_rate`), so a country's `standard_vat_rate` was no rate and a
wash's `vat_rate` was drawn: a wash in Germany charged at 7 % beside one at 25 %. Now a rate
qualified as the usual one counts (not a reduced one), and a row that keeps its own rate takes
the one it reaches (load/totals_load._reached_tax), its VAT and gross from it."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  standard_vat_rate numeric(5,2) NOT NULL, reduced_vat_rate numeric(5,2) NOT NULL);
CREATE TABLE wash_sites (id serial PRIMARY KEY, name text NOT NULL, street text NOT NULL,
  city text NOT NULL, country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE washes (id bigserial PRIMARY KEY,
  site_id int NOT NULL REFERENCES wash_sites(id),
  washed_at timestamptz NOT NULL,
  amount_net numeric(10,2) NOT NULL CHECK (amount_net >= 0),
  vat_rate numeric(5,2) NOT NULL,
  vat_amount numeric(10,2) NOT NULL,
  amount_gross numeric(10,2) NOT NULL);
"""

SETTINGS = {"generate": {"rows": 600}, "tables": {"public.countries": {"rows": 12}}}

AT_ITS_RATE = """
SELECT count(*), count(*) FILTER (WHERE w.vat_rate = c.standard_vat_rate
  AND abs(w.vat_amount - round(w.amount_net * w.vat_rate / 100, 2)) <= 0.01
  AND abs(w.amount_gross - (w.amount_net + w.vat_amount)) <= 0.01)
FROM washes w JOIN wash_sites s ON s.id = w.site_id JOIN countries c ON c.code = s.country_code
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_wash_at_its_countrys_standard_rate(loaded: str) -> None:
    applies, holds = share(loaded, AT_ITS_RATE)
    assert applies > 300 and holds >= 0.98, (applies, holds)
