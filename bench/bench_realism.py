"""Realism suite: generate each domain of tests/realism/domains and print every rule's share.

    .venv/bin/python bench/bench_realism.py [--domains logistics,pagila15] [--rows 1000]
        [--seed 1] [--now 2026-03-10T09:00:00Z] [--json] [--verbose] [--domains-dir PATH]

One embedded cluster for the whole run. Each domain (our own schemas, then pagila15 from
../shared/schemas with #25's checks) is generated into a fresh database with `--rows` rows per
table through the engine, the reference facts are loaded beside it, and each rule's query
gives (applies, holds). Prints per rule: applies, holds, share and whether it meets the 98 %
bar; per domain: rules meeting the bar out of all, and the seconds generation took. `--now`
pins the run's clock (`[generate] now`) and reads every rule's clock as that instant
(tests/realism/clock.py): the figures no longer move with the minute or the day of the week
the bench runs; without it the clock is the minute the run started and the rules read the
database's now(). `--verbose`
adds each rule's statement. `--domains-dir` measures the domain folders of another directory
(each a `schema.sql` and a `rules.toml` as tests/realism/rules.py describes): the held-out
test, a domain someone who has not read the code writes after the work is done. Figures
only; tests/realism/test_realism_suite.py asserts the rules listed in
tests/realism/meeting_bar.toml.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from corpus import SHARED, Cluster  # noqa: E402

from tests.realism.measure import BAR, Share, generate_domain, measure  # noqa: E402
from tests.realism.rules import DOMAINS, Domain, RuleFileError, load_domains  # noqa: E402
from workbench.errors import WorkbenchError  # noqa: E402
from workbench.postgres.sources import schema_needs  # noqa: E402
from workbench.schema.parse import parse_schema_file  # noqa: E402


def run_domain(
    cluster: Cluster, domain: Domain, rows: int, seed: int, work: Path, now: str | None = None
) -> tuple[list[Share], float, str]:
    """(shares, seconds generating, error) for one domain on a fresh database."""
    db = f"r_{domain.name[:20]}_{uuid.uuid4().hex[:8]}"
    cluster.create(db)
    try:
        t0 = time.perf_counter()
        try:
            generate_domain(
                domain, SHARED, work / db, cluster.conninfo(db), rows=rows, seed=seed, now=now
            )
        except WorkbenchError as err:
            return [], time.perf_counter() - t0, str(err).strip().splitlines()[0]
        seconds = time.perf_counter() - t0
        return measure(cluster.conninfo(db), domain, now=now), seconds, ""
    finally:
        cluster.drop(db)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--domains", default="", help="comma-separated domain names (default: all)")
    ap.add_argument("--rows", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--now", default=None, help="the run's clock, ISO with its offset")
    ap.add_argument("--json", action="store_true", help="one JSON object per rule")
    ap.add_argument("--verbose", action="store_true", help="print each rule's statement")
    ap.add_argument("--domains-dir", type=Path, default=DOMAINS, help="folder of domain folders")
    args = ap.parse_args(argv)
    if args.now is not None:
        try:
            moment = datetime.fromisoformat(args.now.replace("Z", "+00:00"))
        except ValueError:
            ap.error(f"--now {args.now}: not an ISO date and time")
        if moment.tzinfo is None:
            ap.error(f"--now {args.now}: give its offset (2026-03-10T09:00:00Z)")
        args.now = moment.isoformat()
    wanted = {d for d in args.domains.split(",") if d}
    if not args.domains_dir.is_dir():
        ap.error(f"--domains-dir {args.domains_dir}: not a directory")
    try:
        found = load_domains(args.domains_dir)
    except RuleFileError as err:
        ap.error(str(err))
    domains = [d for d in found if not wanted or d.name in wanted]
    if wanted - {d.name for d in domains}:
        ap.error(f"unknown domains: {', '.join(sorted(wanted - {d.name for d in domains}))}")
    absent = [d for d in domains if not d.schema_path(SHARED).exists()]
    domains = [d for d in domains if d not in absent]
    totals = [f"{d.name}: skipped, {d.schema_path(SHARED)} is absent" for d in absent]
    needs = sorted(
        {n for d in domains for n in schema_needs(parse_schema_file(d.schema_path(SHARED)))}
    )
    with tempfile.TemporaryDirectory(prefix="wb-realism-") as tmp:
        work = Path(tmp)
        os.chmod(work, 0o755)
        (work / "home").mkdir()
        cluster = Cluster(work / "home", needs)
        try:
            for domain in domains:
                shares, seconds, error = run_domain(
                    cluster, domain, args.rows, args.seed, work, args.now
                )
                if error:
                    line = f"{domain.name}: generation FAILED after {seconds:.1f} s: {error}"
                    print(
                        json.dumps({"domain": domain.name, "error": error}) if args.json else line
                    )
                    totals.append(line)
                    continue
                if not args.json:
                    print(
                        f"\n{domain.name} ({len(domain.rules)} rules, generated in {seconds:.1f} s)"
                    )
                    print(f"  {'rule':<28} {'class':<11} {'applies':>8} {'holds':>8} {'share':>7}")
                for s in shares:
                    if args.json:
                        print(
                            json.dumps(
                                {
                                    "domain": domain.name,
                                    "rule": s.rule.id,
                                    "class": s.rule.cls,
                                    "applies": s.applies,
                                    "holds": s.holds,
                                    "share": round(s.share, 4),
                                    "meets_bar": s.meets_bar,
                                    "error": s.error,
                                }
                            )
                        )
                        continue
                    mark = "ok" if s.meets_bar else "--"
                    figures = (
                        f"ERROR {s.error[:120]}"
                        if s.error
                        else f"{s.applies:>8,} {s.holds:>8,} {s.share:>7.1%} {mark}"
                    )
                    print(f"  {s.rule.id:<28} {s.rule.cls:<11} {figures}")
                    if args.verbose:
                        print(f"      {s.rule.statement}")
                held = sum(s.meets_bar for s in shares)
                totals.append(
                    f"{domain.name}: {held} of {len(shares)} rules hold on >= {BAR:.0%} "
                    f"of their rows ({seconds:.1f} s to generate)"
                )
        finally:
            cluster.server.destroy()
    if not args.json:
        clock = f", the clock pinned at {args.now}" if args.now else ""
        print(f"\nat {args.rows:,} rows per table, seed {args.seed}{clock}:")
        for line in totals:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
