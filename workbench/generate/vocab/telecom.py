"""Telecom facts of a country (data/mobile_country_codes.tsv): its ITU-T E.212 mobile country
code, which opens every IMSI of a SIM issued there and names its networks. Read by the locale
rule (a table of countries' `mcc` column) and by the identifier formats (`{mcc}`)."""

from __future__ import annotations

import functools

from workbench.generate.vocab.lists import DATA


@functools.cache
def mobile_country_codes() -> dict[str, str]:
    """alpha-2 -> the country's first mobile country code."""
    out: dict[str, str] = {}
    for line in (DATA / "mobile_country_codes.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            iso2, mcc = line.split("\t")[:2]
            out.setdefault(iso2, mcc)
    return out


def mobile_country_code(iso2: str) -> str:
    """The country's mobile country code, "" when not on record."""
    return mobile_country_codes().get(iso2, "")
