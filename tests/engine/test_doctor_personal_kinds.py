"""doctor's personal-data check judges only columns that can hold a contact value: a column
merely named after one (a Prisma-style "emailVerified" timestamp, a phone_confirmed boolean,
an email_count counter) passes after a clean generate; a real-looking address or number
placed in a real email or phone column still fails, naming that column alone."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import PASSWORD, Sandbox, sandbox

SCHEMA = """
CREATE TABLE "User" (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  "emailVerified" timestamp(3),
  email_verified_at timestamptz,
  phone_confirmed boolean,
  email_count integer,
  email_opt_in boolean,
  has_phone boolean,
  phone varchar(32),
  email_template text,
  "phoneNumbers" text[]
);
"""


def _personal(box: Sandbox, expect: int) -> dict:
    result = run_cli("doctor", "--json", "--config", str(box.config), cwd=box.root)
    assert result.returncode == expect, (result.stdout, result.stderr)
    assert PASSWORD not in result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    checks = {c["name"]: c for c in json.loads(result.stdout)["checks"]}
    return checks["personal data"]


def _flagged(message: str) -> list[str]:
    return message.rsplit(" in ", 1)[1].split(", ")


def test_columns_named_after_a_contact_pass_and_real_contacts_fail(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    real_email = f"jane.{uuid.uuid4().hex[:6]}@gmail.com"
    with sandbox(tmp_path, pg_cluster, schema=SCHEMA, rows=200) as box:
        box.engine().generate()
        with box.connect() as conn:
            # The generator did fill the look-alike columns: they are not skipped as empty.
            filled = conn.execute(
                'SELECT count("emailVerified"), count(email_verified_at), count(email_count), '
                'count(email_template) FROM "User"'
            ).fetchone()
        assert filled is not None and all(n > 0 for n in filled), filled
        check = _personal(box, 0)
        assert check["status"] == "pass", check
        assert "2 column(s)" in check["message"]  # email and phone, nothing named alike

        with box.connect() as conn:
            first, second = (
                r[0] for r in conn.execute('SELECT id FROM "User" ORDER BY id LIMIT 2').fetchall()
            )
            conn.execute('UPDATE "User" SET email = %s WHERE id = %s', (real_email, first))
            # Free text the generator wrote as text: not a contact column, never judged as one.
            conn.execute('UPDATE "User" SET email_template = %s', ("Write to ops@gmail.com",))
        check = _personal(box, 4)
        assert check["status"] == "fail"
        assert _flagged(check["message"]) == ["public.User.email"]
        assert real_email not in json.dumps(check)  # never echoes the value itself

        with box.connect() as conn:
            conn.execute('UPDATE "User" SET phone = %s WHERE id = %s', ("+1 212 736 5000", second))
        check = _personal(box, 4)
        assert sorted(_flagged(check["message"])) == ["public.User.email", "public.User.phone"]
