"""Codes of a standard whose parts are facts of the row: an ISBT 128 donation identification
number (DIN), the number a blood establishment gives each donation, is the collecting
facility's identification number (FIN: a letter other than O and four digits), the two-digit
year of collection and a six-digit serial, `G1234 26 000042`. A standard names the columns
that hold its codes (the words of their names), the schema words that say its trade (a
charity's `donation_number` is no DIN), and the columns of the facility its first part is
(read by rules/standard_code.py). A new standard is an entry of STANDARDS."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Standard:
    name: str
    columns: frozenset[str]  # a code column's whole normalised name
    context: frozenset[str]  # a word of a table's or a column's name in the schema
    facility_columns: frozenset[str]  # the facility's code column, by its whole name
    facility_letters: str  # the letters a facility code starts with
    facility_digits: int  # the digits after its letter
    serial_digits: int  # the serial's digits after the year


# ISBT 128: the columns of a donation identification number, the words of the blood
# establishment's trade, the columns of the collecting facility's identification number
_DIN_COLUMNS = frozenset({"din", "isbt_din", "donation_number", "donation_no", "donation_nr",
                          "donation_id_number", "donation_identification_number",
                          "isbt_number", "isbt128_number", "isbt_donation_number"})  # fmt: skip
_BLOOD_WORDS = frozenset({"blood", "plasma", "platelet", "platelets", "transfusion",
                          "apheresis", "plasmapheresis", "plateletpheresis", "phlebotomist",
                          "hemoglobin", "haemoglobin", "isbt", "isbt128", "rhd",
                          "abo"})  # fmt: skip
_FIN_COLUMNS = frozenset({"facility_code", "fin", "facility_id_number", "facility_number",
                          "facility_identification_number", "isbt_facility_code",
                          "isbt_fin"})  # fmt: skip
ISBT_DIN = Standard(
    "isbt128_din",
    _DIN_COLUMNS,
    _BLOOD_WORDS,
    _FIN_COLUMNS,
    "ABCDEFGHIJKLMNPQRSTUVWXYZ",  # no O: it reads as a zero
    4,
    6,
)
STANDARDS: tuple[Standard, ...] = (ISBT_DIN,)


def facility_code(standard: Standard, index: int) -> str:
    """The facility code of a facility's row, unique by its index: its letter, then its
    digits (`A0001`, … `A9999`, `B0000`, …)."""
    span = 10**standard.facility_digits
    letter = standard.facility_letters[(index // span) % len(standard.facility_letters)]
    return f"{letter}{index % span:0{standard.facility_digits}d}"
