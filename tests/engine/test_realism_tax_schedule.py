"""A tax charged at the rate in force on the day, from a schedule of rates of its own, on a
schema of our own (a ferry line: countries, the ports it sails from, its sailings and the
tickets sold for them, and a table of the countries' sales-tax bands over time, which no ticket
references): checked in SQL on what a real PostgreSQL holds.

- each band carries its country's real standard VAT rate (rules/locale.py: a table of tax
  rates by country, the country a key to the table of countries);
- a country's bands are a price list (rules/latest_open.py): they follow one another with no
  gap and no overlap, the latest open, the first from the start of the run's history;
- a ticket's tax is its net at the rate of the band of its port's country in force on the day
  it was sold (kinds/tax_rates.schedule_of, load/totals_load.py), gross = net + tax.
Before, the bands' rates were drawn, with gaps between them, and the tax a rate drawn per row."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.vocab import countries

SCHEMA = """
CREATE TABLE countries (iso2 char(2) PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE sales_tax_bands (band_id serial PRIMARY KEY,
  nation_code char(2) NOT NULL REFERENCES countries(iso2), pct numeric(5,2) NOT NULL,
  effective_from date NOT NULL, effective_to date);
CREATE INDEX ON sales_tax_bands (nation_code, effective_from);
CREATE TABLE ports (port_id serial PRIMARY KEY, name text NOT NULL,
  nation_code char(2) NOT NULL REFERENCES countries(iso2));
CREATE TABLE sailings (sailing_id bigserial PRIMARY KEY,
  port_id int NOT NULL REFERENCES ports(port_id), departs_at timestamptz NOT NULL);
CREATE TABLE tickets (ticket_id bigserial PRIMARY KEY,
  sailing_id bigint NOT NULL REFERENCES sailings(sailing_id), sold_at timestamptz NOT NULL,
  net_amount numeric(10,2) NOT NULL, tax_amount numeric(10,2) NOT NULL,
  gross_amount numeric(10,2) NOT NULL);
"""

NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {"generate": {"rows": 400, "now": NOW}, "tables": {"countries": {"rows": 40}}}

IN_FORCE = """
SELECT count(*), count(*) FILTER (WHERE b.n = 1
         AND k.tax_amount = round(k.net_amount * b.pct / 100, 2)
         AND k.gross_amount = k.net_amount + k.tax_amount)
FROM tickets k JOIN sailings s ON s.sailing_id = k.sailing_id
JOIN ports p ON p.port_id = s.port_id
CROSS JOIN LATERAL (SELECT count(*) AS n, max(pct) AS pct FROM sales_tax_bands x
                    WHERE x.nation_code = p.nation_code
                      AND x.effective_from <= k.sold_at::date
                      AND (x.effective_to IS NULL OR x.effective_to >= k.sold_at::date)) b
"""

CHAINED = """
SELECT count(*), count(*) FILTER (WHERE (nxt IS NULL AND effective_to IS NULL)
                                  OR nxt = effective_to + 1)
FROM (SELECT effective_to,
             lead(effective_from) OVER (PARTITION BY nation_code ORDER BY effective_from) AS nxt
      FROM sales_tax_bands) w
"""


@pytest.fixture(scope="module", params=[1, 4])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_each_band_carries_its_countrys_vat(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute("SELECT nation_code, pct FROM sales_tax_bands").fetchall()
    known = [(c, float(p)) for c, p in rows if countries.standard_tax_rate(c) is not None]
    assert known and len(rows) == 400
    assert all(p == countries.standard_tax_rate(c) for c, p in known)


def test_a_countrys_bands_follow_one_another(loaded: str) -> None:
    applies, holds = share(loaded, CHAINED)
    assert applies > 0 and holds == 1.0, holds
    first = share(loaded, "SELECT count(*), count(*) FILTER (WHERE f <= (SELECT min(sold_at)"
                  "::date FROM tickets)) FROM (SELECT min(effective_from) AS f"
                  " FROM sales_tax_bands GROUP BY nation_code) m")  # fmt: skip
    assert first[1] == 1.0, first


def test_a_tickets_tax_is_at_the_band_in_force_that_day(loaded: str) -> None:
    applies, holds = share(loaded, IN_FORCE)
    assert applies == 400 and holds == 1.0, holds
