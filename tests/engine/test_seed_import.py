"""`workbench seed import`: a real-looking export with emails, phones, names, addresses, IBANs
and cards across tables that join on masked keys, imported through the recorded decisions into
a real cluster. After the import the joins and unique constraints hold, the same input masks
the same way twice, `reset` returns to it, and no original value is anywhere in the cluster's
data directory (WAL included) or in any output. A column without a decision and a planted
email in free text stop the import before anything is written."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import uuid
from pathlib import Path

import numpy as np
import psycopg
import pytest
from psycopg import sql

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.engine import Engine
from workbench.seed.fiction import (
    card_is_fictional,
    email_is_fictional,
    iban_is_fictional,
    iban_valid,
    luhn_valid,
    phone_is_fictional,
)

SCHEMA = """
CREATE TABLE customers (
  id bigint PRIMARY KEY,
  email text NOT NULL UNIQUE,
  full_name text NOT NULL,
  phone text,
  street_address text,
  postal_code text,
  city text,
  notes text
);
CREATE TABLE accounts (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  iban text NOT NULL UNIQUE
);
CREATE TABLE cards (
  id bigint PRIMARY KEY,
  customer_email text NOT NULL REFERENCES customers(email),
  card_number text NOT NULL UNIQUE
);
CREATE TABLE payments (
  id bigint PRIMARY KEY,
  iban text NOT NULL REFERENCES accounts(iban),
  card_number text REFERENCES cards(card_number),
  amount numeric(10,2) NOT NULL
);
CREATE TABLE reviews (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  body text
);
"""
SEED_TABLES = ("customers", "accounts", "cards", "payments")
CUSTOMERS = 40


def _luhn(body: str) -> str:
    for digit in "0123456789":
        if luhn_valid(body + digit):
            return body + digit
    raise AssertionError(body)


def _iban(bban: str) -> str:
    check = 98 - int("".join(str(int(c, 36)) for c in bban + "GB00")) % 97
    text = f"GB{check:02d}{bban}"
    return " ".join(text[i : i + 4] for i in range(0, len(text), 4))


def originals(token: str) -> dict[str, list[list[str]]]:
    """Rows that look like production's: every personal value carries `token`'s randomness,
    so finding it anywhere can only mean it leaked."""
    rng = np.random.default_rng(int(token, 16))
    digits = lambda n: "".join(str(d) for d in rng.integers(0, 10, n))  # noqa: E731
    customers, accounts, cards, payments = [], [], [], []
    for i in range(1, CUSTOMERS + 1):
        email = f"person{i}.{token}@realmail-{token[:6]}.com"
        phone = f"+44 20 {digits(4)} {digits(4)}" if i % 2 else f"+1 (415) {digits(3)}-{digits(4)}"
        customers.append(
            [
                str(i),
                email,
                f"Quintus{token[:5]} Realname{i}",
                phone,
                f"{i} Realstreet{token[:4]} Road",
                f"SW{i % 9}A {i % 10}ZZ",
                "London" if i % 3 else "Leeds",
                "likes tea" if i % 4 else "\\N",
            ]
        )
        iban = _iban("NWBK" + digits(14))
        accounts.append([str(i), str(i), iban])
        card = _luhn("45" + digits(13))
        card = " ".join(card[k : k + 4] for k in range(0, 16, 4))
        cards.append([str(i), email, card])
        for k in (0, 1):
            payments.append([str(2 * i - k), iban, card, f"{10 * i + k}.50"])
    return {"customers": customers, "accounts": accounts, "cards": cards, "payments": payments}


COLUMNS = {
    "customers": "id, email, full_name, phone, street_address, postal_code, city, notes",
    "accounts": "id, customer_id, iban",
    "cards": "id, customer_email, card_number",
    "payments": "id, iban, card_number, amount",
}


def plain_dump(rows: dict[str, list[list[str]]]) -> str:
    out = ["SET client_encoding = 'UTF8';", ""]
    for table in SEED_TABLES:
        out.append(f"COPY public.{table} ({COLUMNS[table]}) FROM stdin;")
        out.extend("\t".join(r) for r in rows[table])
        out += ["\\.", ""]
    return "\n".join(out)


def personal_values(rows: dict[str, list[list[str]]]) -> set[str]:
    found = set()
    for r in rows["customers"]:
        found.update(r[1:6])
    found.update(r[2] for r in rows["accounts"])
    found.update(r[2] for r in rows["cards"])
    return found


def custom_dump(cluster: Cluster, rows: dict[str, list[list[str]]], out: Path) -> Path:
    """A pg_dump --format=custom --data-only archive of the rows, made on the session's
    cluster (not the sandbox's: its files must never see them)."""
    name = cluster.create_database()
    try:
        with psycopg.connect(cluster.conninfo(name), autocommit=True) as conn:
            conn.execute(SCHEMA)
            for table in SEED_TABLES:
                with conn.cursor().copy(f"COPY {table} ({COLUMNS[table]}) FROM STDIN") as copy:
                    copy.write("".join("\t".join(r) + "\n" for r in rows[table]))
        state = cluster.server.state()
        assert state is not None
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                str(Path(state.bindir) / "pg_dump"),
                "--format=custom",
                "--data-only",
                "-f",
                str(out),
                "-d",
                cluster.conninfo(name),
            ],
            check=True,
            capture_output=True,
        )
    finally:
        cluster.drop_database(name)
    return out


