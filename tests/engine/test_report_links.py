"""distribution-report.md as a symbolic link: written through when its target is inside the
project (the link kept), refused with a sentence when it points outside (appending would copy
the outside file's contents into the project)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import MakeProject
from workbench.distribution.report import REPORT_FILE
from workbench.engine import Engine
from workbench.errors import WorkbenchError

SCHEMA = "CREATE TABLE t (id int PRIMARY KEY);\n"


def test_a_link_outside_the_project_is_refused(make_project: MakeProject, tmp_path: Path) -> None:
    path = make_project(SCHEMA, create_db=False)
    outside = tmp_path / "elsewhere" / "secret.md"
    outside.parent.mkdir()
    outside.write_text("outside contents\n")
    link = path.parent / REPORT_FILE
    link.symlink_to(outside)
    with pytest.raises(WorkbenchError) as err:
        Engine(str(path)).distributions.export([], "2026-12-01 15:00")
    assert f"{REPORT_FILE} is a symbolic link to {outside}, outside the project" in str(err.value)
    assert link.is_symlink() and outside.read_text() == "outside contents\n"


def test_a_link_inside_the_project_is_written_through(make_project: MakeProject) -> None:
    path = make_project(SCHEMA, create_db=False)
    real = path.parent / "docs" / "report.md"
    real.parent.mkdir()
    real.write_text("# Distribution review: earlier\n")
    link = path.parent / REPORT_FILE
    link.symlink_to(real)
    exported = Engine(str(path)).distributions.export([], "2026-12-01 15:00")
    assert link.is_symlink() and link.resolve() == real
    assert exported.appended and real.read_text().startswith("# Distribution review: earlier\n")
    assert real.read_text().count("# Distribution review: ") == 2
