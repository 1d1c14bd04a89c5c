"""Same seed, same rows: one hash per table of a generated sandbox, to compare two revisions.

    .venv/bin/python bench/table_hashes.py [--schemas example,pagila15,musicbrainz]
        [--rows 1000] [--seed 1] [--now 2026-01-01T00:00:00Z] [--json]

For each schema (the shipped example with its own sandbox.toml, or a file of ../shared/schemas
by its name), a fresh sandbox on one embedded cluster is generated with `--rows` rows per table
(declared `rows` of the shipped example are kept) and every ordinary table is hashed: md5 over
its rows as text, in the order of the table's own columns, sorted. Prints `schema table rows
hash` lines and, at the end, one hash over all of them. Run it on two revisions and diff the
outputs: a line that differs names a table whose rows changed. The run's clock is pinned
(`[generate] now`, --now), so the hashes do not change with the minute they are made in.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import uuid
from pathlib import Path

import psycopg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from corpus import SHARED, Cluster  # noqa: E402

from workbench.config.file import load_config  # noqa: E402
from workbench.engine import Engine  # noqa: E402
from workbench.postgres.sources import schema_needs  # noqa: E402
from workbench.schema.parse import parse_schema_file  # noqa: E402
from workbench.trust.checkout import trust  # noqa: E402


def schema_path(name: str) -> Path:
    return REPO / "schema.sql" if name == "example" else SHARED / f"{name}.sql"


def table_hashes(conninfo: str) -> list[tuple[str, int, str]]:
    """(table, rows, md5 of its sorted rows as text) for every ordinary user table."""
    out = []
    with psycopg.connect(conninfo, autocommit=True) as conn:
        rels = conn.execute(
            "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' "
            "AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
            "AND n.nspname NOT LIKE 'pg\\_%' "
            "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid "
            "AND d.deptype = 'e') ORDER BY 1"
        ).fetchall()
        for (rel,) in rels:
            digest = hashlib.md5()
            rows = conn.execute(f"SELECT t::text FROM {rel} t ORDER BY 1").fetchall()
            for (text,) in rows:
                digest.update(text.encode())
                digest.update(b"\n")
            out.append((rel, len(rows), digest.hexdigest()))
    return out


def run_one(cluster: Cluster, name: str, rows: int, seed: int, now: str, work: Path) -> list:
    db = f"h_{uuid.uuid4().hex[:10]}"
    project = work / db
    project.mkdir()
    src = schema_path(name)
    (project / "schema.sql").write_text(src.read_text())
    extra = ""
    if name == "example":  # the shipped sandbox.toml's tables and columns, not its [sandbox]
        text = (REPO / "sandbox.toml").read_text()
        extra = text[text.index("[tables.") :] if "[tables." in text else ""
    (project / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{db}"\ndsn = "{cluster.conninfo(db)}"\nschema = "schema.sql"\n'
        f'\n[generate]\nnow = "{now}"\n\n{extra}'
    )
    cluster.create(db)
    try:
        trust(load_config(project / "sandbox.toml"))  # the DSN names the cluster's passfile
        Engine(str(project / "sandbox.toml")).generate(rows=rows, seed=seed, keep_snapshot=False)
        return table_hashes(cluster.conninfo(db))
    finally:
        cluster.drop(db)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--schemas", default="example,pagila15,musicbrainz")
    ap.add_argument("--rows", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--now", default="2026-01-01T00:00:00Z", help="the run's clock")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    names = [n for n in args.schemas.split(",") if n]
    needs = sorted({n for s in names for n in schema_needs(parse_schema_file(schema_path(s)))})
    whole = hashlib.md5()
    result: dict[str, list] = {}
    with tempfile.TemporaryDirectory(prefix="wb-hashes-") as tmp:
        work = Path(tmp)
        os.chmod(work, 0o755)
        (work / "home").mkdir()
        cluster = Cluster(work / "home", needs)
        try:
            for name in names:
                result[name] = run_one(cluster, name, args.rows, args.seed, args.now, work)
                for table, n, digest in result[name]:
                    whole.update(f"{name} {table} {n} {digest}\n".encode())
                    if not args.json:
                        print(f"{name} {table} {n} {digest}", flush=True)
        finally:
            cluster.server.destroy()
    if args.json:
        print(json.dumps({"tables": result, "all": whole.hexdigest()}))
    else:
        print(f"all {whole.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