def seed_contents(engine: Engine) -> dict[str, list[tuple[object, ...]]]:
    with engine.connect() as conn:
        return {
            t: conn.execute(
                sql.SQL("SELECT * FROM {} ORDER BY 1").format(sql.Identifier(t))
            ).fetchall()
            for t in SEED_TABLES
        }


def leaked_in_files(folder: Path, needles: set[str]) -> list[str]:
    """Files under `folder` holding any needle's bytes (as root every file is readable)."""
    encoded = [n.encode() for n in needles]
    hits = []
    for base, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(base) / name
            try:
                data = path.read_bytes()
            except OSError:
                continue
            hits.extend(f"{path}: {n.decode()}" for n in encoded if n in data)
    return hits


def test_masked_seed_joins_repeats_resets_and_leaves_no_original_anywhere(
    tmp_path: Path, pg_cluster: Cluster, make_project: MakeProject
) -> None:
    token = uuid.uuid4().hex[:12]
    rows = originals(token)
    # a free-text note that carries its customer's own email (#30: one pseudonym for both)
    rows["customers"][2][7] = f"write to {rows['customers'][2][1]} after six"
    needles = personal_values(rows)
    dump = custom_dump(pg_cluster, rows, tmp_path / "export" / "prod.dump")
    config = make_project(SCHEMA, embedded=True, extra="[generate]\nrows = 30\n")
    root = config.parent
    Engine(config).classify(write=True)  # set-up, in process: the import is what is tried
    _declare(config, 'tables."public.customers".columns.notes', 'seed = "mask"')

    first = run_cli("seed", "import", str(dump), "--yes", "--json", cwd=root)
    assert first.returncode == 0, first.stderr
    outputs = first.stdout + first.stderr
    assert not [n for n in needles if n in outputs]
    done = json.loads(first.stdout.strip().splitlines()[-1])
    assert done["seed_import"]["rows"] == 3 * CUSTOMERS + 2 * CUSTOMERS
    assert done["seed_import"]["generated_tables"] == ["public.reviews"]

    engine = Engine(config)
    masked = seed_contents(engine)
    with engine.connect() as conn:
        joined = conn.execute(
            """SELECT count(*) FROM payments p
               JOIN accounts a ON a.iban = p.iban
               JOIN customers c ON c.id = a.customer_id
               JOIN cards k ON k.card_number = p.card_number AND k.customer_email = c.email"""
        ).fetchone()
        assert joined == (2 * CUSTOMERS,)
        invalid = conn.execute(
            "SELECT count(*) FROM pg_constraint WHERE contype IN ('p', 'u', 'f') "
            "AND NOT convalidated AND connamespace = 'public'::regnamespace"
        ).fetchone()
        keys = conn.execute(
            "SELECT count(*) FROM pg_constraint WHERE contype IN ('p', 'u', 'f') "
            "AND connamespace = 'public'::regnamespace"
        ).fetchone()
        assert invalid == (0,) and keys is not None and keys[0] >= 13
        reviews = conn.execute(
            "SELECT count(*), count(DISTINCT customer_id), "
            "bool_and(customer_id BETWEEN 1 AND %s) FROM reviews",
            (CUSTOMERS,),
        ).fetchone()
        assert reviews is not None and reviews[0] == 30 and reviews[2]  # FKs into the seed
    customers = masked["customers"]
    assert len({c[1] for c in customers}) == CUSTOMERS
    assert all(email_is_fictional(c[1]) and phone_is_fictional(c[3]) for c in customers)
    assert [c[6] for c in customers] == [r[6] for r in rows["customers"]]  # kept as they were
    assert all(iban_valid(a[2].replace(" ", "")) for a in masked["accounts"])
    assert all(iban_is_fictional(a[2].replace(" ", "")) for a in masked["accounts"])
    for card in masked["cards"]:
        digits = card[2].replace(" ", "")
        assert luhn_valid(digits) and card_is_fictional(digits) and len(card[2]) == 19

    # The same input masks the same way twice.
    again = engine.seed_import(dump)
    assert again["seed_import"]["seed_hash"] == hashlib.sha256(dump.read_bytes()).hexdigest()
    assert seed_contents(engine) == masked

    # reset returns to the seeded snapshot, and the lease keeps its provenance.
    with engine.connect() as conn:
        conn.execute("DELETE FROM payments")
    reset = engine.reset()
    assert reset["path"] == "fast" and seed_contents(engine) == masked
    lease_text = (root / ".workbench" / "lease.json").read_text()
    lease = json.loads(lease_text)["seed_import"]
    assert lease["seed_hash"] == again["seed_import"]["seed_hash"]
    assert re.fullmatch(r"[0-9a-f]{64}", lease["policy_hash"])
    evidence = (root / ".workbench" / "evidence.jsonl").read_text()
    assert "seed_import" in evidence
    for text in (lease_text, evidence):
        assert str(dump) not in text and "prod.dump" not in text
        assert not [n for n in needles if n in text]
    key = root / ".workbench" / "seed.key"
    assert key.stat().st_mode & 0o777 == 0o600

    # What a model sees: personal columns masked again, unless `personal` is granted.
    seen = engine.agent_rows.query("SELECT c.email, c.city FROM customers c ORDER BY c.id LIMIT 5")
    assert seen["withheld"]["values"] == 5 and seen["withheld"]["columns"] == ["email"]
    assert [r[0] for r in seen["rows"]] != [c[1] for c in customers[:5]]
    assert [r[1] for r in seen["rows"]] == [c[6] for c in customers[:5]]
    # the email a free-text note carries is masked again as the email column is: the same
    # pseudonym for the same person in one result
    both = engine.agent_rows.query("SELECT email, notes FROM customers WHERE id = 3")
    email, note = both["rows"][0]
    assert note.split(" ")[2] == email and email != customers[2][1]  # words masked apart
    assert both["withheld"]["columns"] == ["email", "notes"]
    config.write_text(
        config.read_text().replace(
            "[sandbox]\n", '[sandbox]\ncapabilities = ["read", "write", "reset", "personal"]\n'
        )
    )
    shown = Engine(config).agent_rows.sample("customers", 5)
    assert "withheld" not in shown and shown["rows"][0][1] == customers[0][1]

    # No original value in any file of the cluster, WAL and snapshot included.
    with engine.connect() as conn:
        conn.execute("CHECKPOINT")
        conn.execute("SELECT pg_switch_wal()")
        data_dir = conn.execute("SHOW data_directory").fetchone()
    assert data_dir is not None
    assert leaked_in_files(Path(data_dir[0]), needles) == []
    assert leaked_in_files(Path(data_dir[0]), {customers[0][1]})  # the search does see rows
    assert leaked_in_files(root, needles) == []


