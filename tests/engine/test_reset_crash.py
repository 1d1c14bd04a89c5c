"""A reset killed while it clones the snapshot (newbie27 F10: a TUI closed or killed mid-reset
left the sandbox missing or half cloned, the work only in the undo copy, and the screens
pointing at `ctrl+g`): the clone is made under its building name and takes the sandbox's place
only once whole, so a real process killed (SIGKILL) while it is made leaves the sandbox as it
was, changes and all; the next reset replaces it as usual and undo brings the changes back."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.access.databases import CRASH_ENV, building_name, replaced_name
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
    Engine(config).generate()  # set-up, in process: the resets are what is tried
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


def test_a_reset_killed_inside_its_swap_leaves_the_sandbox_as_it_was(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """The sandbox moves to the undo copy and the clone takes its name in one transaction
    (attack28: a kill between the two, one try in five at 0.4 s, left no sandbox at all):
    killed inside it, the sandbox is as it was, the work in it, status says nothing is
    incomplete, and the next reset keeps the work for undo (it is not taken for a half
    build)."""
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    Engine(config).generate()  # set-up, in process: the resets are what is tried
    with Engine(config).connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    killed = run_cli(
        "reset", "--yes", "--config", str(config), env={CRASH_ENV: "database:replaced"}
    )
    assert killed.returncode == -9, killed.stderr
    assert name in _names(pg_cluster, name)
    assert _mine(Engine(config)) == "Mine"
    status = run_cli("status", "--config", str(config))
    assert "incomplete" not in status.stdout, status.stdout
    again = run_cli("reset", "--yes", "--config", str(config))
    assert again.returncode == 0, again.stderr
    assert _mine(Engine(config)) != "Mine"
    Engine(config).undo()
    assert _mine(Engine(config)) == "Mine"


def test_a_reset_killed_once_swapped_leaves_a_sandbox_and_no_leftover(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """Killed once the swap committed, before the database it replaced was dropped (a
    reset replacing an unfinished build drops it): the clone is the sandbox, and the next
    reset drops the replaced one it left."""
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    Engine(config).generate()  # set-up, in process: the resets are what is tried
    stopped = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: "reset:cloned"})
    assert stopped.returncode == -9, stopped.stderr
    killed = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: "database:swapped"})
    assert killed.returncode == -9, killed.stderr
    assert name in _names(pg_cluster, name)
    assert replaced_name(load_config(config)) in _names(pg_cluster, name)
    again = run_cli("reset", "--yes", "--config", str(config))
    assert again.returncode == 0, again.stderr
    assert replaced_name(load_config(config)) not in _names(pg_cluster, name)


@pytest.mark.parametrize("point", ["database:replaced", "database:swapped"])
def test_a_reset_replacing_an_unfinished_build_never_leaves_no_sandbox(
    make_project: MakeProject, pg_cluster: Cluster, point: str
) -> None:
    """attack28: resets killed one after another; the one after a killed one drops the
    half-made clone instead of keeping it, and a kill there (before: between the drop and
    the rename) left no sandbox database, `status` said `run workbench up`, and `up` made
    an empty one. Now the name holds one database or the other at every instant."""
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    Engine(config).generate()  # set-up, in process: the resets are what is tried
    stopped = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: "reset:cloned"})
    assert stopped.returncode == -9, stopped.stderr
    killed = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: point})
    assert killed.returncode == -9, killed.stderr
    assert name in _names(pg_cluster, name)
    status = run_cli("status", "--config", str(config))
    assert "incomplete: reset was interrupted" in status.stdout, status.stdout
    assert "`workbench reset --yes`" in status.stdout and "workbench up" not in status.stdout
    assert run_cli("reset", "--yes", "--config", str(config)).returncode == 0
    assert "incomplete" not in run_cli("status", "--config", str(config)).stdout


def test_status_names_a_stopped_reset_when_the_sandbox_is_gone_and_undo_exits_2(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """A sandbox database that is gone after a reset that stopped (dropped by hand, or by an
    older version's kill): status names the interrupted reset and the command that
    recovers, not `workbench up`; undo with nothing kept exits 2 as docs/cli.md says."""
    config = make_project(extra=ROWS)
    name = load_config(config).sandbox.name
    Engine(config).generate()  # set-up, in process: the resets are what is tried
    nothing = run_cli("undo", "--yes", "--config", str(config))
    assert nothing.returncode == 2, (nothing.returncode, nothing.stderr)
    stopped = run_cli("reset", "--yes", "--config", str(config), env={CRASH_ENV: "reset:cloned"})
    assert stopped.returncode == -9, stopped.stderr
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    status = run_cli("status", "--config", str(config))
    assert "does not exist; incomplete: reset was interrupted" in status.stdout, status.stdout
    assert "`workbench reset --yes` recovers" in status.stdout, status.stdout
    assert run_cli("reset", "--yes", "--config", str(config)).returncode == 0
    assert name in _names(pg_cluster, name)


def test_a_reset_after_one_killed_past_its_swap_keeps_the_work_not_the_half_clone(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    """Killed once its clone had taken the sandbox's place (not yet verified nor opened): the
    work is the undo copy, status says incomplete, and the next reset drops the half-made
    clone, not the undo copy (newbie27 F10: a second reset kept the half clone as the undo
    copy and the work was gone); undo still brings the work back."""
    config = make_project(extra=ROWS)
    Engine(config).generate()  # set-up, in process: the resets are what is tried
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
