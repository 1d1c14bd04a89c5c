"""pg_dump of a test's source database, as a user makes schema.sql or a statistics file.

(A dump once in a while seemed to hold no statistics under CI: pg_dump had written them, and
it was our splitter that read nothing of a dump whose `\\restrict` key began with a digit;
tests/unit/test_schema_parse.py holds that case now.)"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import Cluster


def bindir_of(cluster: Cluster) -> Path:
    state = cluster.server.state()
    assert state is not None and state.binaries is not None
    return Path(state.binaries["bindir"])


def pg_dump_source(cluster: Cluster, dbname: str, out: Path, *flags: str) -> str:
    """The dump's text (also left in `out`)."""
    env = {**os.environ, "PGPASSFILE": str(cluster.passfile)}
    subprocess.run(
        [str(bindir_of(cluster) / "pg_dump"), *flags, "--no-owner", "-h", "127.0.0.1",
         "-p", str(cluster.port), "-U", "workbench", "-f", str(out), dbname],
        env=env, check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return out.read_text()
