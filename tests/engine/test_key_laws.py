"""Declared laws hold inside keys and against the timeline: a children FK that is part of a
composite unique key keeps its children-per-parent law (the key's other columns distinct
within each parent), and a declared range bounds what the coherence rules may move."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO
from workbench.engine import Engine
from workbench.events import Warning as WarningEvent

PLACED = '\n[tables."public.orders".columns.placed_at]\nrange = ["2024-01-01", "2024-12-31"]\n'


def _shipped_toml() -> str:
    """The shipped sandbox.toml's tables and generate sections (the fixture writes its own
    [sandbox] section), plus a declared 2024 range for orders.placed_at."""
    text = (REPO / "sandbox.toml").read_text()
    return text[text.index("[generate]") :] + PLACED


@pytest.fixture(scope="module")
def shipped(tmp_path_factory, pg_cluster):  # type: ignore[no-untyped-def]
    name = pg_cluster.create_database()
    root = tmp_path_factory.mktemp("shipped")
    (root / "schema.sql").write_text((REPO / "schema.sql").read_text())
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{pg_cluster.conninfo(name)}"\n'
        f'schema = "schema.sql"\nseed = 42\n{_shipped_toml()}'
    )
    Engine(root / "sandbox.toml").generate(keep_snapshot=False)
    yield root / "sandbox.toml", pg_cluster.conninfo(name)
    pg_cluster.drop_database(name)


def _one(conninfo: str, query: str) -> tuple:  # type: ignore[type-arg]
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return row


def test_shipped_order_items_follow_their_zipf_children_law(shipped) -> None:
    path, conninfo = shipped
    review = Engine(path).distributions.of("order_items", "order_id").to_dict()["review"]
    assert review["check"] is not None and review["check"]["within"], review["check_text"]
    assert "within sampling error" in review["check_text"]
    most, least, lines, dupes = _one(
        conninfo,
        "SELECT max(n), min(n), sum(n), (SELECT count(*) FROM (SELECT order_id, line_no "
        "FROM order_items GROUP BY 1, 2 HAVING count(*) > 1) d) FROM (SELECT order_id, "
        "count(*) AS n FROM order_items GROUP BY order_id) c",
    )
    assert most >= 8 and least == 1 and dupes == 0
    # each order's lines are numbered 1..k
    gaps = _one(
        conninfo,
        "SELECT count(*) FROM (SELECT order_id FROM order_items GROUP BY order_id "
        "HAVING min(line_no) <> 1 OR max(line_no) <> count(*)) g",
    )
    assert gaps == (0,), f"{lines} lines"


def test_shipped_placed_at_stays_in_its_declared_range(shipped) -> None:
    _, conninfo = shipped
    outside, total = _one(
        conninfo,
        "SELECT count(*) FILTER (WHERE placed_at < '2024-01-01' OR placed_at >= '2025-01-01'), "
        "count(*) FROM orders",
    )
    assert total == 5000 and outside == 0
    # the coherence rules still hold inside the range
    late = _one(conninfo, "SELECT count(*) FROM orders WHERE shipped_at < placed_at")
    assert late == (0,)
    # classify says which rule gives way to the declared range
    items = Engine(shipped[0]).classify()
    why = next(
        i["reason"] for i in items if i["table"] == "public.orders" and i["column"] == "placed_at"
    )
    assert "wins over the timeline rule 'placed_at after public.customers.created_at'" in why
    # the draw itself stays the declared one: the whole year is used, not piled at its end
    spread = _one(conninfo, "SELECT count(DISTINCT date_trunc('month', placed_at)) FROM orders")
    assert spread == (12,)


SCHEMA = """
CREATE TABLE folder (id bigserial PRIMARY KEY, title text NOT NULL);
CREATE TABLE entry (
    parent_id bigint NOT NULL REFERENCES folder (id),
    position smallint NOT NULL CHECK (position BETWEEN 1 AND 40),
    code text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j')),
    PRIMARY KEY (parent_id, position),
    UNIQUE (parent_id, code)
);
CREATE TABLE tag (
    parent_id bigint NOT NULL REFERENCES folder (id),
    kind text NOT NULL CHECK (kind IN ('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j')),
    flag boolean NOT NULL,
    UNIQUE (parent_id, kind, flag)
);
"""


def _toml(folders: int) -> str:
    return f"""
seed = 5

[tables."public.folder"]
rows = {folders}

[tables."public.entry"]
children = {{ parent = "public.folder", distribution = "zipf", min = 1, max = 15, skew = 1.3 }}

