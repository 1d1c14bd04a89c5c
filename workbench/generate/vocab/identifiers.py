"""Families of national identifiers and their formats per country, as data: a metering
point's id (an MPAN in Great Britain, an EAN starting 871 in the Netherlands), a company's
register number, a VAT number, a national health number, a person's national number.
data/identifier_families.tsv says which column of which table holds one (the words of its
name, the table's noun, a word of its neighbourhood); data/identifier_formats.tsv gives each
family's pattern per country and the check its country's validation makes. A new family is a
line in each file, not code (read by rules/code_country.py)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from workbench.generate.vocab.countries import DATA, by_alpha2
from workbench.generate.vocab.telecom import mobile_country_code

ANY = "*"  # a format line for every country (identifier_formats.tsv)


@dataclass(frozen=True)
class Family:
    name: str
    columns: tuple[frozenset[str], ...]  # alternatives: every word of one in the column's name
    nouns: frozenset[str]  # the table's noun (singular); empty: any table
    context: frozenset[str]  # a word of the table's neighbourhood; empty: none needed


def _lines(name: str) -> list[list[str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def _words(field: str) -> frozenset[str]:
    return frozenset(w for w in field.split("|") if w and w != "-")


@functools.cache
def families() -> tuple[Family, ...]:
    rows = _lines("identifier_families.tsv")[1:]  # the header line names the fields
    return tuple(
        Family(
            name,
            tuple(frozenset(alt.split("+")) for alt in columns.split("|") if alt),
            _words(nouns),
            _words(context),
        )
        for name, columns, nouns, context in (row[:4] for row in rows)
    )


@functools.cache
def formats() -> dict[str, dict[str, str]]:
    """family -> alpha-2 -> anchored pattern."""
    out: dict[str, dict[str, str]] = {}
    for family, country, pattern in (row[:3] for row in _lines("identifier_formats.tsv")):
        out.setdefault(family, {})[country] = pattern
    return out


def pattern_of(family: str, country: str) -> str | None:
    """The family's pattern for a country: its own line, else the family's line for any
    country (`*`, an international scheme that opens with the country's code: an EVSE ID of
    ISO 15118, `{cc}` in the pattern standing for the alpha-2 code, `{dial}` for its calling
    code's digits, `{mcc}` for its mobile country code: a SIM's ICCID and IMSI), else None."""
    listed = formats().get(family, {})
    if country in listed:
        return listed[country]
    if ANY not in listed or not re.fullmatch(r"[A-Z]{2}", country):
        return None
    known = by_alpha2().get(country)
    facts = {
        "{cc}": country,
        "{dial}": known.calling_code.lstrip("+") if known is not None else "",
        "{mcc}": mobile_country_code(country),
    }
    pattern = listed[ANY]
    for name, fact in facts.items():
        if name in pattern and not fact:
            return None  # a scheme of the country's code, which is not on record
        pattern = pattern.replace(name, fact)
    return _filled(pattern)


def _filled(pattern: str) -> str:
    """A pattern whose `[0-9]{~N}` stands for the digits that make the value N long after the
    literal digits before it (an IMSI's 15 after its country's 3-digit MCC: 12; an ICCID's
    after 89 and a calling code of one to three digits)."""
    found = re.search(r"\[0-9\]\{~(\d+)\}", pattern)
    if found is None:
        return pattern
    head = re.sub(r"[^0-9]", "", pattern[: found.start()])
    fill = max(int(found.group(1)) - len(head), 1)
    return pattern[: found.start()] + f"[0-9]{{{fill}}}" + pattern[found.end() :]


def scheme_country(family: str) -> str | None:
    """The one country whose formats a family lists (an SSN is American, a NINO British,
    wherever the row's holder lives), else None: that family's numbers are that country's in
    every row."""
    listed = formats().get(family, {})
    return next(iter(listed)) if len(listed) == 1 and ANY not in listed else None


@functools.cache
def checks() -> dict[tuple[str, str], str]:
    """(family, alpha-2) -> the check its identifiers pass (generators/id_checks.py), where
    the line names one."""
    return {
        (row[0], row[1]): row[3]
        for row in _lines("identifier_formats.tsv")
        if len(row) > 3 and row[3]
    }


def check_of(family: str, country: str) -> str:
    """The check a family's identifiers of a country pass: its country's line's, else the
    family's line for any country (`*`: an ICCID's Luhn digit), else "" (none)."""
    found = checks()
    return found.get((family, country)) or found.get((family, ANY), "")


def singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def family_of(column: set[str], noun: str, context: set[str]) -> str | None:
    """The family whose identifiers a column holds: its name's words hold one of the family's
    alternatives, its table's noun is one of the family's, its neighbourhood (the table's,
    its columns' and its linked tables' words) holds one of the family's context words."""
    for family in families():
        if not any(alt <= column for alt in family.columns):
            continue
        if family.nouns and singular(noun) not in family.nouns:
            continue
        if family.context and not family.context & context:
            continue
        return family.name
    return None
