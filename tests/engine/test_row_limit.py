"""Row counts have a documented maximum (config.MAX_ROWS): a count that only the plan can
see (children per parent, a statistics scale, --rows) is refused at plan time, before the
sandbox's tables are dropped."""

from __future__ import annotations

import pytest

from tests.conftest import MakeProject
from workbench.config.file import MAX_ROWS
from workbench.engine import Engine
from workbench.errors import ConfigError, UsageError

SCHEMA = """
CREATE TABLE parents (id bigint PRIMARY KEY);
CREATE TABLE kids (id bigint PRIMARY KEY, parent_id bigint NOT NULL REFERENCES parents (id));
"""
SMALL = "[generate]\nrows = 10\n"
HUGE_CHILDREN = """[generate]
rows = 10
[tables.parents]
rows = 100000
[tables.kids]
children = { parent = "parents", distribution = "fixed", count = 100000 }
"""


def test_children_beyond_the_maximum_are_refused_before_anything_is_dropped(
    make_project: MakeProject,
) -> None:
    path = make_project(SCHEMA, extra=SMALL)
    Engine(str(path)).generate(seed=1, keep_snapshot=False)
    path.write_text(path.read_text().replace(SMALL, HUGE_CHILDREN))

    engine = Engine(str(path))
    with pytest.raises(ConfigError) as err:
        engine.generate(seed=1, keep_snapshot=False)
    message = str(err.value)
    assert 'tables."public.kids".children' in message
    assert f"{MAX_ROWS:,}" in message and "10,000,000,000" in message
    with engine.connect() as conn:  # the first load is still there
        assert conn.execute("SELECT count(*) FROM kids").fetchone() == (10,)


def test_rows_flag_beyond_the_maximum_is_refused_by_the_plan(make_project: MakeProject) -> None:
    engine = Engine(str(make_project(SCHEMA, extra=SMALL, create_db=False)))
    with pytest.raises(UsageError, match="between 0 and 1,000,000,000 rows per table"):
        engine.plan(rows=MAX_ROWS + 1)
