"""A reset killed while it clones the snapshot (newbie27 F10: a TUI closed or killed mid-reset
left the sandbox missing or half cloned, the work only in the undo copy, and the screens
pointing at `ctrl+g`): the clone is made under its building name and takes the sandbox's place
only once whole, so a real process killed (SIGKILL) while it is made leaves the sandbox as it
was, changes and all; the next reset replaces it as usual and undo brings the changes back."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.access.databases import CRASH_ENV, building_name
from workbench.config.file import load_config
from workbench.engine import Engine

ROWS = "[generate]\nrows = 20\n"  # the shipped example's schema


def _names(cluster: Cluster, name: str) -> list[str]:
    with psycopg.connect(cluster.conninfo(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s", (f"{name}%",)
        ).fetchall()
    return [r[0] for r in rows]


def _mine(engine: Engine) -> str | None:
    with engine.connect() as conn:
        row = conn.execute("SELECT first_name FROM customers WHERE id = 1").fetchone()
    return row[0] if row else None


@pytest.mark.parametrize("point", ["database:created", "database:marked"])
def test_a_reset_killed_while_it_clones_leaves_the_sandbox_whole(
    make_project: MakeProject, pg_cluster: Cluster, point: str
) -> None:
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    assert run_cli("generate", "--yes", "--config", str(config)).returncode == 0
    engine = Engine(config)
    with engine.connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")

    killed = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: point})
    assert killed.returncode == -9, killed.stderr
    assert name in _names(pg_cluster, name)
    assert _mine(Engine(config)) == "Mine"  # the sandbox as it was: open, the change kept
    status = run_cli("status", "--config", str(config))
    assert "does not exist" not in status.stdout and "incomplete" not in status.stdout, (
        status.stdout
    )
    # the next reset still sees the change, replaces it and keeps it for undo
    changes = Engine(config).changes()
    assert changes.any, changes

    again = run_cli("reset", "--yes", "--config", str(config))
    assert again.returncode == 0, again.stderr
    assert building_name(load_config(config)) not in _names(pg_cluster, name)
    assert _mine(Engine(config)) != "Mine"
    Engine(config).undo()
    assert _mine(Engine(config)) == "Mine"


def test_a_reset_killed_between_the_swap_and_its_rename_keeps_the_work_for_undo(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """The one instant left between the two renames: the work is the undo copy, and undo
    brings it back."""
    config = make_project(extra=ROWS)
    assert run_cli("generate", "--yes", "--config", str(config)).returncode == 0
    with Engine(config).connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    killed = run_cli(
        "reset", "--yes", "--config", str(config), env={CRASH_ENV: "database:replaced"}
    )
    assert killed.returncode == -9, killed.stderr
    Engine(config).undo()
    assert _mine(Engine(config)) == "Mine"


def test_a_reset_after_one_killed_past_its_swap_keeps_the_work_not_the_half_clone(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """Killed once its clone had taken the sandbox's place (not yet verified nor opened): the
    work is the undo copy, status says incomplete, and the next reset drops the half-made
    clone, not the undo copy (newbie27 F10: a second reset kept the half clone as the undo
    copy and the work was gone); undo still brings the work back."""
    config = make_project(extra=ROWS)
    assert run_cli("generate", "--yes", "--config", str(config)).returncode == 0
    with Engine(config).connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    killed = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: "reset:cloned"})
    assert killed.returncode == -9, killed.stderr
    status = run_cli("status", "--config", str(config))
    assert "incomplete: reset was interrupted" in status.stdout, status.stdout
    again = run_cli("reset", "--yes", "--config", str(config))
    assert again.returncode == 0, again.stderr
    assert "incomplete" not in run_cli("status", "--config", str(config)).stdout
    Engine(config).undo()
    assert _mine(Engine(config)) == "Mine"
    assert "incomplete" not in run_cli("status", "--config", str(config)).stdout
