"""Column recognition: every pattern of recognise.PATTERN_TABLE, family by family, reaches its
generator through `decide_column`, in snake case, camelCase and behind a prefix; the column's
type, length, CHECK and comment refine the choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.config.file import parse_config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.recognise import AFFIX_RULES, PATTERNS, Pattern
from workbench.generate.kinds.semantics import GENERATORS, decide_column
from workbench.schema.parse import parse_schema_text

_SQL_TYPE = {
    "text": "text",
    "int": "integer",
    "decimal": "numeric(12,2)",
    "float": "real",
    "timestamptz": "timestamptz",
    "date": "date",
    "inet": "inet",
    "macaddr": "macaddr",
    "uuid": "uuid",
}
FAMILIES = sorted({p.family for p in PATTERNS})


def _decide(column: str, sql_type: str, table: str = "records", extra: str = "") -> str:
    ddl = f'CREATE TABLE {table} (id serial PRIMARY KEY, "{column}" {sql_type}{extra});'
    schema = parse_schema_text(ddl, "schema.sql").schema
    t = schema.tables[f"public.{table}"]
    config = parse_config({}, Path("sandbox.toml"))
    col = next(c for c in t.columns if c.name == column)
    return decide_column(schema, t, col, config).generator


def _sql_type(pattern: Pattern) -> tuple[str, str]:
    """A type of the pattern's kinds, and that kind."""
    for kind in ("text", "int", "decimal", "float", "timestamptz", "inet", "macaddr"):
        if kind in pattern.kinds:
            return _SQL_TYPE[kind], kind
    raise AssertionError(pattern)


def _first_owner(synonym: str, kinds: frozenset[str]) -> str:
    """The generator the table gives this synonym for these kinds (the first line wins)."""
    return next(p.generator for p in PATTERNS if p.synonym == synonym and kinds & p.kinds)


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(w.capitalize() for w in rest)


def test_the_table_is_large_and_every_generator_exists() -> None:
    assert len(PATTERNS) + len(AFFIX_RULES) >= 250
    assert {p.generator for p in PATTERNS} <= set(GENERATORS)
    assert {rule[1] for rule in AFFIX_RULES} <= set(GENERATORS)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_pattern_of_the_family_is_recognised(family: str) -> None:
    patterns = [p for p in PATTERNS if p.family == family]
    assert patterns
    wrong = []
    for p in patterns:
        sql_type, kind = _sql_type(p)
        expected = _first_owner(p.synonym, frozenset({kind}))
        for name in (p.synonym, _camel(p.synonym), f"billing_{p.synonym}"):
            if name == f"billing_{p.synonym}" and p.synonym in ("name", "title", "label"):
                continue
            got = _decide(name, sql_type)
            if got != expected:
                wrong.append((name, sql_type, expected, got))
    assert not wrong, wrong


def test_normalise_handles_camel_case_and_punctuation() -> None:
    assert normalise("shippingPostalCode") == "shipping_postal_code"
    assert normalise("HTTPStatusCode") == "http_status_code"
    assert normalise("e-mail") == "e_mail"
    assert normalise("lastLoginIP") == "last_login_ip"


@pytest.mark.parametrize(
    ("column", "sql_type", "expected"),
    [
        ("external_uuid", "text", "uuid"),  # text named *_uuid holds UUIDs
        ("profile_url", "text", "url"),
        ("num_visits", "integer", "count"),
        ("completion_pct", "numeric(5,2)", "percentage"),
        ("file_sha256", "text", "checksum"),
        ("stripe_customer_id", "text", "reference"),
        ("shipped_at", "timestamptz", "timestamp"),
        ("launch_year", "integer", "year"),
        ("lifetime_value", "numeric(12,2)", "price"),
        ("is_featured", "integer", "flag"),  # an integer is_* is a 0/1 flag
        ("has_warranty", "smallint", "flag"),
        # a rate's unit is not the quantity: a count per hour, not an hour of the day
        ("capacity_per_hour", "integer", "int"),
        ("visits_per_month", "smallint", "int"),
    ],
)
def test_affix_rules(column: str, sql_type: str, expected: str) -> None:
    assert _decide(column, sql_type) == expected


@pytest.mark.parametrize(
    ("column", "sql_type", "expected"),
    [
        ("country", "varchar(2)", "country_code"),
        ("country", "char(3)", "country_code3"),
        ("country", "varchar(80)", "country"),
        ("state", "char(2)", "region_code"),
        ("gender", "char(1)", "gender_code"),
        ("language", "varchar(2)", "language_code"),
        ("colour", "varchar(7)", "hex_colour"),
        ("isbn", "varchar(10)", "isbn10"),
        ("email", "varchar(4)", "text"),  # too short for any address: the type decides
        ("iban", "integer", "int"),  # a name never overrides an incompatible type
    ],
)
def test_type_and_length_refine(column: str, sql_type: str, expected: str) -> None:
    assert _decide(column, sql_type) == expected


