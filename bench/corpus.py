"""Corpus run: `workbench generate` on every real schema of ../shared/schemas.

    .venv/bin/python bench/corpus.py [--files coder,hexpm] [--rows 200,5000] [--icu libc] [--json]

One embedded cluster for the whole run. For each file and each row count: a fresh sandbox
project (sandbox.toml + the file as schema.sql) generates `--rows` rows per table through the
engine (pre-data, data, post-data, sequences, verification; no snapshot kept). The baseline is
pg_restore of the same rows into the same cluster: the generated sandbox is dumped with
`pg_dump -Fc` and restored (timed) into a fresh database. Files the folder's README says do not
load on plain PostgreSQL 15 are skipped with the README's reason, unless all it needs is a newer
server ("needs PG 18") and this one is; a file that needs an
extension the server lacks (PostGIS for openstreetmap) is skipped naming it. The cluster's
binaries are chosen for what the files need that some source provides (the workbench's
stand-ins for pgcrypto and uuid-ossp where no server has them); `--icu libc` writes
`[server] icu = "libc"` into every project, so ICU collations are mapped on a server without ICU.

Prints one line per run: file, rows per table, outcome, rows in the sandbox, rows the judge
dropped (and their share of the rows asked for), seconds, pg_restore seconds, the ratio,
warnings, and the first line of the error; then the runs that dropped more than 1 %, and per
table what was dropped by which constraint. Figures only; no assertions.

`--schema-skip killbill.sql=event-trigger` runs a file the way its user would after the
refusal of a superuser-only statement (it names the `[schema] skip` line); the table says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from workbench.config.file import load_config  # noqa: E402
from workbench.engine import Engine  # noqa: E402
from workbench.errors import ServerError, WorkbenchError, unexpected  # noqa: E402
from workbench.events import Event  # noqa: E402
from workbench.events import Warning as WarningEvent  # noqa: E402
from workbench.postgres.binaries import resolve  # noqa: E402
from workbench.postgres.sources import schema_needs  # noqa: E402
from workbench.schema.apply import missing_extensions  # noqa: E402
from workbench.schema.parse import parse_schema_file  # noqa: E402
from workbench.server.cluster import EmbeddedServer  # noqa: E402

SHARED = Path(os.environ.get("WORKBENCH_SHARED_SCHEMAS") or REPO.parent / "shared" / "schemas")


@dataclass
class Verdict:
    """What the folder's README says about loading a file on plain PostgreSQL 15."""

    loads: bool
    reason: str = ""
    #: the oldest server (server_version_num) it loads on, for "needs PG 18 …"
    min_server: int = 0


# "no: needs PG 18 (…) and pgvector": loads on a server that new (extensions checked apart)
_NEEDS_SERVER = re.compile(r"^no:\s*needs PG (\d+)\b", re.I)


def readme_verdicts(folder: Path = SHARED) -> dict[str, Verdict]:
    """file name → verdict, from the README's table column "loads on plain PG 15.x?".
    "yes…" loads; "needs X" loads when the server has the extension (checked at run time);
    anything else ("**no**: …", "**partly**: …") does not, with the README's words as reason."""
    readme = folder / "README.md"
    out: dict[str, Verdict] = {}
    if not readme.exists():
        return out
    header: list[str] | None = None
    for line in readme.read_text().splitlines():
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        row = dict(zip(header, cells, strict=False))
        name = row.get("file", "")
        col = next((k for k in row if k.startswith("loads on")), None)
        if not name.endswith(".sql") or col is None:
            continue
        text = row[col].replace("*", "").strip()
        newer = _NEEDS_SERVER.match(text)
        if text.lower().startswith(("yes", "needs")):
            out[name] = Verdict(True, text)
        elif newer:
            out[name] = Verdict(True, text, min_server=int(newer[1]) * 10000)
        else:
            out[name] = Verdict(False, text)
    return out


def corpus_files(folder: Path = SHARED) -> list[tuple[Path, Verdict]]:
    """Every .sql file of the folder with the README's verdict (unlisted files: try them)."""
    verdicts = readme_verdicts(folder)
    return [
        (p, verdicts.get(p.name, Verdict(True, "not in the README")))
        for p in sorted(folder.glob("*.sql"))
    ]


