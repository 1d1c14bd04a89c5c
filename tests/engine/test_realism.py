"""Realism: a table of common column names, each with a rule a reviewer would apply (a regular
expression, a checksum, a range or a vocabulary), written before the generators. The table is
loaded into a real PostgreSQL and read back; at least 95 % of its columns must be plausible
(every non-NULL value of the column passes its rule)."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

Rule = Callable[[Any], bool]


def rx(pattern: str, flags: int = 0) -> Rule:
    compiled = re.compile(pattern, flags)
    return lambda v: isinstance(v, str) and compiled.fullmatch(v) is not None


def between(lo: float, hi: float) -> Rule:
    return lambda v: v is not None and lo <= float(v) <= hi


def one_of(*words: str) -> Rule:
    allowed = {w.lower() for w in words}
    return lambda v: isinstance(v, str) and v.lower() in allowed


def luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def ean_ok(code: str) -> bool:
    if not code.isdigit() or len(code) not in (8, 12, 13, 14):
        return False
    body, check = code[:-1], int(code[-1])
    weights = [3 if i % 2 == 0 else 1 for i in range(len(body))]
    total = sum(int(d) * w for d, w in zip(reversed(body), weights, strict=True))
    return (10 - total % 10) % 10 == check


def isbn_ok(value: Any) -> bool:
    code = str(value).replace("-", "").replace(" ", "")
    if len(code) == 13:
        return code[:3] in ("978", "979") and ean_ok(code)
    if len(code) == 10 and code[:9].isdigit():
        total = sum((10 - i) * int(d) for i, d in enumerate(code[:9]))
        check = code[9].upper()
        return (total + (10 if check == "X" else int(check) if check.isdigit() else -99)) % 11 == 0
    return False


def iban_ok(value: Any) -> bool:
    code = str(value).replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", code):
        return False
    moved = code[4:] + code[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def card_ok(value: Any) -> bool:
    digits = str(value).replace(" ", "").replace("-", "")
    return digits.isdigit() and 13 <= len(digits) <= 19 and luhn(digits)


def imei_ok(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 15 and value.isdigit() and luhn(value)


def doc_ip(value: Any, version: int | None = None) -> bool:
    try:
        ip = ipaddress.ip_address(str(value).split("/")[0])
    except ValueError:
        return False
    nets = ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32"]
    if version is not None and ip.version != version:
        return False
    return any(ip in ipaddress.ip_network(n) for n in nets)


def vin_ok(value: Any) -> bool:
    """17 characters, no I/O/Q, and the ISO 3779 check digit in position 9."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-HJ-NPR-Z0-9]{17}", value):
        return False
    translit = dict(
        zip(
            "ABCDEFGHJKLMNPRSTUVWXYZ",
            [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
            strict=True,
        )
    )
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    total = sum(
        (int(c) if c.isdigit() else translit[c]) * w for c, w in zip(value, weights, strict=True)
    )
    return value[8] == ("X" if total % 11 == 10 else str(total % 11))


def country_name(value: Any) -> bool:
    from faker.providers.address.en_US import Provider as Address

    common = {"United States", "United Kingdom", "South Korea", "Russia", "Vietnam", "Iran"}
    return isinstance(value, str) and (value in Address.countries or value in common)


def first_person(value: Any) -> bool:
    """A sentence or two about oneself: starts with a capital, says I/my, ends a sentence,
    and is not lorem ipsum."""
    return (
        isinstance(value, str)
        and re.fullmatch(r"[A-Z].{15,300}[.!?]", value, re.S) is not None
        and re.search(r"\b(I|I'm|I've|my|me)\b", value) is not None
        and re.search(r"\b(lorem|ipsum|dolor|amet)\b", value, re.I) is None
    )


def fictional_phone(value: Any) -> bool:
    from workbench.seed.fiction import phone_is_fictional

    return phone_is_fictional(str(value)) is True


RESERVED = r"(example\.(com|org|net)|[a-z0-9-]+\.(test|example|invalid))"
WORDS = r"[A-Z][A-Za-z'&.-]*( (&|and|of|the|for|to|in|a|[A-Z0-9][A-Za-z0-9'&.:,-]*))*"
COLOURS = one_of(
    "red", "green", "blue", "black", "white", "yellow", "orange", "purple", "grey", "gray",
    "pink", "brown", "navy", "teal", "olive", "maroon", "silver", "gold", "beige", "ivory",
    "turquoise", "violet", "cyan", "magenta", "lime", "indigo", "coral", "crimson", "charcoal",
)  # fmt: skip
CURRENCIES = one_of(
    "USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "SEK", "NZD", "NOK", "DKK", "PLN", "CZK",
    "INR", "BRL", "MXN", "SGD", "HKD", "CNY", "ZAR", "KRW", "TRY", "HUF", "ILS", "AED",
)  # fmt: skip
MIME = rx(r"(application|audio|font|image|text|video|multipart|model)/[\w.+-]+")
SEMVER = rx(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?")
UUID = rx(r"[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
STAMP = lambda v: isinstance(v, datetime) and 2000 <= v.year <= 2030  # noqa: E731
PERSON = rx(r"[A-Z][a-zA-Z'-]+( [A-Z][a-zA-Z'-]+)*")
TOKEN = rx(r"[A-Za-z0-9_.-]{20,}")

# name, SQL type, rule. Chosen as what real schemas hold (snake case, camelCase, prefixed).
COLUMNS: list[tuple[str, str, Rule]] = [
    ("email", "text", rx(rf"[a-z0-9._%+-]+@{RESERVED}")),
    ("contact_email", "varchar(254)", rx(rf"[a-z0-9._%+-]+@{RESERVED}")),
    ("first_name", "varchar(50)", PERSON),
    ("last_name", "varchar(50)", PERSON),
    ("middle_name", "text", PERSON),
    ("full_name", "text", rx(r"[A-Z][a-zA-Z'-]+( [A-Z][a-zA-Z'.-]+)+")),
    ("username", "varchar(30)", rx(r"[a-z0-9._-]{3,30}")),
    # international form, in a range reserved for fiction (the doctor's list, docs/data.md)
    (
        "phone_number",
        "text",
        lambda v: rx(r"\+\d{1,3}[ -][\d -]{7,15}|\+\d{8,15}")(v) and fictional_phone(v),
    ),  # or E.164
    ("street_address", "text", rx(r"\d+[A-Za-z]? [A-Z0-9].*")),
    ("city", "text", rx(r"[A-Z][A-Za-zÀ-ÿ .'-]+")),
    ("billing_city", "varchar(80)", rx(r"[A-Z][A-Za-zÀ-ÿ .'-]+")),
    ("state", "text", rx(r"[A-Z][A-Za-zÀ-ÿ .'-]+")),
    ("zip_code", "varchar(10)", rx(r"[A-Z0-9][A-Z0-9 -]{2,9}")),
    ("shippingPostalCode", "varchar(12)", rx(r"[A-Z0-9][A-Z0-9 -]{2,11}")),
    ("country_code", "char(2)", rx(r"[A-Z]{2}")),
    ("country", "varchar(2)", rx(r"[A-Z]{2}")),
    ("latitude", "numeric(9,6)", between(-90, 90)),
    ("longitude", "float8", between(-180, 180)),
    ("mac_address", "text", rx(r"([0-9a-f]{2}:){5}[0-9a-f]{2}", re.I)),
    ("ip_address", "text", lambda v: doc_ip(v, 4)),
    ("ipv6_address", "text", lambda v: doc_ip(v, 6)),
    ("lastLoginIp", "inet", doc_ip),
    ("hostname", "text", rx(rf"([a-z0-9-]+\.)*{RESERVED}")),
    ("website_url", "text", rx(rf"https?://([a-z0-9-]+\.)*{RESERVED}(/\S*)?")),
    ("avatar_url", "text", rx(rf"https?://([a-z0-9-]+\.)*{RESERVED}(/\S*)?")),
    ("user_agent", "text", rx(r"(Mozilla/5\.0 |curl/).*")),
    ("iban", "varchar(34)", iban_ok),
    ("bic", "varchar(11)", rx(r"[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?")),
    ("card_number", "varchar(19)", card_ok),
    ("currency_code", "char(3)", CURRENCIES),
    ("amount", "numeric(12,2)", between(0, 1_000_000)),
    ("unit_price", "numeric(10,2)", between(0.01, 100_000)),
    ("isbn", "varchar(17)", isbn_ok),
    ("ean", "varchar(13)", lambda v: isinstance(v, str) and len(v) == 13 and ean_ok(v)),
    ("upc", "varchar(12)", lambda v: isinstance(v, str) and len(v) == 12 and ean_ok(v)),
    ("sku", "varchar(32)", rx(r"[A-Z0-9][A-Z0-9-]{3,31}")),
    ("product_name", "text", rx(WORDS)),
    ("company_name", "text", rx(WORDS)),
    ("project_name", "text", rx(WORDS)),
    ("team_name", "text", rx(WORDS)),
    ("job_title", "text", rx(r"[A-Z].*")),
    ("title", "text", rx(r"[A-Z0-9].{3,119}")),
    ("slug", "text", rx(r"[a-z0-9]+(-[a-z0-9]+)*")),
    ("body", "text", rx(r"[A-Z].*\w.*[.!?]", re.S)),
    ("file_name", "text", rx(r"[\w.-]+\.[a-z0-9]{2,5}")),
    ("file_extension", "varchar(10)", rx(r"\.?[a-z0-9]{2,5}")),
    ("mime_type", "text", MIME),
    ("contentType", "varchar(100)", MIME),
    ("file_size", "bigint", between(1, 10**11)),
    ("checksum_sha256", "char(64)", rx(r"[0-9a-f]{64}")),
    ("md5", "text", rx(r"[0-9a-f]{32}")),
    (
        "password_hash",
        "text",
        rx(
            r"\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|\$argon2(id|i|d)\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+"
        ),
    ),
    ("api_key", "text", rx(r"[A-Za-z0-9_-]{24,}")),
    ("access_token", "text", TOKEN),
    ("gender", "text", one_of("female", "male", "non-binary", "other", "prefer not to say")),
    ("age", "int", between(0, 110)),
    ("birth_date", "date", lambda v: isinstance(v, date) and 1900 <= v.year <= 2025),
    # the SSA's format: no area 000, 666 or 9xx, no group 00, no serial 0000
    ("ssn", "text", rx(r"(?!000|666|9)\d{3}-(?!00)\d\d-(?!0000)\d{4}")),
    ("marital_status", "text", one_of("single", "married", "divorced", "widowed", "separated")),
    ("rating", "smallint", between(1, 5)),
    ("score", "int", between(0, 100)),
    ("percentage", "numeric(5,2)", between(0, 100)),
    ("discount_percent", "numeric(5,2)", between(0, 100)),
    ("hex_color", "varchar(7)", rx(r"#[0-9a-fA-F]{6}")),
    ("colour", "text", lambda v: COLOURS(v) or rx(r"#[0-9a-fA-F]{6}")(v)),
    ("version", "varchar(20)", SEMVER),
    ("locale", "varchar(10)", rx(r"[a-z]{2}([_-][A-Z]{2})?")),
    ("language_code", "varchar(5)", rx(r"[a-z]{2}(-[A-Z]{2})?")),
    ("timezone", "text", rx(r"UTC|[A-Z][a-z]+/[A-Za-z_]+(/[A-Za-z_]+)?")),
    ("external_uuid", "text", UUID),
    ("created_at", "timestamptz", STAMP),
    ("updated_at", "timestamptz", STAMP),
    ("quantity", "int", between(1, 1000)),
    ("year", "int", between(1950, 2030)),
    ("month", "smallint", between(1, 12)),
    ("duration_minutes", "int", between(1, 10_000)),
    ("imei", "varchar(15)", imei_ok),
    ("port", "int", between(1, 65535)),
    ("weight_kg", "numeric(8,2)", between(0.01, 1000)),
    ("height_cm", "numeric(5,1)", between(30, 250)),
    ("priority", "smallint", between(0, 10)),
    ("house_number", "varchar(10)", rx(r"[1-9]\d{0,3}[A-Za-z]?")),
    ("nation", "text", country_name),
    (
        "vat_number",
        "varchar(15)",
        rx(
            r"(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)"
            r"[0-9A-Z]{8,12}"
        ),
    ),
    ("vin", "char(17)", vin_ok),
    # a plate in its country's format (AB12 CDE, AB-123-CD, AB 123 CD, 1234 BCD) or a generic one
    ("license_plate", "varchar(10)", rx(r"[A-Z0-9]{1,4}([ -]?[A-Z0-9]{1,4}){1,2}")),
    ("number_plate", "text", rx(r"[A-Z0-9]{1,5}([ -]?[A-Z0-9]{1,5}){1,3}")),  # IN: DL 72 HC 8091
    ("blood_type", "varchar(3)", one_of("A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-")),
    ("salary", "numeric(10,2)", between(20_000, 300_000)),
    ("monthly_salary", "integer", between(1_000, 25_000)),
    ("weight_grams", "integer", between(1, 50_000)),
    ("bio", "text", first_person),
    # a news headline: words, not a numbered listicle ("10 Lessons We Learned…")
    ("headline", "text", rx(r"(?![0-9])[A-Z][\w'-]*( [\w'-]+){3,15}")),
]

DDL = (
    "CREATE TABLE records (\n  id serial PRIMARY KEY,\n"
    + ",\n".join(f'  "{name}" {sql_type}' for name, sql_type, _ in COLUMNS)
    + "\n);"
)


def test_realism_of_common_columns(fresh_db: str, tmp_path: Path) -> None:
    assert len(COLUMNS) >= 60
    config = parse_config(
        {"sandbox": {"seed": 7}, "generate": {"rows": 400}}, tmp_path / "sandbox.toml"
    )
    parsed = parse_schema_text(DDL, "schema.sql")
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=7)
        load_data(conn, parsed.schema, plan, config, seed=7)
        names = ", ".join(f'"{name}"' for name, _, _ in COLUMNS)
        rows = conn.execute(f"SELECT {names} FROM records").fetchall()
    assert len(rows) == 400
    implausible: dict[str, list[Any]] = {}
    for pos, (name, _, rule) in enumerate(COLUMNS):
        values = [row[pos] for row in rows if row[pos] is not None]
        assert values, f"{name}: every value NULL"
        bad = [v for v in values if not rule(v if not isinstance(v, Decimal) else float(v))]
        if bad:
            implausible[name] = bad[:3]
    share = 1 - len(implausible) / len(COLUMNS)
    print(f"realism: {share:.1%} of {len(COLUMNS)} columns plausible; implausible: {implausible}")
    assert share >= 0.95, f"{share:.1%} plausible; implausible columns: {implausible}"


# Northwind's shape (written here): the meaning of title, extension, discontinued, discount
# and quantity_per_unit depends on the table and the type, and the dates of an order follow it.
NORTHWIND = """
CREATE TABLE employees (employee_id smallint PRIMARY KEY, last_name varchar(20) NOT NULL,
  first_name varchar(10) NOT NULL, title varchar(30), title_of_courtesy varchar(25),
  birth_date date, hire_date date, extension varchar(4));
CREATE TABLE products (product_id smallint PRIMARY KEY, product_name varchar(40) NOT NULL,
  quantity_per_unit varchar(20), unit_price real, discontinued integer NOT NULL);
CREATE TABLE attachments (id serial PRIMARY KEY, extension varchar(10));
CREATE TABLE orders (order_id smallint PRIMARY KEY,
  employee_id smallint REFERENCES employees, order_date date, required_date date,
  shipped_date date, freight real);
CREATE TABLE order_details (order_id smallint NOT NULL REFERENCES orders,
  product_id smallint NOT NULL REFERENCES products, unit_price real NOT NULL,
  quantity smallint NOT NULL, discount real NOT NULL, PRIMARY KEY (order_id, product_id));
"""
NORTHWIND_RULES: dict[str, dict[str, Rule]] = {
    "employees": {
        "title_of_courtesy": one_of("Mr", "Ms", "Mrs", "Dr", "Mx", "Prof"),
        "extension": rx(r"[1-9]\d{2,3}"),
    },
    "attachments": {"extension": rx(r"\.?[a-z0-9]{2,5}")},
    "products": {
        "discontinued": lambda v: v in (0, 1),
        "quantity_per_unit": rx(
            r"\d+ (- \d+ (oz|ml|g|kg|l) \S+|boxes x \d+ bags)|\d+ (oz|ml|g|kg|l)"
        ),
    },
    "order_details": {"discount": between(0, 0.25)},
}


def test_northwind_columns_mean_what_their_table_says(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 300}}, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(NORTHWIND, "schema.sql")
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config, seed=3), config, seed=3)
        read = {
            (t, c): [r[0] for r in conn.execute(f"SELECT {c} FROM {t}") if r[0] is not None]
            for t, cols in {
                **NORTHWIND_RULES,
                "employees": {"title": None, **NORTHWIND_RULES["employees"]},
            }.items()
            for c in cols
        }
        late = conn.execute(
            "SELECT count(*) FILTER (WHERE shipped_date < order_date), count(*) FILTER "
            "(WHERE required_date < order_date), count(*) FILTER (WHERE shipped_date IS NOT "
            "NULL AND order_date IS NOT NULL) FROM orders"
        ).fetchone()
        discounts = {r[0] for r in conn.execute("SELECT DISTINCT discount FROM order_details")}
        flags = {r[0] for r in conn.execute("SELECT DISTINCT discontinued FROM products")}
    for table, rules in NORTHWIND_RULES.items():
        for column, rule in rules.items():
            values = read[(table, column)]
            assert values, f"{table}.{column}: every value NULL"
            bad = [v for v in values if not rule(v)]
            assert not bad, f"{table}.{column}: {bad[:3]}"
    titles = read[("employees", "title")]
    # a job title (Faker's list, cut to the column's 30 characters), not the person's name
    from faker.providers.job.en_US import Provider as Jobs

    jobs = [str(job) for job in Jobs.jobs]
    odd = [t for t in titles if not any(job.startswith(t) for job in jobs)]
    assert titles and not odd, odd[:5]
    assert late is not None and late[0] == 0 and late[1] == 0 and late[2] > 50
    assert flags == {0, 1} and 0 in discounts and len(discounts) > 2