@pytest.mark.parametrize(
    ("table", "column", "sql_type", "expected"),
    [
        # a table of people: a bare title is a job title, an extension a phone extension
        ("employees", "title", "varchar(30)", "job_title"),
        ("contacts", "extension", "varchar(4)", "phone_extension"),
        ("attachments", "extension", "varchar(10)", "file_extension"),
        ("posts", "title", "text", "title"),
        ("employees", "title_of_courtesy", "varchar(25)", "honorific"),
        ("employees", "titleOfCourtesy", "varchar(25)", "honorific"),
        # the type decides: a real discount is a fraction, a numeric one an amount
        ("order_details", "discount", "real", "discount_fraction"),
        ("order_details", "discount", "numeric(10,2)", "price"),
        ("products", "discontinued", "integer", "flag"),
        ("products", "active", "smallint", "flag"),
        ("products", "quantity_per_unit", "varchar(20)", "pack_size"),
        ("products", "quantity_per_unit", "varchar(10)", "text"),  # too short for a pack
        # a person's weight and headline differ from a parcel's weight and a news headline
        ("patients", "weight_kg", "numeric(5,1)", "body_weight"),
        ("parcels", "weight_kg", "numeric(8,2)", "weight"),
        ("products", "weight_grams", "integer", "weight_grams"),
        ("users", "headline", "text", "profile_headline"),
        ("articles", "headline", "text", "news_headline"),
        ("members", "bio", "text", "bio"),
        ("staff", "salary", "integer", "salary"),
        ("staff", "monthly_salary", "numeric(10,2)", "monthly_salary"),
        ("staff", "base_salary", "numeric(10,2)", "salary"),
        ("donors", "blood_type", "varchar(3)", "blood_type"),
        ("addresses", "house_number", "varchar(10)", "house_number"),
        ("suppliers", "vat_number", "varchar(15)", "vat_number"),
        ("customers", "nation", "text", "country"),
        # a bare registration is a number plate only in a table of vehicles
        ("vehicles", "registration", "varchar(10)", "licence_plate"),
        ("fleet_cars", "registration_number", "varchar(10)", "licence_plate"),
        ("events", "registration", "varchar(10)", "text"),
        ("cards", "registration", "varchar(10)", "text"),  # `car` is not a word of `cards`
        ("cars", "vin", "char(17)", "vin"),
        ("cars", "number_plate", "varchar(10)", "licence_plate"),
        ("product_reviews", "title", "varchar(40)", "review_title"),
    ],
)
def test_table_and_type_decide_the_meaning(
    table: str, column: str, sql_type: str, expected: str
) -> None:
    assert _decide(column, sql_type, table=table) == expected


def test_check_and_comment_refine() -> None:
    extra = " CHECK (\"gender\" IN ('f', 'm'))"
    assert _decide("gender", "text", extra=extra) == "choice"
    # meaning first, the CHECK a filter: real codes listed keep the column a country's
    extra = " CHECK (\"country_code\" IN ('US', 'CA'))"
    assert _decide("country_code", "char(2)", extra=extra) == "country_code"
    extra = " CHECK (\"country_code\" IN ('US', 'XX'))"
    assert _decide("country_code", "char(2)", extra=extra) == "choice"
    ddl = (
        "CREATE TABLE t (id int, code text, ref text);"
        "COMMENT ON COLUMN t.code IS 'International Bank Account Number (IBAN)';"
    )
    schema = parse_schema_text(ddl, "schema.sql").schema
    table = schema.tables["public.t"]
    config = parse_config({}, Path("sandbox.toml"))
    code = next(c for c in table.columns if c.name == "code")
    assert decide_column(schema, table, code, config).generator == "iban"


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("customers", "full_name"),
        ("products", "product_name"),
        ("categories", "category_name"),
        ("companies", "company"),
        ("projects", "project_name"),
        ("teams", "team_name"),
        ("articles", "title"),
        ("blog_posts", "title"),
        ("widgets", "thing_name"),
        ("subjects", "subject_name"),
        ("school_subjects", "subject_name"),
        ("email_subject_lines", "thing_name"),
    ],
)
def test_name_columns_follow_their_table(table: str, expected: str) -> None:
    assert _decide("name", "text", table=table) == expected