class Cluster:
    """The one embedded cluster the run uses."""

    def __init__(self, home: Path, needs: list[str], icu: str | None = None) -> None:
        icu_line = f'[server]\nicu = "{icu}"\n' if icu else ""
        (home / "sandbox.toml").write_text(f'[sandbox]\nname = "corpus_home"\n{icu_line}')
        config = load_config(home / "sandbox.toml")
        # binaries whose server has (or stands in for) every extension the files need that
        # some source provides; files needing the others skip, naming them
        provided = [n for n in needs if _provided(n, icu)]
        resolve(needs=provided, icu=icu)
        if len(provided) < len(needs):
            lacking = sorted(set(needs) - set(provided))
            print(f"no server has {', '.join(lacking)}; files needing them skip")
        self.server = EmbeddedServer(config, extensions=lambda: provided)
        state = self.server.start()
        self.port = state.port
        self.passfile = self.server.passfile
        self.bindir = Path(state.bindir)

    def conninfo(self, db: str = "postgres") -> str:
        # The password inline: a sandbox.toml DSN naming a file libpq reads (passfile=) is
        # used only once the project is trusted (workbench/trust/dsn.py).
        password = self.passfile.read_text().strip().rsplit(":", 1)[1]
        return f"host=127.0.0.1 port={self.port} user=workbench dbname={db} password={password}"

    def create(self, name: str) -> None:
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def drop(self, name: str) -> None:
        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            for db in (name, f"{name}__wb_snapshot"):
                if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db]).fetchone():
                    ident = sql.Identifier(db)
                    conn.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(ident))
                    conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(ident))

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env["PGPASSFILE"] = str(self.passfile)
        return env

    def client(self, tool: str, *args: str) -> None:
        cmd = [str(self.bindir / tool), "-h", "127.0.0.1", "-p", str(self.port), "-U", "workbench"]
        proc = subprocess.run(
            [*cmd, *args], env=self.env(), capture_output=True, text=True, timeout=3600
        )
        if proc.returncode != 0:
            raise RuntimeError(f"{tool} failed: {proc.stderr.strip()[:500]}")


@dataclass
class Result:
    file: str
    rows_per_table: int
    outcome: str  # "ok", "FAIL", "skip"
    rows: int = 0
    seconds: float = 0.0
    restore_seconds: float = 0.0
    ratio: float = 0.0
    warnings: list[str] = field(default_factory=list)
    error: str = ""
    # rows the judge dropped (generate/judge/): in all, and per table "kept of planned: why"
    dropped: int = 0
    dropped_tables: dict[str, str] = field(default_factory=dict)
    # what the project's sandbox.toml left out of the file (`[schema] skip`), as its user would
    schema_skip: list[str] = field(default_factory=list)

    @property
    def dropped_share(self) -> float:
        asked = self.rows + self.dropped
        return self.dropped / asked if asked else 0.0


def _provided(need: str, icu: str | None) -> bool:
    try:
        resolve(needs=[need], icu=icu)
    except ServerError:
        return False
    return True


def table_rows(conninfo: str) -> int:
    """Rows in every ordinary table (partitions counted, their parents not)."""
    with psycopg.connect(conninfo, autocommit=True) as conn:
        rels = conn.execute(
            "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' "
            "AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
            "AND n.nspname NOT LIKE 'pg\\_%'"
            "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid "
            "AND d.deptype = 'e')"
        ).fetchall()
        total = 0
        for (rel,) in rels:
            total += conn.execute(f"SELECT count(*) FROM {rel}").fetchone()[0]  # type: ignore[index]
        return total


def run_one(
    cluster: Cluster,
    path: Path,
    rows: int,
    seed: int,
    work: Path,
    icu: str | None = None,
    skip: tuple[str, ...] = (),
) -> Result:
    res = Result(path.name, rows, "FAIL", schema_skip=list(skip))
    name = f"c_{uuid.uuid4().hex[:10]}"
    project = work / name
    project.mkdir()
    # The file keeps its name, so an error names it (coder.sql:2607).
    (project / path.name).write_text(path.read_text())
    (project / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "{cluster.conninfo(name)}"\nschema = "{path.name}"\n'
        + (f'[server]\nicu = "{icu}"\n' if icu else "")
        + (f"[schema]\nskip = {json.dumps(list(skip))}\n" if skip else "")
    )
    cluster.create(name)
    restored = f"{name}_restore"
    try:
        engine = Engine(str(project / "sandbox.toml"))

        def on_event(ev: Event) -> None:
            if isinstance(ev, WarningEvent):
                res.warnings.append(ev.message)

        t0 = time.perf_counter()
        try:
            result = engine.generate(rows=rows, seed=seed, on_event=on_event, keep_snapshot=False)
        except WorkbenchError as e:
            res.seconds = time.perf_counter() - t0
            text = str(e).strip().replace(str(project) + "/", "")
            res.error = text.splitlines()[0] if text else type(e).__name__
            return res
        except Exception as e:  # a crash is a result of the run too, not the end of it
            res.seconds = time.perf_counter() - t0
            res.error = "unexpected error: " + unexpected(e)
            return res
        res.seconds = time.perf_counter() - t0
        res.outcome = "ok"
        res.rows = table_rows(cluster.conninfo(name))
        for table, d in sorted((result.get("dropped") or {}).items()):
            res.dropped += int(d["dropped"])
            why = ", ".join(f"{c} {n:,}" for c, n in d["by_constraint"].items())
            res.dropped_tables[table] = f"kept {d['kept']:,} of {d['planned']:,}: {why}"
        dump = project / "sandbox.dump"
        cluster.client("pg_dump", "-Fc", "-f", str(dump), name)
        cluster.create(restored)
        t0 = time.perf_counter()
        cluster.client("pg_restore", "-d", restored, str(dump))
        res.restore_seconds = time.perf_counter() - t0
        res.ratio = res.seconds / res.restore_seconds if res.restore_seconds else 0.0
        return res
    finally:
        cluster.drop(name)
        cluster.drop(restored)


