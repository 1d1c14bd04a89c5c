"""Vehicles: VINs with valid check digits and number plates."""

from __future__ import annotations

from workbench.generate.generators.base import TEXT, Generator
from workbench.generate.generators.text import realistic

GENERATORS: tuple[Generator, ...] = (
    Generator(
        "vin",
        TEXT,
        synonyms=("vin", "vin_number", "vehicle_identification_number", "chassis_number"),
        text=realistic(),
        fits_in=17,
    ),
    Generator(
        "licence_plate",
        TEXT,
        synonyms=(
            "license_plate",
            "licence_plate",
            "number_plate",
            "plate_number",
            "license_plate_number",
            "licence_number_plate",
            "registration_plate",
            "reg_plate",
        ),
        text=realistic(),
        fits_in=8,
    ),
)