def _project_with_seed(
    make_project: MakeProject, tmp_path: Path, rows: dict[str, list[list[str]]]
) -> tuple[Path, Path]:
    config = make_project(SCHEMA, extra="[generate]\nrows = 20\n")
    Engine(config).classify(write=True)  # set-up, in process: the import is what is tried
    seed = tmp_path / "export" / "seed.sql"
    seed.parent.mkdir(parents=True, exist_ok=True)
    seed.write_text(plain_dump(rows))
    return config, seed


def _nothing_written(config: Path) -> None:
    engine = Engine(config)
    with engine.connect() as conn:
        tables = conn.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        ).fetchone()
    assert tables == (0,)
    assert not (config.parent / ".workbench" / "lease.json").exists()


def test_a_seed_column_without_a_decision_stops_the_import_with_exit_4(
    tmp_path: Path, make_project: MakeProject
) -> None:
    config, seed = _project_with_seed(make_project, tmp_path, originals(uuid.uuid4().hex[:12]))
    text = config.read_text()
    section = re.search(r'\[tables\."public\.customers"\.columns\.notes\]\n[^\[]*', text)
    assert section is not None
    config.write_text(text.replace(section.group(0), ""))
    result = run_cli("seed", "import", str(seed), "--yes", cwd=config.parent)
    assert result.returncode == 4
    assert "public.customers.notes" in result.stderr
    assert "workbench classify --write" in result.stderr
    _nothing_written(config)


