"""Uniqueness by construction against a real PostgreSQL: composite keys over a foreign key and
a small domain, partial and expression unique indexes, NULLS NOT DISTINCT, one-row tables,
exclusion constraints, and tables capped by their keys (with foreign keys into them).

The DDL is executed as written before the load, so every unique index and exclusion
constraint is in place while COPY runs: the server itself rejects any duplicate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import psycopg
import pytest

from tests.conftest import shared_schema
from tests.engine.test_generate import _config, _hashes, _load
from workbench.generate import build_plan, load_data
from workbench.generate.constraints.unique import table_keys
from workbench.postgres.sources import schema_needs
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file, parse_schema_text

KEYS = """
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TYPE kind AS ENUM ('a', 'b', 'c');
CREATE TABLE orgs (id serial PRIMARY KEY, name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false);
CREATE UNIQUE INDEX orgs_one_default ON orgs (is_default) WHERE (is_default = true);
CREATE TABLE org_kinds (org_id int NOT NULL REFERENCES orgs(id), kind kind NOT NULL,
  note text, CONSTRAINT org_kinds_pkey PRIMARY KEY (org_id, kind));
CREATE TABLE users (id serial PRIMARY KEY, org_id int NOT NULL REFERENCES orgs(id),
  email text NOT NULL, level smallint CHECK (level IN (1, 2, 3)));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE TABLE user_days (user_id int NOT NULL REFERENCES users(id), day date NOT NULL,
  visits int, UNIQUE (user_id, day));
CREATE TABLE emails (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users(id),
  address text NOT NULL, is_primary boolean NOT NULL);
CREATE UNIQUE INDEX emails_one_primary ON emails (user_id) WHERE is_primary;
CREATE TABLE memberships (user_id int NOT NULL REFERENCES users(id),
  org_id int NOT NULL REFERENCES orgs(id), role kind NOT NULL,
  PRIMARY KEY (user_id, org_id), CONSTRAINT one_role UNIQUE (org_id, role));
CREATE TABLE codes (org_id int REFERENCES orgs(id), code char(1),
  CONSTRAINT codes_nnd UNIQUE NULLS NOT DISTINCT (org_id, code));
CREATE TABLE visits (user_id int NOT NULL REFERENCES users(id), at timestamptz NOT NULL);
CREATE UNIQUE INDEX visits_daily ON visits (user_id, (((at AT TIME ZONE 'UTC'))::date));
CREATE TABLE counters (org_id int NOT NULL REFERENCES orgs(id), slot int);
CREATE UNIQUE INDEX counters_slot ON counters (org_id, COALESCE(slot, 0));
CREATE TABLE app_lock (lock char(1) NOT NULL DEFAULT 'X', stream bigint,
  CONSTRAINT app_lock_check CHECK ((lock = 'X'::bpchar)));
CREATE UNIQUE INDEX app_lock_one ON app_lock (lock);
CREATE TABLE tiers (id serial PRIMARY KEY, kind text NOT NULL,
  CONSTRAINT tiers_kind_alpha CHECK ((kind ~ '^[a-c]$'::text)),
  CONSTRAINT tiers_kind_key UNIQUE (kind));
CREATE TABLE bookings (id serial PRIMARY KEY, room int NOT NULL CHECK (room BETWEEN 1 AND 3),
  during tstzrange NOT NULL,
  CONSTRAINT no_double_booking EXCLUDE USING gist (room WITH =, during WITH &&));
CREATE TABLE day_slots (room smallint NOT NULL CHECK (room IN (1, 2)), during daterange NOT NULL,
  seats int4range,
  EXCLUDE USING gist (room WITH =, during WITH &&), EXCLUDE USING gist (seats WITH &&));
CREATE TABLE shifts (id serial PRIMARY KEY, room int NOT NULL CHECK (room BETWEEN 1 AND 2),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, CHECK (starts_at < ends_at),
  CONSTRAINT no_double_shift
    EXCLUDE USING gist (room WITH =, tstzrange(starts_at, ends_at) WITH &&));
CREATE TABLE stays (guest int NOT NULL, check_in date NOT NULL, check_out date,
  EXCLUDE USING gist (daterange(check_in, check_out, '[]') WITH &&));
