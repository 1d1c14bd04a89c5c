"""The CLI prints names and values with terminal control characters as visible escapes:
`generate` (text and --json progress), `sample` and `dist` on a hostile schema and config."""

from __future__ import annotations

import json

from tests.conftest import run_cli
from tests.tui.test_hostile_text import RAW, SCHEMA, TOML, assert_safe


def test_generate_sample_and_dist_print_no_raw_control_characters(make_project) -> None:  # type: ignore[no-untyped-def]
    config = str(make_project(SCHEMA, extra=TOML))
    done = run_cli("generate", "--yes", "--config", config)
    assert done.returncode == 0, done.stderr
    assert_safe(done.stdout + done.stderr)
    assert "public.esc\\x1b]0;PWNED\\x07tbl: 1,000 rows" in done.stderr

    as_json = run_cli("generate", "--yes", "--json", "--config", config)
    assert as_json.returncode == 0, as_json.stderr
    assert_safe(as_json.stdout + as_json.stderr)
    tables = {json.loads(line).get("table") for line in as_json.stdout.splitlines()}
    assert "public.esc\x1b]0;PWNED\x07tbl" in tables  # JSON keeps the real name, escaped

    sample = run_cli("sample", "victims", "--limit", "30", "--config", config)
    assert sample.returncode == 0, sample.stderr
    assert_safe(sample.stdout + sample.stderr)
    assert "\\x1b]0;TITLE\\x07x" in sample.stdout and "[bold]loud[/]" in sample.stdout

    dist = run_cli("dist", "victims.label", "--config", config)
    assert dist.returncode == 0, dist.stderr
    assert_safe(dist.stdout + dist.stderr)
    assert "\\x1b[2J\\x1b[31mRED" in dist.stdout

    missing = run_cli("sample", "no\x1b]0;X\x07such", "--config", config)
    assert missing.returncode != 0
    assert all(raw not in missing.stderr for raw in RAW) and "\\x1b]0;X" in missing.stderr
