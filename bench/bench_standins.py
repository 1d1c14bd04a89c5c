"""What the stand-in pgcrypto and uuid-ossp cost against the real extensions, per call.

    .venv/bin/python bench/bench_standins.py [--calls 2000]

Starts two clusters: the wheel's PostgreSQL 18 with the workbench's stand-ins, and the machine's
newest PostgreSQL that has the real extensions (skipped, saying so, without one). For each
function, the time of `SELECT count(f(i)) FROM generate_series(1, calls)` on each (median of
three), per call, and the ratio. bcrypt runs fewer calls (it is slow by design, and slower in
PL/pgSQL). Figures only; no assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psycopg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.config.file import load_config  # noqa: E402
from workbench.postgres.sources import machine_bindirs, probe  # noqa: E402
from workbench.server.cluster import EmbeddedServer  # noqa: E402

NEEDS = ["pgcrypto", "uuid-ossp"]
# (label, expression over the integer i, calls divisor)
CASES = [
    ("digest md5", "digest(i::text, 'md5')", 1),
    ("digest sha1", "digest(i::text, 'sha1')", 1),
    ("digest sha256", "digest(i::text, 'sha256')", 1),
    ("digest sha1, 1 kB", "digest(repeat(i::text, 250), 'sha1')", 4),
    ("hmac sha256", "hmac(i::text, 'key', 'sha256')", 1),
    ("uuid_generate_v4", "uuid_generate_v4()", 1),
    ("uuid_generate_v1", "uuid_generate_v1()", 1),
    ("uuid_generate_v3", "uuid_generate_v3(uuid_ns_dns(), i::text)", 1),
    ("uuid_generate_v5", "uuid_generate_v5(uuid_ns_dns(), i::text)", 1),
    ("gen_random_bytes(16)", "gen_random_bytes(16)", 1),
    ("crypt md5", "crypt(i::text, '$1$saltsalt')", 10),
    ("crypt bf, cost 4", "crypt(i::text, '$2a$04$abcdefghijklmnopqrstuu')", 500),
]


def _cluster(home: Path, bindir: str) -> tuple[EmbeddedServer, str]:
    home.mkdir()
    (home / "sandbox.toml").write_text(f'[sandbox]\nname = "b"\n[server]\nbindir = "{bindir}"\n')
    server = EmbeddedServer(load_config(home / "sandbox.toml"), extensions=lambda: NEEDS)
    state = server.start()
    conninfo = (
        f"host=127.0.0.1 port={state.port} user=workbench dbname=postgres "
        f"passfile={server.passfile}"
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute('CREATE EXTENSION pgcrypto; CREATE EXTENSION "uuid-ossp"')
    return server, conninfo


def _per_call(conn: psycopg.Connection[Any], expression: str, calls: int) -> float:
    runs = []
    for _ in range(3):
        started = time.perf_counter()
        conn.execute(f"SELECT count({expression}) FROM generate_series(1, {calls}) i")
        runs.append(time.perf_counter() - started)
    return statistics.median(runs) / calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--calls", type=int, default=2000)
    args = ap.parse_args(argv)
    machine = [probe(folder, "machine") for folder in machine_bindirs()]
    real_source = next((s for s in machine if not isinstance(s, str) and not s.lacks(NEEDS)), None)
    servers = []
    with tempfile.TemporaryDirectory(prefix="wb-bench-standins-") as tmp:
        try:
            server, standin = _cluster(Path(tmp) / "standin", "wheel")
            servers.append(server)
            real = None
            if real_source is None:
                print("no machine PostgreSQL with the real extensions: stand-in figures only")
            else:
                server, real = _cluster(Path(tmp) / "real", str(real_source.bindir))
                servers.append(server)
            version = real_source.version if real_source else "none"
            print(f"| function | stand-in µs/call | real µs/call (PG {version}) | ratio |")
            print("|---|---:|---:|---:|")
            with psycopg.connect(standin, autocommit=True) as mine:
                theirs = psycopg.connect(real, autocommit=True) if real else None
                for label, expression, divisor in CASES:
                    calls = max(1, args.calls // divisor)
                    ours = _per_call(mine, expression, calls) * 1e6
                    if theirs is None:
                        print(f"| {label} | {ours:,.1f} | | |")
                        continue
                    base = _per_call(theirs, expression, calls) * 1e6
                    print(f"| {label} | {ours:,.1f} | {base:,.1f} | {ours / base:,.1f}x |")
                if theirs is not None:
                    theirs.close()
        finally:
            for server in servers:
                server.destroy()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