CREATE TABLE flags (org_id int NOT NULL REFERENCES orgs(id), flag boolean NOT NULL,
  CONSTRAINT flags_pkey PRIMARY KEY (org_id, flag));
CREATE TABLE flag_notes (id serial PRIMARY KEY, org_id int NOT NULL, flag boolean NOT NULL,
  body text, FOREIGN KEY (org_id, flag) REFERENCES flags (org_id, flag));
"""

ORGS = 10


def _keys_config(tmp_path: Path, **extra):
    tables = {"orgs": {"rows": ORGS}, **extra.pop("tables", {})}
    return _config(tmp_path, tables=tables, **extra)


@pytest.fixture
def keys_db(fresh_db: str, tmp_path: Path):
    config = _keys_config(tmp_path)
    _parsed, plan, report = _load(fresh_db, KEYS, config, inline=True)
    return fresh_db, plan, report


def _one(conn, query: str):
    return conn.execute(query).fetchone()[0]


def test_composite_key_over_fk_and_enum_is_capped_with_one_warning(keys_db) -> None:
    conninfo, plan, report = keys_db
    # 10 orgs × 3 labels: 30 combinations, so 300 rows cannot exist
    assert plan.table("public.org_kinds").rows == ORGS * 3
    capped = [w for w in report.warnings if w.startswith("public.org_kinds:")]
    assert len(capped) == 1
    assert "org_kinds_pkey" in capped[0] and "capped at 30" in capped[0]
    with psycopg.connect(conninfo) as conn:
        assert _one(conn, "SELECT count(*) FROM org_kinds") == 30
        assert _one(conn, "SELECT count(DISTINCT (org_id, kind)) FROM org_kinds") == 30
        # the (org_id, kind) pairs cover every org, not a few
        assert _one(conn, "SELECT count(DISTINCT org_id) FROM org_kinds") == ORGS


def test_keys_sharing_a_column_hold_together(keys_db) -> None:
    conninfo, plan, _ = keys_db
    # PRIMARY KEY (user_id, org_id) and UNIQUE (org_id, role): at most 3 roles per org
    assert plan.table("public.memberships").rows == ORGS * 3
    with psycopg.connect(conninfo) as conn:
        assert _one(conn, "SELECT count(DISTINCT (org_id, role)) FROM memberships") == 30
        assert _one(conn, "SELECT count(DISTINCT (user_id, org_id)) FROM memberships") == 30
        # a date under (user_id, day) is unique per row and stays a plausible date
        assert _one(conn, "SELECT count(DISTINCT (user_id, day)) FROM user_days") == 300
        assert _one(conn, "SELECT max(day) < '2030-01-01' FROM user_days")
        # each user's rows are consecutive days from a date of the user's own
        per_user = conn.execute(
            "SELECT count(*), max(day) - min(day) + 1 FROM user_days GROUP BY user_id"
        ).fetchall()
        assert all(rows == span for rows, span in per_user)
        assert max(rows for rows, _ in per_user) > 1
        assert (
            _one(
                conn,
                "SELECT count(DISTINCT min_day) FROM (SELECT min(day) AS min_day "
                "FROM user_days GROUP BY user_id) m",
            )
            > 10
        )


def test_partial_unique_moves_rows_out_of_the_predicate(keys_db) -> None:
    conninfo, _plan, _ = keys_db
    with psycopg.connect(conninfo) as conn:
        # every row is kept; a second primary e-mail of a user stops being primary
        assert _one(conn, "SELECT count(*) FROM emails") == 300
        dup = "SELECT count(*) FROM (SELECT user_id FROM emails WHERE is_primary"
        assert _one(conn, dup + " GROUP BY user_id HAVING count(*) > 1) d") == 0
        assert _one(conn, "SELECT count(*) FROM emails WHERE is_primary") > 50
        assert _one(conn, "SELECT count(*) FROM emails WHERE NOT is_primary") > 50
        # one default org at most, and the table is not capped by it
        assert _one(conn, "SELECT count(*) FROM orgs") == ORGS
        assert _one(conn, "SELECT count(*) FROM orgs WHERE is_default") <= 1


def test_expression_and_nulls_not_distinct_keys(keys_db) -> None:
    conninfo, _, _ = keys_db
    with psycopg.connect(conninfo) as conn:
        assert _one(conn, "SELECT count(DISTINCT lower(email)) FROM users") == 300
        assert _one(conn, "SELECT count(DISTINCT (org_id, COALESCE(slot, 0))) FROM counters") == 300
        # one visit a day per user: the key is the day of a timestamp
        days = "SELECT count(DISTINCT (user_id, (at AT TIME ZONE 'UTC')::date)) FROM visits"
        assert _one(conn, days) == 300
        assert _one(conn, "SELECT count(DISTINCT at::time) FROM visits") > 100
        # NULLS NOT DISTINCT: NULL is a value, so (NULL, NULL) twice would be a duplicate
        rows = _one(conn, "SELECT count(*) FROM codes")
        assert rows == 300
        assert _one(conn, "SELECT count(DISTINCT ROW(org_id, code)::text) FROM codes") == rows


def test_one_row_table_and_small_alphabets(keys_db) -> None:
    conninfo, plan, report = keys_db
    # CHECK (lock = 'X') and a unique index on lock: exactly one row can exist
    assert plan.table("public.app_lock").rows == 1
    assert [w for w in report.warnings if w.startswith("public.app_lock:")] == [
        "public.app_lock: capped at 1 row (300 requested): unique index app_lock_one (lock) "
        "admits only 1 distinct value"
    ]
    # a unique text whose CHECK regex allows three strings
    assert plan.table("public.tiers").rows == 3
    assert sum(w.startswith("public.tiers:") and "tiers_kind_key" in w for w in report.warnings)
    with psycopg.connect(conninfo) as conn:
        assert conn.execute("SELECT lock FROM app_lock").fetchall() == [("X",)]
        kinds = conn.execute("SELECT kind FROM tiers ORDER BY kind").fetchall()
        assert kinds == [("a",), ("b",), ("c",)]


def test_exclusion_constraints_hold(keys_db) -> None:
    conninfo, _plan, _ = keys_db
    with psycopg.connect(conninfo) as conn:
        assert _one(conn, "SELECT count(*) FROM bookings") == 300
        overlaps = """SELECT count(*) FROM bookings a JOIN bookings b
                      ON a.room = b.room AND a.id < b.id AND a.during && b.during"""
        assert _one(conn, overlaps) == 0
        assert _one(conn, "SELECT count(*) FROM day_slots") == 300
        assert _one(conn, "SELECT count(*) FROM day_slots WHERE isempty(seats)") == 0
        # && over a range built from two columns: bounds in a slot of each row's own
        assert _one(conn, "SELECT count(*) FROM shifts") == 300
        assert _one(conn, "SELECT count(*) FROM stays WHERE check_out IS NULL") == 0
        assert _one(conn, "SELECT count(DISTINCT room) FROM shifts") == 2


def test_fk_into_a_capped_table_and_children_adapt(fresh_db: str, tmp_path: Path) -> None:
    config = _keys_config(
        tmp_path,
        tables={
            "flag_notes": {"children": {"parent": "flags", "distribution": "fixed", "count": 2}}
        },
    )
    _, plan, report = _load(fresh_db, KEYS, config, inline=True)
    assert plan.table("public.flags").rows == ORGS * 2
    assert sum(w.startswith("public.flags:") for w in report.warnings) == 1
    assert plan.table("public.flag_notes").rows == ORGS * 2 * 2
    with psycopg.connect(fresh_db) as conn:
        # the composite FK was validated by the server; every capped parent has its children
        assert _one(conn, "SELECT count(*) FROM flag_notes") == 40
        per_parent = conn.execute(
            "SELECT count(*) FROM flag_notes GROUP BY org_id, flag ORDER BY 1"
        ).fetchall()
        assert per_parent == [(2,)] * 20


def test_same_seed_same_rows(fresh_db: str, pg_cluster, tmp_path: Path) -> None:
    tables = ["org_kinds", "memberships", "emails", "codes", "bookings", "counters"]
    config = _keys_config(tmp_path)
    _load(fresh_db, KEYS, config, seed=5, inline=True)
    first = _hashes(fresh_db, tables)
    other = pg_cluster.create_database()
    try:
        _load(pg_cluster.conninfo(other), KEYS, config, seed=5, inline=True)
        assert _hashes(pg_cluster.conninfo(other), tables) == first
    finally:
        pg_cluster.drop_database(other)


def test_keys_are_read_from_every_declaration() -> None:
    parsed = parse_schema_text(
        KEYS
        + """
        CREATE TABLE profile (user_id int, "primary" boolean NOT NULL);
        CREATE UNIQUE INDEX one_primary ON profile (user_id,
          (CASE WHEN "primary" THEN true ELSE NULL::boolean END));
        """,
        "schema.sql",
    )
    tables = parsed.schema.tables
    booking = table_keys(tables["public.bookings"])
    excl = next(k for k in booking if k.kind == "exclusion constraint")
    assert excl.overlap == ["during"] and [p.column for p in excl.parts] == ["room"]
    lower = next(k for k in table_keys(tables["public.users"]) if k.name == "users_email_lower")
    assert lower.parts[0].wraps == "email"
    nnd = next(k for k in table_keys(tables["public.codes"]) if k.name == "codes_nnd")
    assert nnd.nulls_not_distinct
    # CASE WHEN primary THEN true END: one primary per user, i.e. (user_id) WHERE primary
    case = next(k for k in table_keys(tables["public.profile"]) if k.name == "one_primary")
    assert [p.column for p in case.parts] == ["user_id"] and "primary" in case.predicate_sql


def test_expression_keys_the_evaluator_does_not_know(fresh_db: str, tmp_path: Path) -> None:
    # a function of the schema: the server computes the key over each batch; the column
    # inside the call carries the row number
    ddl = """
    CREATE FUNCTION norm(text) RETURNS text IMMUTABLE LANGUAGE sql AS $$ SELECT lower($1) $$;
    CREATE TABLE t (a boolean NOT NULL, name text NOT NULL, doc jsonb NOT NULL);
    CREATE UNIQUE INDEX t_norm ON t (norm(name), a);
    CREATE UNIQUE INDEX t_doc ON t (md5((doc)::text));
    """
    _load(fresh_db, ddl, _config(tmp_path, rows=120), inline=True)
    with psycopg.connect(fresh_db) as conn:
        assert _one(conn, "SELECT count(DISTINCT norm(name)) FROM t") == 120
        assert _one(conn, "SELECT count(DISTINCT md5(doc::text)) FROM t") == 120


def test_citext_key_with_a_pattern(fresh_db: str, tmp_path: Path) -> None:
    # citext's unique index ignores case; the pattern leaves few short strings, so values
    # equal but for case come up and are drawn again inside the pattern
    ddl = """
    CREATE EXTENSION IF NOT EXISTS citext;
    CREATE TABLE handles (id serial PRIMARY KEY, name citext NOT NULL,
      CONSTRAINT handles_name_check
        CHECK ((name OPERATOR(public.~) '^[a-zA-Z][a-zA-Z0-9]{1,5}$'::citext)),
      CONSTRAINT handles_name_key UNIQUE (name));
    """
    _load(fresh_db, ddl, _config(tmp_path, rows=3000), inline=True)
    with psycopg.connect(fresh_db) as conn:
        assert _one(conn, "SELECT count(DISTINCT lower(name::text)) FROM handles") == 3000
        assert _one(conn, "SELECT bool_and(name::text ~ '^[a-zA-Z][a-zA-Z0-9]{1,5}$') FROM handles")


def test_key_that_cannot_hold_drops_and_accounts(fresh_db: str, tmp_path: Path) -> None:
    # cardinality() of arrays of 0-3 elements: a handful of values, no column to number. No
    # table needs t, so its surplus rows are dropped (never a failed run) and accounted for
    # under the index that refused them.
    ddl = """
    CREATE TABLE t (id int, tags text[] NOT NULL);
    CREATE UNIQUE INDEX t_len ON t (cardinality(tags));
    """
    _, _, report = _load(fresh_db, ddl, _config(tmp_path, rows=50), inline=True)
    with psycopg.connect(fresh_db) as conn:
        kept = _one(conn, "SELECT count(*) FROM t")
        distinct = _one(conn, "SELECT count(DISTINCT cardinality(tags)) FROM t")
    assert kept == distinct >= 1  # the index holds: one row per length
    account = report.dropped["public.t"]
    assert account["kept"] == kept and account["dropped"] == 50 - kept
    assert [k for k in account["by_constraint"] if "t_len" in k]
    assert [w for w in report.warnings if w.startswith("public.t: ") and "t_len" in w]


@pytest.mark.parametrize("name", ["synapse_main", "glific"])
def test_real_dumps_with_composite_and_one_row_keys(
    name: str, fresh_db_for: Callable[[Sequence[str]], str], tmp_path: Path
) -> None:
    parsed = parse_schema_file(shared_schema(f"{name}.sql"))
    fresh_db = fresh_db_for(schema_needs(parsed))  # glific needs uuid-ossp: not the wheel's
    config = _config(tmp_path, rows=200)
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        plan = build_plan(parsed.schema, config)
        # as the engine does: the rows the file carries at their place (synapse's one-row
        # tables)
        apply_statements(
            conn, parsed, "pre", file_rows=[t.name for t in plan.tables if t.file_rows]
        )
        report = load_data(conn, parsed.schema, plan, config, seed=42)
        apply_statements(conn, parsed, "post")  # creates every unique index: no duplicates
    assert not [w for w in report.warnings if "duplicates" in w or "not guaranteed" in w]
    if name == "synapse_main":
        with psycopg.connect(fresh_db) as conn:
            # CHECK (lock = 'X') plus UNIQUE (lock): the file's own row, and no other
            assert conn.execute("SELECT * FROM appservice_stream_position").fetchall() == [("X", 0)]


def test_capacity_of_small_domains_and_ordered_pairs(tmp_path: Path) -> None:
    parsed = parse_schema_text(
        """
        CREATE TABLE p (id serial PRIMARY KEY, flag boolean NOT NULL UNIQUE);
        CREATE TABLE pair (a int NOT NULL REFERENCES p(id), b int NOT NULL REFERENCES p(id),
          PRIMARY KEY (a, b), CHECK (a < b));
        CREATE TABLE bits (b bit(3) NOT NULL UNIQUE);
        CREATE TABLE codes (c char(2) NOT NULL UNIQUE CHECK (c ~ '^[A-C][0-1]$'));
        CREATE TABLE small (n smallint NOT NULL UNIQUE CHECK (n BETWEEN -2 AND 4));
        """,
        "schema.sql",
    )
    plan = build_plan(parsed.schema, _config(tmp_path, rows=300))
    rows = {t.name: t.rows for t in plan.tables}
    # 2 parents (a unique boolean), 1 ordered pair of them; 2^3 bit strings; 3 × 2 codes
    assert rows == {
        "public.p": 2,
        "public.pair": 1,
        "public.bits": 8,
        "public.codes": 6,
        "public.small": 7,
    }
    assert len([w for w in plan.warnings if "capped at" in w]) == 5
    assert any("p_flag_key (flag) admits only 2 distinct values" in w for w in plan.warnings)


SINGLETON = """
CREATE TABLE settings (id boolean PRIMARY KEY DEFAULT true CHECK (id), theme text);
CREATE TABLE toggles (off boolean NOT NULL UNIQUE CHECK (NOT off), note text);
"""


def test_boolean_key_checked_to_one_value_holds_one_row(fresh_db: str, tmp_path: Path) -> None:
    # CHECK (id) on a boolean key: the key admits only true, so one row, not two
    _, plan, report = _load(fresh_db, SINGLETON, _config(tmp_path), inline=True)
    assert plan.table("public.settings").rows == 1
    assert plan.table("public.toggles").rows == 1
    assert sum(w.startswith("public.settings: capped at 1 row") for w in report.warnings) == 1
    with psycopg.connect(fresh_db) as conn:
        assert conn.execute("SELECT id FROM settings").fetchall() == [(True,)]
        assert conn.execute("SELECT off FROM toggles").fetchall() == [(False,)]


FOLLOWS = """
CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text);
CREATE TABLE follows (a uuid NOT NULL REFERENCES users, b uuid NOT NULL REFERENCES users,
  CONSTRAINT no_self CHECK (a <> b), PRIMARY KEY (a, b));
