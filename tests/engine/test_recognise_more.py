"""Recognition of the columns real dumps hold beyond the common table of test_realism: names
written without separators (`dateofbirth`, `discountinpercent`), the people and trades of
books, companies and shipments, image URLs, text primary keys, and the numbers of films,
episodes and tracks. Each column has a rule a reviewer would apply, written before the
generators; the tables are loaded into a real PostgreSQL and read back."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any

import psycopg
import pytest

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.base.names import normalise
from workbench.generate.kinds.recognise import split_words
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

Rule = Callable[[Any], bool]
NOW = "2026-03-10T09:00:00+00:00"  # the run's clock, pinned: a Tuesday morning
TODAY = date(2026, 3, 10)
RESERVED = r"(example\.(com|org|net)|[a-z0-9-]+\.(test|example|invalid))"
LOREM = re.compile(r"\b(lorem|ipsum|dolor|amet|consectetur|adipiscing)\b", re.I)


def rx(pattern: str) -> Rule:
    compiled = re.compile(pattern)
    return lambda v: isinstance(v, str) and compiled.fullmatch(v) is not None


def between(lo: float, hi: float) -> Rule:
    return lambda v: v is not None and lo <= float(v) <= hi


def words(max_len: int) -> Rule:
    """A proper name of a few capitalised words, no lorem ipsum, no sentence."""
    shape = re.compile(r"[A-Z][\w'&.-]*( (&|and|of|the|[A-Z0-9][\w'&.-]*))*")
    return lambda v: (
        isinstance(v, str)
        and len(v) <= max_len
        and shape.fullmatch(v) is not None
        and not LOREM.search(v)
    )


def aged(lo: int, hi: int) -> Rule:
    """A date of birth `lo` to `hi` years before the run's clock."""
    return lambda v: isinstance(v, date) and lo <= (TODAY - v).days / 365.25 <= hi


PERSON = rx(r"[A-Z][a-zA-Z'-]+( [A-Z][a-zA-Z'.-]+)+")
IMAGE_URL = rx(rf"https://([a-z0-9-]+\.)*{RESERVED}/[\w/.-]+\.(jpg|jpeg|png|webp|gif)")
SLUG = rx(r"[a-z0-9]+(-[a-z0-9]+){0,8}")
# cuid (c + 24), cuid2 (24 lower alnum), uuid, nanoid (21 url-safe): what Prisma's defaults make
TEXT_KEY = rx(
    r"c[a-z0-9]{24}|[a-z][a-z0-9]{23}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|[A-Za-z0-9_-]{21}"
)
COLOUR_WORDS = {
    "red", "green", "blue", "black", "white", "yellow", "orange", "purple", "grey", "gray",
    "pink", "brown", "navy", "teal", "olive", "maroon", "silver", "gold", "beige", "ivory",
    "turquoise", "violet", "cyan", "magenta", "lime", "indigo", "coral", "crimson", "charcoal",
    "cream", "khaki", "burgundy", "lavender", "mint", "tan", "sky", "light", "dark", "forest",
    "royal", "blush", "rose", "sand", "slate", "stone", "emerald", "ruby", "mustard", "aqua",
}  # fmt: skip


def colour_name(v: Any) -> bool:
    return isinstance(v, str) and all(w in COLOUR_WORDS for w in v.lower().split())


