"""Which masker a classified column's values go through: the classification's generator
names the kind (maskers.py holds one masker per kind)."""

from __future__ import annotations

# The classification's generators and the kind that masks their values; a generator not
# listed masks as "text".
KINDS_OF_GENERATORS = {
    "email": "email",
    "phone": "phone",
    "first_name": "first_name",
    "last_name": "last_name",
    "full_name": "full_name",
    "username": "username",
    "street_address": "street",
    "address_line2": "line2",
    "postal_code": "postal",
    "birth_date": "date",
    "ip": "ipv4",
    "ipv6": "ipv6",
    "mac": "mac",
    "latitude": "coordinate",
    "longitude": "coordinate",
    "card_number": "card",
    "iban": "iban",
    "password_hash": "chars",
    "token": "chars",
    "account_number": "chars",
    "cvv": "chars",
}
# Generators masked even where the personal-data policy does not list them: they identify
# a person's account.
_ACCOUNT_GENERATORS = frozenset({"iban", "account_number", "cvv", "card_number"})


def kind_for_generator(generator: str) -> str:
    return KINDS_OF_GENERATORS.get(generator, "text")


def masks_by_default(generator: str) -> bool:
    return generator in _ACCOUNT_GENERATORS
