"""A generator and a row rule are each one module: here both live in one module of another
package (written to a temporary folder, never into the workbench), declared by entry points,
and the unchanged `workbench` finds them through its registries. Recognition picks the
generator by its synonym, sandbox.toml may name it, `classify` lists the rule, and the rows
`generate --csv` writes hold both. Without the plug-in on the path nothing of it shows.

No database: classify and `generate --csv` never connect."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from tests.conftest import run_cli

PLUGIN = '''
"""One generator and one row rule, as a package other than the workbench would ship them."""

import numpy as np

from workbench.generate.generators.base import TEXT, Generator
from workbench.generate.rules.base import RowRule, Rule, free


def _tickets(spec, rng, idx):
    return np.array([f"TCK-{int(i):06d}" for i in idx], dtype=object)


GENERATORS = (
    Generator("ticket_code", kinds=TEXT, synonyms=("ticket_code",), width=10, text=_tickets),
)


def _plan(view, planned):
    return [
        Rule("shout", [f"{c}_shout", c], f"{c}_shout is {c} in capitals")
        for c in view.specs
        if f"{c}_shout" in view.specs and free(view, f"{c}_shout")
    ]


def _apply(view, rule, batch, idx):
    target, source = batch[rule.columns[0]], batch[rule.columns[1]]
    target.values[:] = np.char.upper(np.asarray(source.values).astype(str))
    target.nulls[:] = source.nulls


RULE = RowRule("shout", "a column named <c>_shout is <c> in capitals", _plan, _apply)
'''

ENTRY_POINTS = """[workbench.generators]
demo = wb_demo_plugin:GENERATORS

[workbench.rules]
shout = wb_demo_plugin:RULE
"""

SCHEMA = """
CREATE TABLE flights (
    id bigserial PRIMARY KEY,
    ticket_code text NOT NULL,
    boarding_ref text NOT NULL,
    city text NOT NULL,
    city_shout text NOT NULL
);
"""


def _install(folder: Path) -> Path:
    """The plug-in as an installed distribution: its module and its entry points."""
    info = folder / "wb_demo_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (folder / "wb_demo_plugin.py").write_text(PLUGIN)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wb-demo-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return folder


def _project(folder: Path, *, named: bool) -> Path:
    folder.mkdir(parents=True)
    (folder / "schema.sql").write_text(SCHEMA)
    toml = '[sandbox]\nname = "plug"\ndsn = "embedded"\nschema = "schema.sql"\n'
    if named:  # sandbox.toml names the plug-in's generator for a column recognition leaves
        toml += '[tables."public.flights".columns.boarding_ref]\ngenerator = "ticket_code"\n'
    (folder / "sandbox.toml").write_text(toml)
    return folder


def _classify(project: Path, plugins: Path | None) -> dict[str, dict]:
    env = {"PYTHONPATH": str(plugins)} if plugins is not None else {}
    done = run_cli("classify", "--json", cwd=project, env=env)
    assert done.returncode == 0, done.stderr
    return {c["column"]: c for c in json.loads(done.stdout)["columns"]}


def test_a_plugin_generator_and_rule_are_found_and_used(tmp_path: Path) -> None:
    plugins = _install(tmp_path / "site")
    project = _project(tmp_path / "project", named=True)

    columns = _classify(project, plugins)
    assert columns["ticket_code"]["generator"] == "ticket_code"
    assert "demo" in columns["ticket_code"]["reason"]  # the plug-in's family, by entry point
    assert columns["boarding_ref"]["generator"] == "ticket_code"
    assert columns["boarding_ref"]["declared"] is True
    assert "city_shout is city in capitals" in columns["city_shout"]["rules"]

    done = run_cli(
        "generate", "--rows", "300", "--csv", "out", cwd=project, env={"PYTHONPATH": str(plugins)}
    )
    assert done.returncode == 0, done.stderr
    with (project / "out" / "public.flights.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 300
    for row in rows:
        assert re.fullmatch(r"TCK-\d{6}", row["ticket_code"]), row
        assert re.fullmatch(r"TCK-\d{6}", row["boarding_ref"]), row
        assert row["city_shout"] == row["city"].upper(), row
    assert len({r["city"] for r in rows}) > 1  # the rule copied real cities, not one value


def test_without_the_plugin_nothing_of_it_shows(tmp_path: Path) -> None:
    project = _project(tmp_path / "project", named=False)
    columns = _classify(project, None)
    assert columns["ticket_code"]["generator"] != "ticket_code"
    assert not any("capitals" in rule for c in columns.values() for rule in c["rules"])
    named = _project(tmp_path / "named", named=True)
    done = run_cli("classify", "--json", cwd=named)
    assert done.returncode != 0
    assert "unknown generator 'ticket_code'" in done.stderr
    assert "Traceback" not in done.stderr