def skip_reason(cluster: Cluster, path: Path, verdict: Verdict) -> str | None:
    if not verdict.loads:
        return f"README: {verdict.reason}"
    parsed = parse_schema_file(path)
    probe = f"p_{uuid.uuid4().hex[:10]}"
    cluster.create(probe)
    try:
        with psycopg.connect(cluster.conninfo(probe), autocommit=True) as conn:
            missing = missing_extensions(conn, parsed)
            if conn.info.server_version < verdict.min_server:
                return f"README: {verdict.reason} (this server is {conn.info.server_version})"
    finally:
        cluster.drop(probe)
    if missing:
        return f"this server lacks the extension(s) {', '.join(missing)}"
    return None


def _fmt(r: Result) -> str:
    if r.outcome == "skip":
        return f"| {r.file} | {r.rows_per_table:,} | skip | | | | | | | {r.error} |"
    err = r.error.replace("|", "\\|")[:160]
    if r.schema_skip:
        err = f"with [schema] skip = {json.dumps(r.schema_skip)}" + (f"; {err}" if err else "")
    ratio = f"{r.ratio:.1f}x" if r.ratio else ""
    rest = f"{r.restore_seconds:.1f}" if r.restore_seconds else ""
    dropped = f"{r.dropped:,} ({100 * r.dropped_share:.2f} %)" if r.dropped else "0"
    return (
        f"| {r.file} | {r.rows_per_table:,} | {r.outcome} | {r.rows:,} | {dropped} "
        f"| {r.seconds:.1f} | {rest} | {ratio} | {len(r.warnings)} | {err} |"
    )


HEADER = (
    "| file | rows/table | outcome | rows | dropped | seconds | pg_restore s | ratio | warnings "
    "| error |\n"
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---|"
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--folder", type=Path, default=SHARED)
    ap.add_argument("--files", default="", help="comma-separated names (with or without .sql)")
    ap.add_argument("--rows", default="200,5000", help="comma-separated rows per table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--icu", choices=["libc"], help='write [server] icu = "libc" into every project'
    )
    ap.add_argument("--json", action="store_true", help="one JSON object per run, no table")
    ap.add_argument(
        "--schema-skip",
        action="append",
        default=[],
        metavar="FILE=KIND[,KIND]",
        help="write [schema] skip = [KIND, …] into FILE's project (what the refusal of a\n"
        "superuser-only statement tells its user to do), e.g. killbill.sql=event-trigger",
    )
    args = ap.parse_args(argv)
    skips: dict[str, tuple[str, ...]] = {}
    for item in args.schema_skip:
        name, sep, kinds = item.partition("=")
        if not sep or not kinds.strip():
            ap.error(f"--schema-skip {item!r}: expected FILE=KIND[,KIND], e.g. x.sql=event-trigger")
        name = name if name.endswith(".sql") else name + ".sql"
        skips[name] = tuple(k.strip() for k in kinds.split(",") if k.strip())
    wanted = {f if f.endswith(".sql") else f + ".sql" for f in args.files.split(",") if f}
    counts = [int(x) for x in args.rows.split(",") if x]
    files = [(p, v) for p, v in corpus_files(args.folder) if not wanted or p.name in wanted]
    if wanted - {p.name for p, _ in files}:
        ap.error(f"not in {args.folder}: {', '.join(sorted(wanted - {p.name for p, _ in files}))}")
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="wb-corpus-") as tmp:
        work = Path(tmp)
        os.chmod(work, 0o755)
        (work / "home").mkdir()
        needs = sorted({n for p, v in files if v.loads for n in schema_needs(parse_schema_file(p))})
        cluster = Cluster(work / "home", needs, args.icu)
        if not args.json:
            print(HEADER, flush=True)
        try:
            for path, verdict in files:
                reason = skip_reason(cluster, path, verdict)
                for rows in counts:
                    if reason:
                        res = Result(path.name, rows, "skip", error=reason)
                    else:
                        res = run_one(
                            cluster, path, rows, args.seed, work, args.icu, skips.get(path.name, ())
                        )
                    results.append(res)
                    print(json.dumps(asdict(res)) if args.json else _fmt(res), flush=True)
                    if reason:
                        break
        finally:
            cluster.server.destroy()
    if not args.json:
        ok = [r for r in results if r.outcome == "ok"]
        failed = [r for r in results if r.outcome == "FAIL"]
        print(
            f"\n{len(ok)} ok, {len(failed)} failed, "
            f"{len([r for r in results if r.outcome == 'skip'])} skipped"
        )
        over = [r for r in ok if r.dropped_share > 0.01]
        if over:
            print(
                "more than 1 % of the rows dropped: "
                + ", ".join(
                    f"{r.file} @{r.rows_per_table} ({100 * r.dropped_share:.1f} %)" for r in over
                )
            )
        for r in results:
            for table, why in r.dropped_tables.items():
                print(f"  dropped {r.file} @{r.rows_per_table}: {table}: {why[:200]}")
        for r in results:
            for w in r.warnings[:5]:
                print(f"  warning {r.file} @{r.rows_per_table}: {w[:200]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
