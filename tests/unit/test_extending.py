"""docs/extending.md is a worked example that holds: every block of code it names a file for is
in that file (its lines in order, `...` standing for lines left out), and its schema, generated
without a database, gets the new generator and the new rule.

No database: classify and `generate --csv` never connect."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from tests.conftest import REPO, run_cli
from workbench.generate.vocab.lists import words

DOC = REPO / "docs" / "extending.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
# Two airports per row that no rule keeps apart: the control that the rule is what does it;
# and a departure and arrival day, which may well be one day (the rule reads text alone).
CONTROL = """
CREATE TABLE legs (
    id bigserial PRIMARY KEY,
    start_airport text NOT NULL,
    end_airport text NOT NULL,
    departure_date date NOT NULL,
    arrival_date date NOT NULL
);
CREATE TABLE stands (id bigserial PRIMARY KEY, airport character(3) NOT NULL);
"""


def _blocks() -> list[tuple[str, str, str]]:
    """(language, the file it names or "", text) of every fenced block of the page."""
    found = []
    for language, info, text in BLOCK.findall(DOC.read_text()):
        named = re.search(r"file=(\S+)", info)
        found.append((language, named.group(1) if named else "", text))
    return found


def test_every_block_of_code_is_the_code_in_its_file() -> None:
    named = [(path, text) for _, path, text in _blocks() if path]
    assert {p for p, _ in named} == {
        "workbench/generate/vocab/data/airports.txt",
        "workbench/generate/generators/misc.py",
        "workbench/generate/rules/route.py",
    }
    for path, text in named:
        lines = (REPO / path).read_text().splitlines()
        at = 0
        for line in text.splitlines():
            if line.strip() == "..." or not line.strip():
                continue
            assert line in lines[at:], f"{path}: {line!r} not found after line {at}"
            at = lines.index(line, at) + 1


def test_the_rule_is_one_module_nothing_else_names() -> None:
    """The walk-through's rule touches one module: no other file of the package imports it or
    names the rule (its place is in its own declaration; the registry finds the module)."""
    route = REPO / "workbench" / "generate" / "rules" / "route.py"
    naming = re.compile(r"rules(\.|\s+import\s+\(?[^)]*?\b)route\b|[\"']route[\"']", re.DOTALL)
    others = [
        path.relative_to(REPO).as_posix()
        for path in (REPO / "workbench").rglob("*.py")
        if path != route and naming.search(path.read_text())
    ]
    assert others == []
    assert 'RowRule(\n    "route",' in route.read_text()


def test_the_example_gets_the_generator_and_the_rule(tmp_path: Path) -> None:
    schema = next(text for language, _, text in _blocks() if language == "sql")
    (tmp_path / "schema.sql").write_text(schema + CONTROL)
    (tmp_path / "sandbox.toml").write_text(
        '[sandbox]\nname = "flights"\ndsn = "embedded"\nschema = "schema.sql"\n'
    )
    done = run_cli("classify", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    columns = {(c["table"], c["column"]): c for c in json.loads(done.stdout)["columns"]}
    for name in ("origin_airport", "destination_airport"):
        assert columns[("public.flights", name)]["generator"] == "airport_code"
        assert (
            "destination_airport is not origin_airport"
            in columns[("public.flights", name)]["rules"]
        )
    assert (
        "arrival_city is not departure_city" in columns[("public.flights", "arrival_city")]["rules"]
    )
    assert columns[("public.legs", "end_airport")]["generator"] == "airport_code"
    assert columns[("public.legs", "end_airport")]["rules"] == []
    # a char(3) column is short enough for it: the declaration says so (fits_in)
    assert columns[("public.stands", "airport")]["generator"] == "airport_code"
    assert not [r for r in columns[("public.legs", "arrival_date")]["rules"] if " is not " in r]

    done = run_cli("generate", "--rows", "2000", "--csv", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    flights = _rows(tmp_path / "out" / "public.flights.csv")
    legs = _rows(tmp_path / "out" / "public.legs.csv")
    airports = set(words("airports"))
    assert len(airports) == 75 and len(flights) == len(legs) == 2000
    assert {r["origin_airport"] for r in flights} | {r["destination_airport"] for r in flights} <= (
        airports
    )
    assert len({r["origin_airport"] for r in flights}) > 50  # the list, not a few of it
    assert not [r for r in flights if r["origin_airport"] == r["destination_airport"]]
    cities = [r for r in flights if r["departure_city"] and r["arrival_city"]]
    assert cities and not [r for r in cities if r["departure_city"] == r["arrival_city"]]
    # the same generator without the rule: about 2000/75 rows land where they took off
    assert len([r for r in legs if r["start_airport"] == r["end_airport"]]) > 5


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))
