"""Names a reviewer believes, read back from a real PostgreSQL: tags that never repeat in a row
and come from one vocabulary; trees of categories, departments, regions and folders whose
children read as parts of their parent; titles of films, books and albums, districts, cities,
and the names of the things a table holds (distinct from row to row).

Each property is checked on the shipped example or pagila15 and on small schemas written
here, with SQL a reviewer would write (unnest, recursive CTEs, regular expressions)."""

from __future__ import annotations

import re
from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.vocab.trees import BY_GENERATOR, all_names
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file, parse_schema_text


def _load(conninfo: str, parsed, config, seed: int = 42) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(
            conn, parsed.schema, build_plan(parsed.schema, config, seed=seed), config, seed=seed
        )
        apply_statements(conn, parsed, "post")  # unique indexes and FKs: duplicates fail here


def _rows(conninfo: str, query: str) -> list[tuple]:
    with psycopg.connect(conninfo) as conn:
        return conn.execute(query).fetchall()


def _one(conninfo: str, query: str):
    return _rows(conninfo, query)[0][0]


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    _load(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


# --- tags ----------------------------------------------------------------------------------

# A row holds a tag twice when its list has fewer distinct elements than elements.
REPEATS_ARRAY = "cardinality({c}) <> (SELECT count(DISTINCT x) FROM unnest({c}) x)"
REPEATS_JSON = (
    "jsonb_array_length({c}) <> (SELECT count(DISTINCT x) FROM jsonb_array_elements_text({c}) x)"
)
REPEATS_TEXT = (
    "cardinality(string_to_array({c}, ',')) <> "
    "(SELECT count(DISTINCT trim(x)) FROM unnest(string_to_array({c}, ',')) x)"
)
# Words of other vocabularies: a product is not tagged like a bug report or a blog post.
NOT_PRODUCT_TAGS = {"bug", "regression", "release-notes", "tutorial", "how-to", "needs-triage"}


def test_product_tags_never_repeat_and_read_like_a_shops(shop: str) -> None:
    c = "tags"
    assert _one(shop, f"SELECT count(*) FROM products WHERE {REPEATS_ARRAY.format(c=c)}") == 0
    used = {r[0] for r in _rows(shop, "SELECT DISTINCT unnest(tags) FROM products")}
    assert len(used) >= 15 and not used & NOT_PRODUCT_TAGS, sorted(used)
    several = _one(shop, "SELECT count(*) FROM products WHERE cardinality(tags) >= 2")
    assert several > 300  # lists, not a single word


TAGGED = """
CREATE TABLE articles (id serial PRIMARY KEY, title text NOT NULL,
  labels varchar(12)[] NOT NULL CHECK (cardinality(labels) BETWEEN 2 AND 3),
  keywords jsonb, tags varchar(30) NOT NULL);
CREATE TABLE tickets (id serial PRIMARY KEY, summary text,
  tags text[] CHECK (array_length(tags, 1) <= 2),
  labels text[] NOT NULL CHECK (labels <@ ARRAY['red'::text, 'green', 'blue', 'amber']));
CREATE TABLE tags (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
"""


def test_tag_lists_of_every_form_are_distinct_and_fit_their_checks(
    fresh_db: str, tmp_path: Path
) -> None:
    config = parse_config({"generate": {"rows": 400}}, tmp_path / "sandbox.toml")
    _load(fresh_db, parse_schema_text(TAGGED, "schema.sql"), config)
    for table, column, repeats in (
        ("articles", "labels", REPEATS_ARRAY),
        ("articles", "keywords", REPEATS_JSON),
        ("articles", "tags", REPEATS_TEXT),
        ("tickets", "tags", REPEATS_ARRAY),
        ("tickets", "labels", REPEATS_ARRAY),
    ):
        sql = f"SELECT count(*) FROM {table} WHERE {repeats.format(c=column)}"
        assert _one(fresh_db, sql) == 0, f"{table}.{column} repeats a tag"
    assert (
        _one(fresh_db, "SELECT count(*) FROM articles WHERE jsonb_typeof(keywords) <> 'array'") == 0
    )
    sizes = {r[0] for r in _rows(fresh_db, "SELECT DISTINCT cardinality(labels) FROM articles")}
    assert sizes == {2, 3}
    longest = _one(fresh_db, "SELECT max(length(x)) FROM articles, unnest(labels) x")
    assert longest <= 12
    texts = [r[0] for r in _rows(fresh_db, "SELECT tags FROM articles")]
    assert all(re.fullmatch(r"[a-z0-9-]+(,[a-z0-9-]+)*", t) and len(t) <= 30 for t in texts)
    assert sum("," in t for t in texts) > 100  # lists, most of them longer than one tag
    assert _one(fresh_db, "SELECT max(cardinality(tags)) FROM tickets") <= 2
    colours = {r[0] for r in _rows(fresh_db, "SELECT DISTINCT unnest(labels) FROM tickets")}
    assert colours <= {"red", "green", "blue", "amber"} and len(colours) >= 3
    ticket_tags = {r[0] for r in _rows(fresh_db, "SELECT DISTINCT unnest(tags) FROM tickets")}
    assert {"bug", "feature"} & ticket_tags and not ticket_tags & {"bestseller", "clearance"}
    names = [r[0] for r in _rows(fresh_db, "SELECT name FROM tags ORDER BY id")]
    assert len(set(names)) == len(names) == 400  # a unique tag table: every name its own
    assert all(re.fullmatch(r"[a-z0-9-]+( \d+)?", n) for n in names)


# --- trees ---------------------------------------------------------------------------------

# Each row with its root and its first-level ancestor (the root's child it descends from).
LINEAGE = """
WITH RECURSIVE walk AS (
  SELECT {k} AS id, name, {k} AS root, NULL::bigint AS branch, 0 AS depth FROM {t}
  WHERE {p} IS NULL
  UNION ALL
  SELECT c.{k}, c.name, w.root, coalesce(w.branch, c.{k}), w.depth + 1
  FROM {t} c JOIN walk w ON c.{p} = w.id
)
SELECT w.name, r.name, b.name, w.depth FROM walk w JOIN {t} r ON r.{k} = w.root
LEFT JOIN {t} b ON b.{k} = w.branch
"""


def _tree_agrees(
    conninfo: str, table: str, generator: str, parent: str = "parent_id", key: str = "id"
) -> int:
    """Rows checked; asserts every child descends from its root's domain: its first-level
    ancestor is one of that domain's sub-names, and its own name contains that ancestor's."""
    tree = BY_GENERATOR[generator]
    domains = dict(tree.domains)
    rows = _rows(conninfo, LINEAGE.format(t=table, p=parent, k=key))
    bad = []
    for name, root, branch, depth in rows:
        base_root = re.sub(r" \d+$", "", root)
        if depth == 0:
            if base_root not in domains:
                bad.append((name, "not a domain"))
            continue
        base_branch = re.sub(r" \d+$", "", branch)
        if base_branch not in domains.get(base_root, []) or branch not in name:
            bad.append((root, branch, name))
    assert not bad, bad[:5]
    return len(rows)


def test_shipped_categories_form_one_domain_per_root(shop: str) -> None:
    checked = _tree_agrees(shop, "categories", "category_name")
    assert checked == _one(shop, "SELECT count(*) FROM categories") == 40
    assert _one(shop, "SELECT count(*) FROM categories WHERE parent_id IS NOT NULL") > 20


TREES = """
CREATE TABLE departments (id serial PRIMARY KEY,
  parent_id integer REFERENCES departments (id), name varchar(80) NOT NULL UNIQUE);
CREATE TABLE sales_regions (region_id bigserial PRIMARY KEY,
  parent_region_id bigint REFERENCES sales_regions (region_id), name text NOT NULL,
  CHECK (char_length(name) >= 3));
CREATE TABLE folders (id serial PRIMARY KEY, parent_id integer REFERENCES folders (id),
  name text NOT NULL, UNIQUE (parent_id, name));
CREATE TABLE product_categories (id serial PRIMARY KEY,
  parent_id integer REFERENCES product_categories (id), name varchar(100) NOT NULL UNIQUE,
  slug varchar(120) NOT NULL UNIQUE);
"""


def test_trees_of_named_things_keep_each_root_to_its_domain(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config(
        {"generate": {"rows": 900}, "tables": {"public.sales_regions": {"rows": 150}}},
        tmp_path / "sandbox.toml",
    )
    _load(fresh_db, parse_schema_text(TREES, "schema.sql"), config)  # the uniques hold
    assert _tree_agrees(fresh_db, "departments", "department") == 900
    assert _tree_agrees(fresh_db, "sales_regions", "region", "parent_region_id", "region_id") == 150
    assert _tree_agrees(fresh_db, "folders", "folder_name") == 900
    assert _tree_agrees(fresh_db, "product_categories", "category_name") == 900
    distinct = "SELECT count(DISTINCT name) FROM {t}"
    assert _one(fresh_db, distinct.format(t="departments")) == 900
    assert _one(fresh_db, distinct.format(t="product_categories")) == 900
    slugs = _one(
        fresh_db,
        "SELECT count(*) FROM product_categories WHERE slug NOT LIKE "
        "regexp_replace(lower(replace(replace(name, '&', 'and'), chr(39), '')), '[^a-z0-9]+', "
        "'-', 'g') || '%'",
    )
    assert slugs == 0  # the slug spells the tree's name, not the name drawn before it


def test_tree_vocabularies_never_repeat_a_name() -> None:
    for generator, tree in BY_GENERATOR.items():
        names = all_names(tree)
        assert len(names) == len(set(names)), generator
        assert not [n for n in names if re.search(r"( \d+|#\d+)$", n) and "20" not in n]


# --- titles, districts, cities, the names of a table's things -------------------------------

# An article title ("5 Lessons We Learned From …") read as a film's gives the game away.
ARTICLE_WORDS = re.compile(r"\b(Guide|Lessons|Mistakes|Tools for|Taught Me|Nobody Tells)\b")


def invented_town(city: str) -> bool:
    """Faker's made-up American towns ("Lake Jennifer", "Alvarezchester"): a name and a
    town suffix, or a prefix and a name."""
    from faker.providers.address.de_DE import Provider as German
    from faker.providers.address.en_US import Provider as Address
    from faker.providers.person.en_US import Provider as Person

    if city in German.cities:  # Steinfurt is a real town, not Stein + furt
        return False
    people = set(Person.first_names) | set(Person.last_names)
    prefix, _, rest = city.partition(" ")
    if prefix in Address.city_prefixes and rest in Person.first_names:  # Lake Jennifer
        return True
    return any(city.endswith(s) and city[: -len(s)] in people for s in Address.city_suffixes)


TITLE_CASE = re.compile(r"[A-Z0-9][\w'&:-]*( [\w'&:-]+){0,7}")


@pytest.fixture(scope="module")
def pagila(pg_cluster, tmp_path_factory):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_file(shared_schema("pagila15.sql"))
    tmp = tmp_path_factory.mktemp("pagila")
    config = parse_config({"generate": {"rows": 400}}, tmp / "sandbox.toml")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=42)
        load_data(conn, parsed.schema, plan, config, seed=42)
    yield conninfo
    pg_cluster.drop_database(name)


def test_pagila_films_cities_and_districts_read_right(pagila: str) -> None:
    titles = [r[0] for r in _rows(pagila, "SELECT title FROM film")]
    assert len(set(titles)) == len(titles) == 400  # one film, one title
    assert all(TITLE_CASE.fullmatch(t) and not ARTICLE_WORDS.search(t) for t in titles)
    plots = [r[0] for r in _rows(pagila, "SELECT description FROM film WHERE description <> ''")]
    assert plots and all(
        re.fullmatch(r"An? [A-Z][\w -]+ about an? [\w' -]+ who must .+", p) for p in plots
    ), plots[:3]
    districts = [r[0] for r in _rows(pagila, "SELECT district FROM address")]
    assert all(re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", d) for d in districts), districts[:5]
    cities = [r[0] for r in _rows(pagila, "SELECT city FROM city")]
    # a table of cities names real cities of their country (place_parent.py), each once while
    # the country has cities left: the countries most cities point at run out of them
    assert len(set(cities)) >= 0.75 * len(cities)
    odd = [c for c in cities if not (c[:1].isupper() and re.fullmatch(r"[\w'. -]+", c))]
    # real names run to a few words (Santiago de los Caballeros), never a sentence
    assert not odd and max(len(c.split()) for c in cities) <= 5, odd[:5]
    assert not [c for c in cities if invented_town(c)]
    assert invented_town("Alvarezchester") and invented_town("Lake Jennifer")
    countries = [r[0] for r in _rows(pagila, "SELECT country FROM country ORDER BY country_id")]
    # a reference table: at most the hundred countries a sandbox needs, each once
    assert len(set(countries)) == len(countries) == 100
    languages = [r[0] for r in _rows(pagila, "SELECT name FROM language ORDER BY language_id")]
    assert len(set(languages[:10])) == 10


WORKS = """
CREATE TABLE movies (id serial PRIMARY KEY, title varchar(80) NOT NULL UNIQUE, synopsis text);
CREATE TABLE books (isbn char(13) PRIMARY KEY, book_title text NOT NULL, summary text);
CREATE TABLE albums (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE tracks (id serial PRIMARY KEY, album_id int REFERENCES albums (id), name text);
CREATE TABLE video_games (id serial PRIMARY KEY, title text NOT NULL, description text);
CREATE TABLE episodes (id serial PRIMARY KEY, title text);
CREATE TABLE countries (id serial PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE cities (id serial PRIMARY KEY, country_id int REFERENCES countries (id),
  city_name text NOT NULL);
CREATE TABLE neighbourhoods (id serial PRIMARY KEY, city_id int REFERENCES cities (id),
  neighbourhood text NOT NULL, borough varchar(40));
"""


def test_titles_of_works_and_names_of_places_in_any_schema(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 120}}, tmp_path / "sandbox.toml")
    _load(fresh_db, parse_schema_text(WORKS, "schema.sql"), config)
    for table, column in (
        ("movies", "title"),
        ("books", "book_title"),
        ("albums", "name"),
        ("tracks", "name"),
        ("video_games", "title"),
        ("episodes", "title"),
    ):
        values = [r[0] for r in _rows(fresh_db, f"SELECT {column} FROM {table}") if r[0]]
        assert values and all(TITLE_CASE.fullmatch(v) for v in values), (table, values[:3])
        assert not [v for v in values if ARTICLE_WORDS.search(v)], (table, values[:3])
        assert len(set(values)) >= 0.9 * len(values), table  # distinct, as things are
    for table, column in (
        ("movies", "synopsis"),
        ("books", "summary"),
        ("video_games", "description"),
    ):
        values = [r[0] for r in _rows(fresh_db, f"SELECT {column} FROM {table}") if r[0]]
        assert values and all(" who must " in v for v in values), (table, values[:2])
    places = _rows(fresh_db, "SELECT neighbourhood, borough FROM neighbourhoods")
    assert all(re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", n) for n, _ in places)
    assert all(b is None or re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", b) for _, b in places)
    countries = [r[0] for r in _rows(fresh_db, "SELECT country_name FROM countries")]
    assert len(set(countries)) == len(countries) == 100  # a reference table: its natural size
    # real cities of their country, each once while the country has cities left
    cities = [r[0] for r in _rows(fresh_db, "SELECT city_name FROM cities")]
    assert len(cities) == 120 and len(set(cities)) >= 0.95 * len(cities)
    cities = [r[0] for r in _rows(fresh_db, "SELECT city_name FROM cities")]
    assert not [c for c in cities if invented_town(c)]
