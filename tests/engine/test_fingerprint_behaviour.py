"""The schema fingerprint covers what a database does with its rows, not only its tables
(attack round 3, C34): an agent acting as a file role that owns a table added a trigger that
rewrites rows, a DO INSTEAD NOTHING rule and a hiding policy, and doctor still said "matches
schema.sql", `snapshot` took it and every fast reset "verified" it. Triggers, rules,
row-level security, policies and function bodies now count, on the real cluster, and a
fresh load of a file that makes them still matches the file."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import psycopg
from psycopg import sql

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.engine import Engine

SCHEMA = """
CREATE ROLE {helper};
CREATE TABLE public.t (id int PRIMARY KEY, v text NOT NULL);
ALTER TABLE public.t OWNER TO {helper};
CREATE FUNCTION public.audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.v := lower(NEW.v); RETURN NEW; END $$;
CREATE TRIGGER audit_t BEFORE INSERT ON public.t FOR EACH ROW EXECUTE FUNCTION public.audit();
ALTER TABLE public.t ENABLE ROW LEVEL SECURITY;
CREATE POLICY p_all ON public.t USING (true);
ALTER FUNCTION public.audit() OWNER TO {helper};
GRANT CREATE ON SCHEMA public TO {helper};
"""

TAMPERING = {
    "trigger": [
        "CREATE FUNCTION public.tamper() RETURNS trigger LANGUAGE plpgsql AS "
        "$$BEGIN NEW.v := 'TAMPERED'; RETURN NEW; END$$",
        "CREATE TRIGGER zz_tamper BEFORE INSERT OR UPDATE ON public.t "
        "FOR EACH ROW EXECUTE FUNCTION public.tamper()",
    ],
    "rule": ["CREATE RULE r_noop AS ON DELETE TO public.t DO INSTEAD NOTHING"],
    "policy": ["CREATE POLICY p_hide ON public.t FOR SELECT USING (id > 2)"],
    "function-body": [
        "CREATE OR REPLACE FUNCTION public.audit() RETURNS trigger LANGUAGE plpgsql AS "
        "$$BEGIN NEW.v := 'TAMPERED'; RETURN NEW; END$$"
    ],
    "drop-own-trigger": ["DROP TRIGGER audit_t ON public.t"],
    "drop-own-policy": ["DROP POLICY p_all ON public.t"],
    "force-rls": ["ALTER TABLE public.t FORCE ROW LEVEL SECURITY"],
    # attack22d D5: privileges and persistence
    "grant-public": ["GRANT ALL ON public.t TO PUBLIC"],
    "unlogged": ["ALTER TABLE public.t SET UNLOGGED"],
    "default-privileges": ["ALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO PUBLIC"],
}


def _doctor(config: Path) -> dict[str, dict]:
    result = run_cli("doctor", "--json", "--config", str(config), cwd=config.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return {c["name"]: c for c in json.loads(result.stdout)["checks"]}


def test_behaviour_changes_are_drift_and_a_fresh_load_matches(
    make_project: MakeProject, pg_cluster: Cluster
) -> None:
    helper = f"helper_{uuid.uuid4().hex[:6]}"
    config = make_project(SCHEMA.format(helper=helper), extra="\n[generate]\nrows = 10\n")
    engine = Engine(str(config))
    engine.generate()
    assert _doctor(config)["schema drift"]["status"] == "pass"
    url = engine.database_url()["database_url"]
    events: list[str] = []

    def said(event: object) -> None:
        events.append(str(getattr(event, "message", "")))

    for what, statements in TAMPERING.items():
        engine.reset()
        drift = _doctor(config)["schema drift"]
        assert drift["status"] == "pass", (what, drift)
        with psycopg.connect(url, autocommit=True) as app:  # the agent, as the file's role
            app.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(helper)))
            for statement in statements:
                app.execute(statement)
        drift = _doctor(config)["schema drift"]
        assert drift["status"] == "warn", (what, drift)
        assert "triggers, rules, row-level security" in drift["message"], drift
        events.clear()
        engine.snapshot(on_event=said)
        assert any("differs from schema.sql" in e for e in events), (what, events)
    engine.generate()  # a fresh load of the file matches it again
    assert _doctor(config)["schema drift"]["status"] == "pass"
