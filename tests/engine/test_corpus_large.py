"""Every real schema of ../shared/schemas that loads on this server generates at 5,000 rows
per table, with what test_corpus.py asserts of its 200-row builds (a file of its own: with
`--dist loadfile` a file is one worker's, and the two sizes together ran longest of all)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ClusterFor
from tests.engine.corpus_builds import Builds, check_build, corpus_params

ROWS = 5000


@pytest.fixture(scope="module")
def builds(cluster_for: ClusterFor, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Builds]:
    made = Builds(cluster_for, tmp_path_factory.mktemp("corpus"), readers=1)
    try:
        yield made
    finally:
        made.close()


@pytest.mark.parametrize(("path", "rows"), corpus_params(ROWS, (pytest.mark.slow,)))
def test_shared_schema_generates(path: Path, rows: int, builds: Builds) -> None:
    with builds.use(path, rows) as build:
        check_build(build)
