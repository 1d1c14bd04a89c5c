"""Vehicles: VINs with valid check digits, number plates, car hire classes' ACRISS codes
(vocab/acriss.py), and aircraft registrations in their country's format
(generators/registrations.py)."""

from __future__ import annotations

from workbench.generate.generators.base import TEXT, Generator
from workbench.generate.generators.registrations import registration_text
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
    # a car hire class's ACRISS (SIPP) code: four letters of size, type, transmission and fuel
    Generator(
        "acriss_code",
        TEXT,
        synonyms=("acriss_code", "acriss", "sipp_code", "sipp", "acriss_class", "car_class_code"),
        text=realistic(),
        fits_in=4,
    ),
    Generator(
        "aircraft_registration",
        TEXT,
        synonyms=("aircraft_registration", "tail_number", "tail_no", "registration_mark"),
        text=registration_text,
        fits_in=6,
    ),
)