def test_a_planted_email_in_free_text_stops_the_import_at_the_scan(
    tmp_path: Path, make_project: MakeProject
) -> None:
    rows = originals(uuid.uuid4().hex[:12])
    rows["customers"][7][7] = "call me or write to planted.person@realmail.com, thanks"
    config, seed = _project_with_seed(make_project, tmp_path, rows)
    result = run_cli("seed", "import", str(seed), "--yes", cwd=config.parent)
    assert result.returncode == 4, result.stderr
    assert "public.customers.notes" in result.stderr and "email" in result.stderr
    assert "planted" not in result.stderr and "realmail" not in result.stderr
    _nothing_written(config)


@pytest.mark.parametrize(
    ("planted", "what"),
    [
        ("de89370400440532013000", "IBAN"),
        ("0044 20 7123 4567", "phone"),
        ("Schmidt, Anna", "name"),
    ],
)
def test_a_planted_value_in_any_written_form_stops_the_import_at_the_scan(
    tmp_path: Path, make_project: MakeProject, planted: str, what: str
) -> None:
    """#30: in a kept column (city) of a table with personal columns, a lower-case IBAN, a
    phone in 00 form and a name as "Surname, Given" stop the import, never shown."""
    rows = originals(uuid.uuid4().hex[:12])
    rows["customers"][5][6] = planted
    config, seed = _project_with_seed(make_project, tmp_path, rows)
    result = run_cli("seed", "import", str(seed), "--yes", cwd=config.parent)
    assert result.returncode == 4, result.stderr
    assert "public.customers.city" in result.stderr and what in result.stderr
    for part in planted.replace(",", " ").split():
        if len(part) >= 4:  # every word and group of digits, but its first character
            assert part[1:] not in result.stdout + result.stderr
    _nothing_written(config)


def _declare(config: Path, section: str, line: str) -> None:
    """`line` into sandbox.toml's [section] (made at the end when missing)."""
    text, header = config.read_text(), f"[{section}]\n"
    if header in text:
        config.write_text(text.replace(header, header + line + "\n"))
    else:
        config.write_text(text + "\n" + header + line + "\n")


def test_fake_on_a_referenced_key_names_what_the_user_wrote(
    tmp_path: Path, make_project: MakeProject
) -> None:
    """#30: `seed = "fake"` on a column other tables reference is refused naming that key and
    the columns that reference it, not a `keep` the user never wrote."""
    config, seed = _project_with_seed(make_project, tmp_path, originals(uuid.uuid4().hex[:12]))
    _declare(config, 'tables."public.customers".columns.id', 'seed = "fake"')
    result = run_cli("seed", "import", str(seed), "--yes", cwd=config.parent)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert 'public.customers.id: seed = "fake" in sandbox.toml' in result.stderr, result.stderr
    assert "public.accounts.customer_id" in result.stderr and '"mask"' in result.stderr
    assert "keep)" not in result.stderr
    _nothing_written(config)


