"""Numbers PostgreSQL cannot produce (NaN, infinities, fractions outside 0–1, frequencies
summing above 1) and histogram bounds that are unsorted or not of the column's type are
one-paragraph errors naming the file and line, exit 2, never a crash at plan time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.tui.test_stats_review import _call
from workbench.stats.calls import StatisticsError
from workbench.stats.parse import parse_statistics

REL = "pg_restore_relation_stats"
ATT = "pg_restore_attribute_stats"
BAD = [
    (REL, "\t'reltuples', 'NaN'::real", "reltuples"),
    (REL, "\t'reltuples', 'Infinity'::real", "reltuples"),
    (REL, "\t'reltuples', '-5'::real", "reltuples"),
    (ATT, "\t'attname', 'a',\n\t'null_frac', '1.5'::real", "null_frac"),
    (ATT, "\t'attname', 'a',\n\t'null_frac', 'NaN'::real", "null_frac"),
    (ATT, "\t'attname', 'a',\n\t'n_distinct', 'NaN'::real", "n_distinct"),
    (ATT, "\t'attname', 'a',\n\t'n_distinct', '-3'::real", "n_distinct"),
    (ATT, "\t'attname', 'a',\n\t'most_common_vals', '{1,2}'::text,\n"
          "\t'most_common_freqs', '{-0.1,0.2}'::real[]", "most_common_freqs"),
    (ATT, "\t'attname', 'a',\n\t'most_common_vals', '{1,2}'::text,\n"
          "\t'most_common_freqs', '{0.7,0.6}'::real[]", "most_common_freqs"),
]  # fmt: skip


@pytest.mark.parametrize(("function", "pairs", "key"), BAD)
def test_impossible_numbers_are_errors(function: str, pairs: str, key: str) -> None:
    text = "-- dump\n" + _call(function, "t", pairs)
    with pytest.raises(StatisticsError) as err:
        parse_statistics(text, "stats.sql")
    message = str(err.value)
    assert message.startswith("stats.sql:") and key in message and "expected" in message
    line = int(message.split(":")[1])
    assert key in text.splitlines()[line - 1]


def test_never_analyzed_and_rounding_are_accepted() -> None:
    text = _call(REL, "t", "\t'reltuples', '-1'::real") + _call(
        ATT, "t", "\t'attname', 'a',\n\t'null_frac', '0.5'::real,\n"
        "\t'most_common_vals', '{1,2}'::text,\n\t'most_common_freqs', '{0.3,0.2003}'::real[]",
    )  # fmt: skip
    stats = parse_statistics(text, "stats.sql")
    assert stats.rows("public.t") is None and stats.column("public.t", "a") is not None


def test_nan_reltuples_through_estimate_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "schema.sql").write_text("CREATE TABLE t (id integer PRIMARY KEY);\n")
    (tmp_path / "stats.sql").write_text(_call(REL, "t", "\t'reltuples', 'NaN'::real"))
    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "t"\nstatistics = "stats.sql"\n')
    result = run_cli("estimate", "--config", str(tmp_path / "sandbox.toml"), cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "stats.sql:" in result.stderr and "reltuples" in result.stderr
    assert "unexpected" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("bounds", "expected"),
    [("{1,5,3,9}", "ascending order"), ("{1,2,banana,9}", "not a int value")],
)
def test_histogram_unsorted_or_wrong_type_is_exit_2(
    tmp_path: Path, bounds: str, expected: str
) -> None:
    (tmp_path / "schema.sql").write_text(
        "CREATE TABLE t (id integer PRIMARY KEY, qty integer NOT NULL);\n"
    )
    pairs = (
        "\t'attname', 'qty',\n\t'n_distinct', '-0.5'::real,\n"
        f"\t'histogram_bounds', '{bounds}'::text"
    )
    (tmp_path / "stats.sql").write_text(
        _call(REL, "t", "\t'reltuples', '1000'::real") + _call(ATT, "t", pairs)
    )
    (tmp_path / "sandbox.toml").write_text('[sandbox]\nname = "t"\nstatistics = "stats.sql"\n')
    result = run_cli("estimate", "--config", str(tmp_path / "sandbox.toml"), cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "stats.sql:" in result.stderr and "public.t.qty" in result.stderr
    assert expected in result.stderr and "Traceback" not in result.stderr