SCHEMA = """
CREATE TABLE customers (customerid integer PRIMARY KEY, firstname text, lastname text,
  dateofbirth date, currentaddressid integer, emailaddress text);
CREATE TABLE products (productid integer PRIMARY KEY, name text, slugname text, size integer,
  originalprice numeric(10,2), reducedprice numeric(10,2), discountinpercent integer,
  taxrate numeric(5,2), color_name text);
CREATE TABLE books (id serial PRIMARY KEY, title text, author text, publisher text);
CREATE TABLE companies (id serial PRIMARY KEY, name text, industry text);
CREATE TABLE shipments (id serial PRIMARY KEY, carrier text, shipping_carrier varchar(40));
CREATE TABLE "User" (id text PRIMARY KEY, name text, image text, avatar text, photo text,
  picture varchar(200), "profilePicture" text);
CREATE TABLE film (film_id serial PRIMARY KEY, title text, length smallint,
  rental_duration smallint, rental_rate numeric(4,2), replacement_cost numeric(5,2));
CREATE TABLE episodes (id serial PRIMARY KEY, title text, runtime integer, duration integer);
CREATE TABLE tracks (id serial PRIMARY KEY, name text, milliseconds integer,
  duration_ms integer, length integer);
CREATE TABLE people (id serial PRIMARY KEY, first_name text, last_name text, gender text);
CREATE TABLE patients (id serial PRIMARY KEY, full_name text,
  sex char(1) CHECK (sex IN ('M', 'F')));
"""
RULES: dict[str, dict[str, Rule]] = {
    "customers": {
        "customerid": between(1, 10**9),
        "dateofbirth": aged(16, 100),
        "currentaddressid": between(1, 10**9),
        "emailaddress": rx(rf"[a-z0-9._%+-]+@{RESERVED}"),
    },
    "products": {
        "productid": between(1, 10**9),
        "slugname": SLUG,
        "size": between(1, 100),
        "discountinpercent": between(0, 100),
        "taxrate": between(0, 30),
        "color_name": colour_name,
    },
    "books": {"author": PERSON, "publisher": words(60)},
    "companies": {"industry": words(50)},
    "shipments": {"carrier": words(40), "shipping_carrier": words(40)},
    "User": {
        "id": TEXT_KEY,
        "image": IMAGE_URL,
        "avatar": IMAGE_URL,
        "photo": IMAGE_URL,
        "picture": IMAGE_URL,
        "profilePicture": IMAGE_URL,
    },
    "film": {
        "length": between(40, 240),
        "rental_duration": between(1, 14),
        "rental_rate": between(0.99, 9.99),
        "replacement_cost": between(9.99, 29.99),
    },
    "episodes": {"runtime": between(20, 70), "duration": between(20, 70)},
    "tracks": {
        "milliseconds": between(60_000, 600_000),
        "duration_ms": between(60_000, 600_000),
        "length": between(60_000, 600_000),  # milliseconds, as MusicBrainz's track.length
    },
}
# a vocabulary, not free text: few distinct values however many rows
VOCABULARIES = [("companies", "industry"), ("shipments", "carrier"), ("products", "color_name")]


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    dbname = pg_cluster.create_database()
    tmp = tmp_path_factory.mktemp("recognise_more")
    config = parse_config({"generate": {"rows": 500, "now": NOW}}, tmp / "sandbox.toml")
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    read: dict[str, list[Any]] = {}
    try:
        with psycopg.connect(pg_cluster.conninfo(dbname), autocommit=True) as conn:
            apply_statements(conn, parsed, "pre")
            plan = build_plan(parsed.schema, config, seed=11)
            load_data(conn, parsed.schema, plan, config, seed=11)
            for table, rules in RULES.items():
                for column in rules:
                    rows = conn.execute(f'SELECT "{column}" FROM "{table}"').fetchall()
                    read[f"{table}.{column}"] = [
                        float(r[0]) if isinstance(r[0], Decimal) else r[0]
                        for r in rows
                        if r[0] is not None
                    ]
            pair = conn.execute(
                "SELECT count(*) FILTER (WHERE reducedprice > originalprice), count(*), "
                "count(*) FILTER (WHERE abs(originalprice * (100 - discountinpercent) / 100 "
                "- reducedprice) > 0.011) FROM products "
                "WHERE reducedprice IS NOT NULL AND originalprice IS NOT NULL"
            ).fetchone()
            assert pair is not None
            read["products.reduced_over_original"] = list(pair)
            read["people"] = conn.execute("SELECT first_name, gender FROM people").fetchall()
            read["patients"] = conn.execute(
                "SELECT split_part(full_name, ' ', 1), sex FROM patients"
            ).fetchall()
    finally:
        pg_cluster.drop_database(dbname)
    return read


def _implausible(read: dict[str, list[Any]]) -> dict[str, tuple[int, int, list[Any]]]:
    out = {}
    for table, rules in RULES.items():
        for column, rule in rules.items():
            values = read[f"{table}.{column}"]
            bad = [v for v in values if not rule(v)]
            if bad or not values:
                out[f"{table}.{column}"] = (len(bad), len(values), bad[:3])
    return out


def test_every_column_plausible(loaded: dict[str, list[Any]]) -> None:
    implausible = _implausible(loaded)
    total = sum(len(r) for r in RULES.values())
    print(f"recognise-more: {total - len(implausible)}/{total} columns plausible: {implausible}")
    assert not implausible


def test_vocabularies_are_small(loaded: dict[str, list[Any]]) -> None:
    for key in VOCABULARIES:
        values = loaded[".".join(key)]
        assert values and len(set(values)) <= 60, (key, len(set(values)), values[:5])


def test_reduced_price_never_above_original(loaded: dict[str, list[Any]]) -> None:
    above, total, disagree = loaded["products.reduced_over_original"]
    assert total > 100 and above == 0, f"reduced > original in {above} of {total}"
    # the row's discount percentage is the discount the reduced price shows
    assert disagree <= total * 0.1, f"discount disagrees with the prices in {disagree} of {total}"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("dateofbirth", "date_of_birth"),
        ("discountinpercent", "discount_in_percent"),
        ("taxrate", "tax_rate"),
        ("currentaddressid", "current_address_id"),
        ("slugname", "slug_name"),
        ("originalprice", "original_price"),
        ("customerid", "customer_id"),
        # a word the table knows is never split
        ("username", "username"),
        ("postcode", "postcode"),
        ("firstname", "firstname"),
        ("birthdate", "birthdate"),
        # no full cover by known words: left alone
        ("xqzvalue", "xqzvalue"),
        ("released", "released"),
        ("atname", "atname"),  # no name starts with a joining word
        ("onorderqty", "on_order_qty"),
    ],
)
def test_run_together_names_split_into_known_words(name: str, expected: str) -> None:
    assert split_words(normalise(name)) == expected


@pytest.mark.parametrize(
    ("table", "female", "male"), [("people", "female", "male"), ("patients", "F", "M")]
)
def test_gender_agrees_with_first_name(
    loaded: dict[str, list[Any]], table: str, female: str, male: str
) -> None:
    """Among rows whose gender is one of the two and whose first name is on exactly one of
    Faker's en_US lists, at least 90 % agree."""
    from faker.providers.person.en_US import Provider

    women, men = set(Provider.first_names_female), set(Provider.first_names_male)
    judged = agree = 0
    for name, gender in loaded[table]:
        if gender not in (female, male) or (name in women) == (name in men):
            continue
        judged += 1
        agree += (gender == female) == (name in women)
    print(f"gender {table}: {agree} of {judged} agree")
    assert judged > 200 and agree >= 0.9 * judged, f"{agree} of {judged} agree"
