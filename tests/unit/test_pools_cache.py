"""Value pools cached on disk between processes are the very pools Faker builds, so a warm
cache can never change the generated rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from workbench.generate.generators import pools

KINDS = [
    "first_name",
    "full_name",
    "email_local",
    "phone",
    "street_address",
    "country_code",
    "title",
    "paragraph",
    "currency",
    "card_number",
    "ipv4",
    "postal_code",
]


@pytest.fixture
def cache_dir(tmp_path: Path) -> Iterator[Path]:
    before = pools.CACHE_DIR
    pools.CACHE_DIR = tmp_path
    pools.pool.cache_clear()
    yield tmp_path
    pools.CACHE_DIR = before
    pools.pool.cache_clear()


def test_cached_pools_equal_fresh_ones(cache_dir: Path) -> None:
    pools.CACHE_DIR = None
    fresh = {kind: pools.pool(kind, 7).tolist() for kind in KINDS}
    pools.pool.cache_clear()
    pools.CACHE_DIR = cache_dir
    built = {kind: pools.pool(kind, 7).tolist() for kind in KINDS}  # builds and writes
    assert len(list(cache_dir.glob("pool-*-7-*.json"))) >= len(KINDS)
    pools.pool.cache_clear()
    loaded = {kind: pools.pool(kind, 7).tolist() for kind in KINDS}  # reads the files
    assert fresh == built == loaded
    assert pools.pool("title", 8).tolist() != fresh["title"]  # the seed is part of the key


def test_a_damaged_cache_file_is_rebuilt(cache_dir: Path) -> None:
    expected = pools.pool("city", 3).tolist()
    pools.pool.cache_clear()
    for path in cache_dir.glob("pool-city-3-*.json"):
        path.write_text("{not json")
    assert pools.pool("city", 3).tolist() == expected
