"""Privacy does not depend on the generator override: a column whose name/type classify as
personal keeps its real statistics values out even when sandbox.toml declares a
non-personal generator for it (`generator = "text"` on an email column)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli
from tests.tui.test_stats_review import _call
from workbench.config.file import load_config
from workbench.generate.plan.personal import exposures, personal_columns
from workbench.generate.plan.tables import build_plan
from workbench.generate.rows.assembler import TableGenerator, referenced_columns
from workbench.generate.view import KeyStore
from workbench.schema.parse import parse_schema_text

SCHEMA = "CREATE TABLE customers (id integer PRIMARY KEY, email text, note text);\n"
REAL = ["leaked.person@realmail.com", "jane.doe@bigco.net"]
STATS = _call("pg_restore_relation_stats", "customers", "\t'reltuples', '1000'::real") + "".join(
    _call(
        "pg_restore_attribute_stats",
        "customers",
        f"\t'attname', '{name}',\n\t'null_frac', '0'::real,\n\t'n_distinct', '2'::real,\n"
        f"\t'most_common_vals', '{{{REAL[0]},{REAL[1]}}}'::text,\n"
        "\t'most_common_freqs', '{0.6,0.4}'::real[]",
    )
    for name in ("email", "note")
)


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text(SCHEMA)
    (root / "stats.sql").write_text(STATS)
    (root / "sandbox.toml").write_text(
        '[sandbox]\nname = "t"\nstatistics = "stats.sql"\n[generate]\nrows = 200\n'
        '[tables."public.customers".columns.email]\ngenerator = "text"\n'
    )
    return root / "sandbox.toml"


def test_declared_text_generator_does_not_unlock_values(tmp_path: Path) -> None:
    config = _project(tmp_path)
    cfg = load_config(config)
    schema = parse_schema_text(SCHEMA).schema
    assert ("public.customers", "email") in personal_columns(schema, cfg)
    assert ("public.customers", "note") not in personal_columns(schema, cfg)
    plan = build_plan(schema, cfg)
    exposed = {e.column for e in exposures(plan.statistics, schema, cfg)}
    assert exposed == {"email"}
    tp = plan.table("public.customers")
    assert tp is not None
    gen = TableGenerator(schema, plan, tp, cfg, 1, KeyStore(), referenced_columns(schema),
                         offline=True)  # fmt: skip
    batch = gen.batch(0, tp.rows)
    gen.finish()
    emails = set(batch["email"].values.tolist())
    assert not emails & set(REAL)
    assert set(batch["note"].values.tolist()) == set(REAL)  # not personal: values kept
    result = run_cli("check", "--config", str(config), cwd=tmp_path)
    assert result.returncode != 0 and "public.customers.email" in result.stdout
