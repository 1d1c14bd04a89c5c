"""A business's reference tables hold the business's world, on a schema of our own (a concert
promoter: fans and artists from its countries, ticket orders and FX quotes in its currencies).
No place of its own keys a country and no column names a region, but it keeps money in
currencies: its table of countries is the score of markets it sells in (plan/roles.markets_of,
`trades`), each with the currency really used there, and its table of currencies holds those
markets' currencies and the most traded (plan/roles.currencies_held), each with its ISO 4217
minor units, name and symbol, not the world's 100 countries by population and ISO 4217's 160
codes (the Congolese franc and the North Korean won in a promoter's price list)."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.engine.loading import loaded_database, share
from workbench.config.file import parse_config
from workbench.generate.generators import currencies
from workbench.generate.plan.roles import role_of
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE currencies (iso_code char(3) PRIMARY KEY CHECK (iso_code ~ '^[A-Z]{3}$'),
  label varchar(60) NOT NULL, decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 4),
  symbol varchar(5) NOT NULL);
CREATE TABLE countries (alpha2 char(2) PRIMARY KEY, country_name varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL REFERENCES currencies(iso_code));
CREATE TABLE artists (id serial PRIMARY KEY, stage_name text NOT NULL,
  home_country char(2) NOT NULL REFERENCES countries(alpha2));
CREATE TABLE fans (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  country char(2) NOT NULL REFERENCES countries(alpha2));
CREATE TABLE ticket_orders (id bigserial PRIMARY KEY, fan_id int NOT NULL REFERENCES fans(id),
  artist_id int NOT NULL REFERENCES artists(id), ordered_at timestamptz NOT NULL,
  currency_iso char(3) NOT NULL REFERENCES currencies(iso_code),
  total numeric(10,2) NOT NULL CHECK (total > 0));
CREATE TABLE fx_quotes (id serial PRIMARY KEY,
  base_currency char(3) NOT NULL REFERENCES currencies(iso_code),
  quote_currency char(3) NOT NULL REFERENCES currencies(iso_code),
  rate numeric(18,8) NOT NULL CHECK (rate > 0), CHECK (base_currency <> quote_currency));
"""

# written here: the currency used in the world's larger economies and the European markets
USED = (
    "('US','USD'),('CA','CAD'),('MX','MXN'),('BR','BRL'),('AR','ARS'),('CL','CLP'),"
    "('GB','GBP'),('IE','EUR'),('FR','EUR'),('DE','EUR'),('NL','EUR'),('BE','EUR'),"
    "('LU','EUR'),('AT','EUR'),('IT','EUR'),('ES','EUR'),('PT','EUR'),('GR','EUR'),"
    "('FI','EUR'),('HR','EUR'),('SK','EUR'),('SI','EUR'),('EE','EUR'),('LV','EUR'),"
    "('LT','EUR'),('MT','EUR'),('CY','EUR'),('CH','CHF'),('SE','SEK'),('NO','NOK'),"
    "('DK','DKK'),('IS','ISK'),('PL','PLN'),('CZ','CZK'),('HU','HUF'),('RO','RON'),"
    "('TR','TRY'),('JP','JPY'),('CN','CNY'),('KR','KRW'),('IN','INR'),('SG','SGD'),"
    "('HK','HKD'),('AU','AUD'),('NZ','NZD'),('ZA','ZAR'),('AE','AED'),('SA','SAR'),"
    "('IL','ILS')"
)
# written here: widely held currencies, with their ISO 4217 minor units and a sign each
HELD = (
    "('USD',2,'$'),('EUR',2,'€'),('GBP',2,'£'),('JPY',0,'¥'),('CHF',2,NULL),('CAD',2,NULL),"
    "('AUD',2,NULL),('NZD',2,NULL),('SEK',2,'kr'),('NOK',2,'kr'),('DKK',2,'kr'),"
    "('ISK',0,'kr'),('PLN',2,'zł'),('CZK',2,'Kč'),('HUF',2,'Ft'),('RON',2,NULL),"
    "('BGN',2,NULL),('TRY',2,'₺'),('RUB',2,'₽'),('CNY',2,'¥'),('HKD',2,NULL),('SGD',2,NULL),"
    "('KRW',0,'₩'),('INR',2,'₹'),('TWD',2,NULL),('THB',2,'฿'),('IDR',2,NULL),('MYR',2,NULL),"
    "('PHP',2,'₱'),('MXN',2,NULL),('BRL',2,'R$'),('ARS',2,NULL),('CLP',0,NULL),"
    "('COP',2,NULL),('PEN',2,NULL),('ZAR',2,'R'),('ILS',2,'₪'),('AED',2,NULL),"
    "('SAR',2,NULL),('QAR',2,NULL),('KWD',3,NULL),('BHD',3,NULL),('OMR',3,NULL),"
    "('JOD',3,NULL),('VND',0,'₫'),('UAH',2,'₴')"
)


@pytest.fixture(scope="module", params=[1, 7])
def loaded(pg_cluster, request):
    settings = {"generate": {"rows": 600}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_the_countries_are_the_markets_with_the_currency_used_there(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM (VALUES {USED})
                u(iso, ccy) WHERE u.iso = c.alpha2 AND u.ccy = c.currency_iso))
            FROM countries c""",
    )
    assert 10 <= applies <= 60, applies
    assert held >= 0.9, held


def test_the_currencies_are_the_markets_and_the_traded_ones(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE h.code IS NOT NULL AND h.minor = c.decimals
                AND (h.sign IS NULL OR h.sign = c.symbol))
            FROM currencies c LEFT JOIN (VALUES {HELD}) h(code, minor, sign)
              ON h.code = c.iso_code""",
    )
    assert 12 <= applies <= 30, applies  # theirs and the few most traded (TRADED_KEPT)
    assert held == 1.0, held
    # each market's currency is on the list (its key holds the country's own, not another)
    _, present = share(
        loaded,
        """SELECT count(DISTINCT currency_iso), count(DISTINCT currency_iso) FILTER (
               WHERE currency_iso IN (SELECT iso_code FROM currencies)) FROM countries""",
    )
    assert present == 1.0


def test_a_quote_between_two_currencies_is_at_the_market_level(loaded: str) -> None:
    """With few currencies a base and quote drawn alike are common (a CHECK base <> quote then
    redraws the quote): the row quotes another currency at that one's level, not at par."""
    levels = ",".join(f"('{c}',{v})" for c, v in currencies.PER_USD.items())
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE f.rate / (q.per_usd / b.per_usd)
               BETWEEN 0.95 AND 1.05)
            FROM fx_quotes f JOIN (VALUES {levels}) b(code, per_usd) ON b.code = f.base_currency
            JOIN (VALUES {levels}) q(code, per_usd) ON q.code = f.quote_currency""",
    )
    assert applies >= 100 and held == 1.0, (applies, held)


def test_nothing_narrows_a_list_of_the_world() -> None:
    """A schema keeping no money (a gazetteer: places under countries, each country naming its
    currency) lists the world's countries and currencies at their natural sizes."""
    ddl = """
    CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
    CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
      currency_code char(3) NOT NULL REFERENCES currencies(code));
    CREATE TABLE landmarks (id serial PRIMARY KEY, name text NOT NULL,
      country_code char(2) NOT NULL REFERENCES countries(code));
    """
    schema = parse_schema_text(ddl, "schema.sql").schema
    config = parse_config({"generate": {"rows": 600}}, REPO / "sandbox.toml")
    sizes = {t.name: role_of(schema, t, config).natural for t in schema.tables.values()}
    assert sizes["countries"] == 100 and sizes["currencies"] == 160, sizes
