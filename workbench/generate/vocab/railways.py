"""Railway facts of a country (data/railway_country_codes.tsv): its UIC country code, the two
digits its wagons and coaches carry in positions 3-4 of their twelve-digit numbers. Read by the
locale rule (a table of countries' `uic_country_code` column) and by the wagon numbers of
generators/transport.py."""

from __future__ import annotations

import functools

from workbench.generate.vocab.lists import DATA


@functools.cache
def railway_country_codes() -> dict[str, str]:
    """alpha-2 -> the country's two-digit UIC code."""
    out: dict[str, str] = {}
    for line in (DATA / "railway_country_codes.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            iso2, code = line.split("\t")[:2]
            out.setdefault(iso2, code)
    return out


def railway_country_code(iso2: str) -> str:
    """The country's UIC code, "" when it has none on record."""
    return railway_country_codes().get(iso2, "")
