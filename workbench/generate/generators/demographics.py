"""About a person: gender, marital status, nationality, national ids and passports (in ranges
never issued), dates of birth, ages, heights, weights and blood types."""

from __future__ import annotations

from workbench.generate.generators.base import INT, NUMBER, TEXT, WHEN, Generator, NaturalRange
from workbench.generate.generators.text import realistic

GENERATORS: tuple[Generator, ...] = (
    Generator("gender", TEXT, synonyms=("gender", "sex"), text=realistic(), fits_in=6),
    Generator(
        "marital_status",
        TEXT,
        synonyms=("marital_status", "civil_status"),
        text=realistic(),
    ),
    Generator("nationality", TEXT, synonyms=("nationality", "citizenship"), text=realistic()),
    Generator(
        "national_id",
        TEXT,
        synonyms=(
            "ssn",
            "social_security_number",
            "national_id",
            "nin",
            "national_insurance_number",
            "tax_id",
            "tin",
        ),
        text=realistic(),
        fits_in=11,
    ),
    Generator(
        "passport_number",
        TEXT,
        synonyms=("passport", "passport_number", "passport_no"),
        text=realistic(),
        fits_in=9,
    ),
    Generator(
        "birth_date",
        WHEN,
        synonyms=("birth_date", "birthdate", "date_of_birth", "dob", "birthday", "born"),
        personal=True,
    ),
    Generator("age", INT, synonyms=("age", "age_years"), natural=NaturalRange(18, 90, "centre")),
    # a lower bound on ages (`min_age`, `minimum_driver_age`: recognise.py): a law's or a
    # house's threshold, one of the few ages laws use, not a person's age
    Generator(
        "age_limit",
        INT,
        synonyms=("min_age", "minimum_age", "age_limit", "age_minimum", "legal_age"),
        natural=NaturalRange(16, 25, "age_limit"),
    ),
    Generator(
        "height_cm",
        NUMBER,
        synonyms=("height", "height_cm"),
        natural=NaturalRange(150, 200, "centre"),
    ),
    Generator(
        "blood_type",
        TEXT,
        synonyms=("blood_type", "blood_group", "bloodtype", "blood_group_type", "abo_type"),
        text=realistic(),
        fits_in=3,
    ),
    Generator("gender_code", text=realistic(), fits_in=1),
    Generator("body_weight", natural=NaturalRange(45, 120, "centre")),
)
