"""SIGTERM during schema.sql's own long statement cancels it (docs/cli.md: SIGTERM cancels the
running statement): a `SELECT pg_sleep(…)` in the file used to run on until the schema
phase's statement_timeout (10 minutes), then fail as a schema error; now the command ends as a
cancel within seconds, and the sandbox is as it was."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

from tests.conftest import Cluster, MakeProject, cli_env, run_cli

SLOW = """\
CREATE TABLE notes (id bigserial PRIMARY KEY, body text NOT NULL);
SELECT pg_sleep(300);
"""


def test_sigterm_in_the_schema_phase_cancels_the_running_statement(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    config = make_project(SLOW)
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json", "--config",
         str(config)],
        env=cli_env(None), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        event = json.loads(line)
        if event.get("event") == "PhaseChanged" and event.get("phase") == "schema":
            break
    time.sleep(3)  # well into the file's pg_sleep
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert time.monotonic() - sent < 60, "the cancel waited for the statement to end"
    assert proc.returncode == 1, (proc.returncode, err)
    assert "cancelled" in err.lower() and "Traceback" not in err, err
    assert "statement timeout" not in err, err
    status = run_cli("status", "--config", str(config))
    assert "Traceback" not in status.stderr
