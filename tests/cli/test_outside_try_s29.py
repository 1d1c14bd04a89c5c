"""What an outside try of session 29 found a newcomer meets: doctor on a schema path that is a
FIFO says so once (the checks that read schema.sql are skipped, not failed with wrong fixes); a
schema link to nowhere says so in the trust refusal; a --dsn mismatch blames the flag; the
refusal of a path says "nothing was written there"; `doctor | head` exits as doctor would;
`server stop` removes the socket folder it made; `classify` fits an 80-column terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import MakeProject, cli_env, run_cli
from workbench.engine import Engine

LONG = """\
CREATE TABLE customer_shipping_preferences (
    id bigserial PRIMARY KEY,
    preferred_delivery_window_start timestamptz NOT NULL,
    preferred_delivery_window_end timestamptz NOT NULL,
    alternative_contact_phone_number text,
    CHECK (preferred_delivery_window_start <= preferred_delivery_window_end)
);
"""


def _cli(config: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = run_cli(*args, "--config", str(config), cwd=config.parent, env=env)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_doctor_on_a_fifo_schema_fails_once_naming_it(make_project: MakeProject) -> None:
    config = make_project(extra="\n[generate]\nrows = 20\n")
    Engine(config).generate()  # set-up, in process
    schema = config.parent / "schema.sql"
    schema.unlink()
    os.mkfifo(schema)
    code, out, err = _cli(config, "doctor", "--json")
    assert code == 4, err
    checks = json.loads(out)["checks"]
    failed = [c for c in checks if c["status"] == "fail"]
    assert [c["name"] for c in failed] == ["schema file"], failed
    assert "named pipe (FIFO)" in failed[0]["message"]
    assert "schema file itself" in failed[0]["fix"], failed[0]
    skipped = [c["name"] for c in checks if "cannot be read" in c["message"]]
    assert "schema drift" in skipped and "row counts" in skipped, checks


def test_a_schema_link_to_nowhere_outside_the_checkout_says_so(
    make_project: MakeProject, tmp_path: Path
) -> None:
    config = make_project()
    schema = config.parent / "schema.sql"
    schema.unlink()
    schema.symlink_to(tmp_path / "elsewhere" / "schema.sql")
    code, out, err = _cli(config, "doctor")
    assert code == 3, out + err
    assert "link to nowhere" in err, err


def test_a_dsn_flag_that_differs_is_blamed_not_sandbox_toml(make_project: MakeProject) -> None:
    config = make_project()
    out = _cli(config, "doctor", "--json", "--dsn", "postgresql://127.0.0.1:1/other")[1]
    guard = next(c for c in json.loads(out)["checks"] if c["name"] == "guard")
    assert guard["status"] == "fail" and "cli-dsn-mismatch" in guard["message"], guard
    assert "without --dsn" in guard["fix"] and "sandbox.toml" not in guard["fix"], guard
    assert "without --dsn" in guard["message"], guard


def test_a_refused_path_says_nothing_was_written(make_project: MakeProject, tmp_path: Path) -> None:
    config = make_project()
    outside = tmp_path / "outside"
    outside.mkdir()
    (config.parent / "out").symlink_to(outside)
    code, out, err = _cli(config, "stats", "scrub", "schema.sql", "-o", "out/scrubbed.sql")
    assert code == 3, out + err
    assert "nothing was written there" in err and "was write" not in err, err
    assert not (outside / "scrubbed.sql").exists()


def test_a_closed_pipe_exits_as_the_command_would(make_project: MakeProject) -> None:
    config = make_project()
    plain = _cli(config, "doctor")[0]
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line (`| head -0`, `| true`)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "workbench.cli", "doctor", "--config", str(config)],
            cwd=config.parent,
            env=cli_env(),
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    finally:
        os.close(write)
    assert result.returncode == plain, (result.returncode, plain, result.stderr)
    assert "Traceback" not in result.stderr and "Broken pipe" not in result.stderr


def test_server_stop_removes_the_socket_folder_it_made(make_project: MakeProject) -> None:
    config = make_project(embedded=True)
    assert _cli(config, "up")[0] == 0
    state = json.loads((config.parent / ".workbench" / "server.json").read_text())
    folder = Path(state.get("data", state)["socket_dir"])
    assert folder.is_dir()
    code, _, err = _cli(config, "server", "stop")
    assert code == 0, err
    assert not folder.exists(), sorted(os.listdir(folder))
    assert _cli(config, "up")[0] == 0  # made again on the next start


def test_classify_fits_an_80_column_terminal(make_project: MakeProject) -> None:
    config = make_project(LONG)
    code, out, err = _cli(config, "classify", env={"COLUMNS": "80"})
    assert code == 0, err
    widest = max(out.splitlines(), key=len)
    assert len(widest) <= 80, widest
    assert "preferred_delivery_window_start" in out
