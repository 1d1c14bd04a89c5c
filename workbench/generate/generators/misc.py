"""Colours and hex colours, versions, locales, languages, statuses, UUIDs, references,
airport codes, medicines' ATC codes, the subjects schools teach, and codes in their column's
declared shape."""

from __future__ import annotations

from workbench.generate.generators.base import INT, TEXT, UUID, Generator, NamePattern, NaturalRange
from workbench.generate.generators.codes import shaped_code
from workbench.generate.generators.text import listed, pooled, realistic, status_text, uuid_text

GENERATORS: tuple[Generator, ...] = (
    Generator(
        "airport_code",
        TEXT,
        synonyms=("airport", "airport_code", "iata_code"),
        width=3,
        fits_in=3,
        text=listed("airports"),
    ),
    Generator(
        "atc_code",
        TEXT,
        synonyms=("atc", "atc_code", "atc_class", "atc_classification"),
        width=7,
        fits_in=7,
        text=listed("atc_codes"),
    ),
    Generator(
        "subject_name",
        TEXT,
        synonyms=("subject_name", "school_subject", "subject_title"),
        width=12,
        text=listed("subjects"),
    ),
    Generator(
        "hex_colour",
        TEXT,
        synonyms=(
            "hex_color",
            "hex_colour",
            "color_hex",
            "colour_hex",
            "color_code",
            "colour_code",
        ),
        text=realistic(),
        fits_in=7,
    ),
    Generator(
        "colour",
        TEXT,
        synonyms=("color", "colour"),
        text=realistic(pooled("colour", skewed=True)),
        pool="colour",
        fits_in=3,
    ),
    Generator(
        "semver",
        TEXT,
        synonyms=(
            "version",
            "app_version",
            "semver",
            "api_version",
            "software_version",
            "release",
            "firmware_version",
        ),
        text=realistic(),
        fits_in=5,
    ),
    Generator(
        "version_number",
        INT,
        synonyms=("version", "lock_version", "revision", "rev"),
        natural=NaturalRange(1, 20),
    ),
    Generator(
        "locale",
        TEXT,
        synonyms=("locale", "culture"),
        text=pooled("locale", skewed=True),
        pool="locale",
        fits_in=5,
    ),
    Generator(
        "language_code",
        TEXT,
        synonyms=("language", "lang", "language_code", "lang_code", "preferred_language"),
        text=realistic(),
        fits_in=2,
    ),
    Generator("language_name", TEXT, synonyms=("language_name",), text=realistic()),
    Generator(
        "status",
        TEXT,
        synonyms=("status", "workflow_state", "stage"),
        width=7,
        text=status_text,
        fits_in=4,
    ),
    Generator(
        "uuid",
        TEXT | UUID,
        named_kinds=TEXT,
        synonyms=("uuid", "guid", "external_uuid"),
        patterns=(NamePattern(r"_(uuid|guid)$", 0),),
        text=uuid_text,
        fits_in=36,
    ),
    Generator(
        "reference",
        TEXT,
        synonyms=(
            "reference",
            "ref",
            "external_id",
            "external_ref",
            "confirmation_code",
            "confirmation_number",
            "booking_reference",
        ),
        patterns=(NamePattern(r"_(id|ref|key|code)$", 13),),
        text=realistic(),
    ),
    Generator(
        "shaped_code",
        TEXT,
        synonyms=("code", "locator", "pnr", "callsign"),
        patterns=(
            NamePattern(
                r"_(code|number|no|num|nr|ref|reference|locator|pnr|plate|callsign)$",
                12,
            ),
        ),
        width=8,
        text=shaped_code,
        fits_in=1,
    ),
)