# People and vehicles: the same names mean a person's weight and headline, a car's plate.
PEOPLE = """
CREATE TABLE employees (id serial PRIMARY KEY, weight_kg numeric(5,1), height_cm integer,
  headline text, bio text, salary integer, monthly_salary numeric(9,2));
CREATE TABLE vehicles (id serial PRIMARY KEY, registration varchar(10), vin char(17));
"""
PEOPLE_RULES: dict[str, dict[str, Rule]] = {
    "employees": {
        "weight_kg": between(45, 120),
        "height_cm": between(140, 210),
        "headline": rx(r"[A-Z][\w -]+ at [A-Z][\w&' .-]+"),
        "bio": first_person,
        "salary": between(20_000, 300_000),
        "monthly_salary": between(1_000, 25_000),
    },
    "vehicles": {"registration": rx(r"[A-Z0-9]{2,4}[ -]?[A-Z0-9]{2,4}"), "vin": vin_ok},
}


def test_people_and_vehicle_columns(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 200}}, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(PEOPLE, "schema.sql")
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config, seed=5), config, seed=5)
        for table, rules in PEOPLE_RULES.items():
            for column, rule in rules.items():
                values = [r[0] for r in conn.execute(f"SELECT {column} FROM {table}")]
                values = [float(v) if isinstance(v, Decimal) else v for v in values]
                assert any(v is not None for v in values), f"{table}.{column}: all NULL"
                bad = [v for v in values if v is not None and not rule(v)]
                assert not bad, f"{table}.{column}: {bad[:3]}"


