"""A person's national number in their country's format, with its check digits and the birth
date it encodes, on an insurer of our own (countries, policyholders with a date of birth and a
`personal_number`, claims): a British one is a National Insurance number, an American one an
SSN never in area 000 or 666, a German one a tax id with its ISO 7064 check digit, a Dutch BSN
passes the 11-check, a French NIR carries the year and month of birth and its key, a Swedish
personnummer the birth date and Luhn's digit, a Polish PESEL the date (the century in the
month) and its check digit, a Spanish DNI its letter, a Danish CPR number the birth date, a
Finnish HETU the date, the century sign and its check character, a Belgian national number the
date and its check (over a leading 2 for those born from 2000)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE country (iso_code char(2) PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE policyholder (id bigserial PRIMARY KEY, full_name text NOT NULL,
  date_of_birth date, residence_country char(2) NOT NULL REFERENCES country(iso_code),
  personal_number varchar(24), joined_at timestamptz NOT NULL);
CREATE TABLE claim (id bigserial PRIMARY KEY,
  policyholder_id bigint NOT NULL REFERENCES policyholder(id), lodged_at timestamptz NOT NULL);
"""

# per country: the number's shape and what its country's validation checks, in SQL on `n`
# (the number without spaces) and `b` (the date of birth)
VALID = {
    "GB": "n ~ '^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$'"
    " AND left(n, 2) NOT IN ('BG','GB','NK','KN','TN','NT','ZZ')",
    "US": "n ~ '^[0-8][0-9]{2}-[0-9]{2}-[0-9]{4}$' AND left(n, 3) NOT IN ('000', '666')"
    " AND substr(n, 5, 2) <> '00' AND right(n, 4) <> '0000'",
    "DE": "n ~ '^[1-9][0-9]{10}$' AND right(n, 1)::int = (SELECT CASE WHEN 11 - p = 10 THEN 0"
    " ELSE 11 - p END FROM (SELECT (WITH RECURSIVE s(k, p) AS (SELECT 0, 10 UNION ALL SELECT"
    " k + 1, (CASE WHEN (substr(n, k + 1, 1)::int + p) % 10 = 0 THEN 10 ELSE"
    " (substr(n, k + 1, 1)::int + p) % 10 END) * 2 % 11 FROM s WHERE k < 10)"
    " SELECT p FROM s WHERE k = 10) AS p) q)",
    "NL": "n ~ '^[0-9]{9}$' AND (SELECT sum((10 - i) * substr(n, i, 1)::int) FROM"
    " generate_series(1, 8) i) % 11 = right(n, 1)::int",
    "FR": "n ~ '^[12][0-9]{14}$' AND (b IS NULL OR substr(n, 2, 4) = to_char(b, 'YYMM'))"
    " AND 97 - left(n, 13)::bigint % 97 = right(n, 2)::int",
    "SE": "n ~ '^[0-9]{6}-[0-9]{4}$' AND (b IS NULL OR left(n, 6) = to_char(b, 'YYMMDD'))"
    " AND (SELECT sum(d / 10 + d % 10) FROM (SELECT substr(replace(n, '-', ''), i, 1)::int"
    " * (2 - (i + 1) % 2) AS d FROM generate_series(1, 10) i) x) % 10 = 0",
    "PL": "n ~ '^[0-9]{11}$' AND (b IS NULL OR left(n, 6) = to_char(b, 'YY') || lpad("
    "(extract(month FROM b)::int + CASE WHEN b >= '2000-01-01' THEN 20 ELSE 0 END)::text,"
    " 2, '0') || to_char(b, 'DD')) AND (10 - (SELECT sum(substr(n, i, 1)::int * (ARRAY[1, 3,"
    " 7, 9])[(i - 1) % 4 + 1]) FROM generate_series(1, 10) i) % 10) % 10 = right(n, 1)::int",
    "ES": "n ~ '^[0-9]{8}[A-Z]$' AND substr('TRWAGMYFPDXBNJZSQVHLCKE',"
    " left(n, 8)::int % 23 + 1, 1) = right(n, 1)",
    "DK": "n ~ '^[0-9]{6}-[0-9]{4}$' AND (b IS NULL OR left(n, 6) = to_char(b, 'DDMMYY'))",
    "FI": "n ~ '^[0-9]{6}[-+A][0-9]{3}[0-9A-Y]$' AND (b IS NULL OR (left(n, 6) = to_char(b,"
    " 'DDMMYY') AND substr(n, 7, 1) = CASE WHEN b >= '2000-01-01' THEN 'A' ELSE '-' END))"
    " AND substr('0123456789ABCDEFHJKLMNPRSTUVWXY', (left(n, 6) || substr(n, 8, 3))::int"
    " % 31 + 1, 1) = right(n, 1)",
    "BE": "n ~ '^[0-9]{11}$' AND (b IS NULL OR left(n, 6) = to_char(b, 'YYMMDD'))"
    " AND 97 - ((CASE WHEN b >= '2000-01-01' THEN '2' ELSE '' END) || left(n, 9))::bigint"
    " % 97 = right(n, 2)::int",
}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 3000},
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as ci:
        yield ci


def test_a_personal_number_is_valid_for_its_country(loaded: str) -> None:
    """Every country drawn holds valid numbers only; the draw reaches nearly every country
    listed (which ones at 3,000 rows is the seed's choice, so no country is skipped alone)."""
    drawn = []
    for country in sorted(VALID):
        applies, held = share(
            loaded,
            f"SELECT count(*), count(*) FILTER (WHERE {VALID[country]}) FROM ("
            "SELECT upper(replace(personal_number, ' ', '')) AS n, date_of_birth AS b"
            f" FROM policyholder WHERE residence_country = '{country}'"
            " AND personal_number IS NOT NULL) p",
        )
        if applies:
            assert held == 1.0, country
            drawn.append(country)
    assert len(drawn) >= len(VALID) - 3, drawn


def test_the_countries_drawn_include_some_with_birth_dates(loaded: str) -> None:
    applies, _ = share(
        loaded,
        "SELECT count(*), 0 FROM policyholder WHERE date_of_birth IS NOT NULL"
        " AND personal_number IS NOT NULL AND residence_country IN ('SE', 'PL', 'FR')",
    )
    assert applies >= 20