def test_a_seed_git_would_publish_is_refused_and_a_csv_folder_is_read(
    tmp_path: Path, make_project: MakeProject
) -> None:
    rows = originals(uuid.uuid4().hex[:12])
    config = make_project(SCHEMA, extra="[generate]\nrows = 20\n")
    root = config.parent
    Engine(config).classify(write=True)  # set-up, in process: the import is what is tried
    # the other decisions: a generated value, NULL, and a table left to the generator
    _declare(config, 'tables."public.customers".columns.notes', 'seed = "fake"')
    _declare(config, 'tables."public.customers".columns.street_address', 'seed = "null"')
    _declare(config, 'tables."public.payments"', 'seed = "drop"')
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    folder = root / "seed"
    folder.mkdir()
    for table in SEED_TABLES:
        header = COLUMNS[table].replace(" ", "")
        lines = [header] + [",".join("" if v == "\\N" else v for v in r) for r in rows[table]]
        (folder / f"{table}.csv").write_text("\n".join(lines) + "\n")
    refused = run_cli("seed", "import", "seed", "--yes", cwd=root)
    assert refused.returncode == 3 and ".gitignore" in refused.stderr
    _nothing_written(config)

    (root / ".gitignore").write_text("/seed/\n")
    result = run_cli("seed", "import", "seed", "--yes", "--json", cwd=root)
    assert result.returncode == 0, result.stderr
    done = json.loads(result.stdout.strip().splitlines()[-1])
    assert done["seed_import"]["format"] == "csv"
    assert done["seed_import"]["dropped"] == ["public.payments"]
    assert done["seed_import"]["generated_tables"] == ["public.payments", "public.reviews"]
    with Engine(config).connect() as conn:
        counts = conn.execute(
            "SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM reviews), "
            "(SELECT count(*) FROM customers WHERE street_address IS NOT NULL), "
            "(SELECT count(*) FROM customers WHERE notes = 'likes tea'), "
            "(SELECT count(*) FROM payments p JOIN accounts a ON a.iban = p.iban)"
        ).fetchone()
    assert counts == (CUSTOMERS, 20, 0, 0, 20)  # generated payments point at seeded accounts


@pytest.mark.parametrize("bad", ["nothing here", "COPY public.nowhere (id) FROM stdin;\n1\n\\.\n"])
def test_a_seed_that_cannot_be_read_is_refused_plainly(
    tmp_path: Path, make_project: MakeProject, bad: str
) -> None:
    config = make_project(SCHEMA)
    seed = tmp_path / "bad.sql"
    seed.write_text(bad)
    result = run_cli("seed", "import", str(seed), "--yes", cwd=config.parent)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "bad.sql" in result.stderr


def test_a_seed_that_breaks_a_unique_key_is_refused_and_undo_keeps_the_last_good_database(
    tmp_path: Path, make_project: MakeProject
) -> None:
    """The export repeats an email the schema keeps unique: the import stops in one
    paragraph naming the constraint (no value, no traceback), and however often it is
    retried, `undo` brings back the database built before the first try."""
    rows = originals(uuid.uuid4().hex[:12])
    rows["customers"][1][1] = rows["customers"][0][1]
    config, seed = _project_with_seed(make_project, tmp_path, rows)
    root = config.parent
    Engine(config).generate()  # set-up, in process
    good = seed_contents(Engine(config))
    for _ in range(2):
        refused = run_cli("seed", "import", str(seed), "--yes", cwd=root)
        assert refused.returncode == 2, refused.stderr
        assert "customers_email_key" in refused.stderr and "public.customers" in refused.stderr
        assert "Traceback" not in refused.stderr and "unexpected error" not in refused.stderr
        assert "realmail" not in refused.stderr + refused.stdout
    undone = run_cli("undo", "--yes", cwd=root)
    assert undone.returncode == 0, undone.stderr
    assert seed_contents(Engine(config)) == good