# The calling code of each country, written here from the ITU list (not from the generator).
DIAL = {"US": "1", "CA": "1", "GB": "44", "FR": "33", "DE": "49", "ES": "34", "IT": "39",
        "NL": "31", "IN": "91", "BR": "55", "JP": "81", "AU": "61", "SE": "46", "PL": "48",
        "IE": "353", "CH": "41", "MX": "52"}  # fmt: skip
PHONES = """
CREATE TABLE customers (id serial PRIMARY KEY, phone varchar(20), mobile text,
  country_code char(2), city text);
CREATE TABLE suppliers (id serial PRIMARY KEY, contact_phone text, country varchar(60));
"""


def test_phones_dial_the_rows_country(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 400}}, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(PHONES, "schema.sql")
    names = {"United States": "US", "United States of America": "US", "Germany": "DE",
             "United Kingdom": "GB", "France": "FR", "Japan": "JP", "Australia": "AU"}  # fmt: skip
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config, seed=9), config, seed=9)
        rows = [
            *conn.execute("SELECT country_code, phone FROM customers"),
            *conn.execute("SELECT country_code, mobile FROM customers"),
            *(
                (names.get(c, c), p)
                for c, p in conn.execute("SELECT country, contact_phone FROM suppliers")
            ),
        ]
    known = [(c, p) for c, p in rows if c in DIAL and p is not None]
    assert len(known) > 300
    wrong = [(c, p) for c, p in known if not re.match(rf"\+{DIAL[c]}(?: |\d)", p)]
    share = 1 - len(wrong) / len(known)
    print(f"phones: {share:.1%} of {len(known)} numbers dial the row's country")
    assert share >= 0.95, wrong[:5]
    from workbench.seed.fiction import phone_is_fictional

    assert all(phone_is_fictional(p) for _, p in rows if p is not None)


REVIEWS = """
CREATE TABLE product_reviews (id serial PRIMARY KEY, rating smallint NOT NULL
  CHECK (rating BETWEEN 1 AND 5), title varchar(40), body text);
"""
# written before the generator: words a reader takes as praise or complaint
PRAISE = re.compile(
    r"great|love|excellent|perfect|recommend|worth|five stars|again|solid|better", re.I
)
COMPLAINT = re.compile(r"not |returned|disappoint|broke|poor|flimsy", re.I)


def test_review_titles_agree_with_the_rating(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 300}}, tmp_path / "sandbox.toml")
    parsed = parse_schema_text(REVIEWS, "schema.sql")
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config, seed=4), config, seed=4)
        rows = conn.execute("SELECT rating, title FROM product_reviews").fetchall()
    titled = [(r, t) for r, t in rows if t is not None]
    low = [t for r, t in titled if r <= 2]
    high = [t for r, t in titled if r >= 4]
    assert low and high
    assert not [t for t in high if COMPLAINT.search(t) and not PRAISE.search(t)], high
    assert not [t for t in low if PRAISE.search(t)], low
    assert sum(bool(COMPLAINT.search(t)) for t in low) >= 0.8 * len(low)