CREATE TABLE ranks (id int PRIMARY KEY);
CREATE TABLE duels (x int NOT NULL REFERENCES ranks, y int NOT NULL REFERENCES ranks,
  CHECK (x <> y), CHECK (x < y), UNIQUE (x, y));
"""


def test_key_of_two_fks_to_one_parent_never_pairs_a_row_with_itself(
    fresh_db: str, tmp_path: Path
) -> None:
    # (a, b) over the same parent with CHECK (a <> b): N·(N-1) combinations, none a = b
    config = _config(tmp_path, tables={"users": {"rows": 6}, "ranks": {"rows": 6}})
    _, plan, _report = _load(fresh_db, FOLLOWS, config, inline=True)
    assert plan.table("public.follows").rows == 30
    assert plan.table("public.duels").rows == 15  # a < b wins over a <> b: unordered pairs
    with psycopg.connect(fresh_db) as conn:
        assert _one(conn, "SELECT count(*) FROM follows") == 30
        assert _one(conn, "SELECT count(*) FROM follows WHERE a = b") == 0
        assert _one(conn, "SELECT count(DISTINCT (a, b)) FROM follows") == 30
        assert _one(conn, "SELECT count(*) FROM duels WHERE x >= y") == 0


ONE_ACTIVE = """
CREATE TYPE job_state AS ENUM ('queued', 'processing', 'completed', 'failed');
CREATE TABLE users (id serial PRIMARY KEY);
CREATE TABLE exports (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users,
  status varchar(20) NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued','processing','completed','failed')));
CREATE UNIQUE INDEX one_active ON exports (user_id) WHERE status IN ('queued','processing');
CREATE TABLE jobs (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users,
  state job_state NOT NULL);
CREATE UNIQUE INDEX one_running ON jobs (user_id) WHERE state <> 'completed'
  AND state <> 'failed';
CREATE TABLE quotes (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users,
  status job_state NOT NULL);
CREATE UNIQUE INDEX one_open_quote ON quotes (user_id)
  WHERE (status = ANY (ARRAY['queued'::job_state, 'processing'::job_state]));
CREATE TABLE library_exports (id serial PRIMARY KEY, user_id int NOT NULL REFERENCES users,
  status character varying NOT NULL
    CHECK (status::text = ANY (ARRAY['queued', 'processing', 'completed', 'failed'])));
CREATE UNIQUE INDEX one_active_export ON library_exports (user_id)
  WHERE ((status)::text = ANY (ARRAY[('queued'::character varying)::text,
    ('processing'::character varying)::text]));
"""


def test_one_active_per_parent_moves_the_surplus_to_the_other_states(
    fresh_db: str, tmp_path: Path
) -> None:
    # the WHERE column has a finite domain (CHECK IN, enum): surplus rows take the states
    # outside the predicate instead of failing
    config = _config(tmp_path, tables={"users": {"rows": 20}})
    _load(fresh_db, ONE_ACTIVE, config, inline=True)
    with psycopg.connect(fresh_db) as conn:
        assert _one(conn, "SELECT count(*) FROM exports") == 300
        assert _one(conn, "SELECT count(*) FROM jobs") == 300
        active = "SELECT count(*) FROM exports WHERE status IN ('queued', 'processing')"
        assert 0 < _one(conn, active) <= 20
        assert _one(conn, "SELECT count(DISTINCT status) FROM exports") == 4
        running = "SELECT count(*) FROM jobs WHERE state IN ('queued', 'processing')"
        assert 0 < _one(conn, running) <= 20
        for table in ("quotes", "library_exports"):  # the = ANY (ARRAY[…]) spelling of dumps
            assert _one(conn, f"SELECT count(*) FROM {table}") == 300
            open_ = f"SELECT count(*) FROM {table} WHERE status::text IN ('queued', 'processing')"
            assert 0 < _one(conn, open_) <= 20