[tables."public.tag"]
children = {{ parent = "public.folder", distribution = "uniform", min = 0, max = 20 }}
"""


@pytest.mark.parametrize("folders", [600, 2500])
def test_children_law_holds_inside_composite_keys(make_project, pg_cluster, folders: int) -> None:
    name = f"sb_keylaws_{folders}"
    path: Path = make_project(SCHEMA, extra=_toml(folders), name=name)
    engine = Engine(path)
    engine.generate(keep_snapshot=False)
    conninfo = pg_cluster.conninfo(name)
    for table, column in (("entry", "parent_id"), ("tag", "parent_id")):
        review = engine.distributions.of(table, column).to_dict()["review"]
        assert review["check"]["within"], (table, review["check_text"])
    rows, most, dupes_pk, dupes_code = _one(
        conninfo,
        "SELECT sum(n), max(n), "
        "(SELECT count(*) FROM (SELECT 1 FROM entry GROUP BY parent_id, position "
        " HAVING count(*) > 1) a), "
        "(SELECT count(*) FROM (SELECT 1 FROM entry GROUP BY parent_id, code "
        " HAVING count(*) > 1) b) "
        "FROM (SELECT parent_id, count(*) AS n FROM entry GROUP BY 1) c",
    )
    assert most >= 10 and dupes_pk == 0 and dupes_code == 0
    if folders == 2500:
        assert rows >= 5000  # uniqueness checked at 5,000 rows and more
    tags, tag_most, tag_dupes = _one(
        conninfo,
        "SELECT sum(n), max(n), (SELECT count(*) FROM (SELECT 1 FROM tag "
        "GROUP BY parent_id, kind, flag HAVING count(*) > 1) a) "
        "FROM (SELECT parent_id, count(*) AS n FROM tag GROUP BY 1) c",
    )
    assert tag_most == 20 and tag_dupes == 0
    if folders == 2500:
        assert tags >= 5000


UNIQUE_TIME = """
CREATE TABLE member (id bigserial PRIMARY KEY, created_at timestamp NOT NULL);
CREATE TABLE visit (
    id bigserial PRIMARY KEY,
    member_id bigint NOT NULL REFERENCES member (id),
    created_at timestamp NOT NULL UNIQUE
);
"""


def test_unique_time_after_its_parents_stays_in_its_declared_range(
    make_project, pg_cluster
) -> None:
    # members join over 2019-2025; a visit comes after its member, inside 2024, and unique
    extra = """
[tables."public.member"]
rows = 500
[tables."public.visit"]
rows = 6000
[tables."public.visit".columns.created_at]
range = ["2024-01-01", "2024-12-31"]
"""
    path: Path = make_project(UNIQUE_TIME, extra=extra, name="sb_keylaws_time")
    Engine(path).generate(keep_snapshot=False)
    outside, rows, distinct, broken = _one(
        pg_cluster.conninfo("sb_keylaws_time"),
        "SELECT count(*) FILTER (WHERE v.created_at < '2024-01-01' "
        "OR v.created_at > '2024-12-31'), count(*), count(DISTINCT v.created_at), "
        "count(*) FILTER (WHERE m.created_at < '2024-12-30' AND v.created_at <= m.created_at) "
        "FROM visit v JOIN member m ON m.id = v.member_id",
    )
    assert outside == 0 and rows == distinct == 6000
    # the rule still holds wherever the range leaves room for it
    assert broken == 0


NARROW = """
CREATE TABLE folder (id bigserial PRIMARY KEY);
CREATE TABLE badge (
    parent_id bigint NOT NULL REFERENCES folder (id),
    kind text NOT NULL CHECK (kind IN ('gold', 'silver', 'bronze')),
    UNIQUE (parent_id, kind)
);
"""


def test_law_wider_than_the_key_warns_and_the_key_still_holds(make_project, pg_cluster) -> None:
    extra = """
[tables."public.folder"]
rows = 300
[tables."public.badge"]
children = { parent = "public.folder", distribution = "zipf", min = 1, max = 8, skew = 1.1 }
"""
    path: Path = make_project(NARROW, extra=extra, name="sb_keylaws_narrow")
    seen: list[object] = []
    Engine(path).generate(keep_snapshot=False, on_event=seen.append)
    warned = [e.message for e in seen if isinstance(e, WarningEvent)]
    assert any("a parent can have 3 row(s) with distinct kind" in w for w in warned), warned
    rows, dupes = _one(
        pg_cluster.conninfo("sb_keylaws_narrow"),
        "SELECT count(*), count(*) - count(DISTINCT (parent_id, kind)) FROM badge",
    )
    assert rows > 300 and dupes == 0
