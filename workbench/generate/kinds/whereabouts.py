"""Where a row is: the parent whose locale (country, currency, time zone, language, region) the
row's own copy of that attribute repeats, told apart from a counterparty elsewhere.

A parent is where the row is when the row's key to it names no direction or other side
(`directed`: origin, destination, from, to, sender, billing, shipping, home, nationality…) and
the parent is a place: a place of the world (a country, region, province, city, town,
district: `world_place`) or a site a business runs (an office, branch, depot, school, hotel:
kinds/meets.business_site). A grower keyed to its region is in that region's country; a
depot in its town's; an employee keeps the time zone of the office it works at; a course is
taught in its school's language.

A key that names a direction keeps its parent a counterparty: a shipment's origin depot says
nothing of its destination country, a transfer's sender account nothing of the receiving
currency. An attribute column that names a direction (`destination_country`,
`billing_currency`, `home_timezone`) is another place than the row's and follows no place it
is keyed to."""

from __future__ import annotations

import re

from workbench.generate.base.names import normalise
from workbench.generate.kinds.meets import business_place, business_site
from workbench.schema.model import Schema

# Words of a column's name that make it the other side of the row, or another place than
# the row's own (after names.normalise: `dest` is written out).
DIRECTIONS = frozenset(
    {"origin", "destination", "dest", "from", "to", "source", "src", "target", "pickup",
     "dropoff", "drop", "return", "arrival", "departure", "home", "away", "sender",
     "recipient", "receiver", "beneficiary", "payer", "payee", "billing", "bill", "shipping",
     "ship", "delivery", "counterparty", "correspondent", "foreign", "birth", "nationality",
     "citizenship", "issuing", "issuer", "acquirer", "remote", "external", "export", "import",
     "previous", "prior", "former", "next", "transit", "via", "alt", "alternate", "secondary",
     "preferred", "display", "original", "reporting", "settlement", "base", "quote",
     "counter", "opposite", "partner", "seller", "buyer", "vendor", "supplier"}
)  # fmt: skip

# Who comes to a place from anywhere: its visitors and customers, not the people who work
# there (words of a table's or a column's name, after names.normalise)
VISITORS = frozenset(
    {"guest", "guests", "visitor", "visitors", "customer", "customers", "client", "clients",
     "patient", "patients", "passenger", "passengers", "member", "members", "subscriber",
     "subscribers", "user", "users", "buyer", "buyers", "tenant", "tenants", "student",
     "students", "attendee", "attendees", "participant", "participants", "traveller",
     "travellers", "traveler", "travelers", "applicant", "applicants", "donor", "donors",
     "emergency", "kin", "parent", "parents", "guardian", "guardians", "owner", "owners"}
)  # fmt: skip

# Places of the world a row lies in, by the last word of the table's name.
_WORLD = re.compile(
    r"^(countr(y|ies)|nations?|regions?|provinces?|states?|territor(y|ies)|count(y|ies)"
    r"|cit(y|ies)|towns?|villages?|municipalit(y|ies)|localit(y|ies)|districts?|suburbs?"
    r"|neighbou?rhoods?|areas?|zones?|prefectures?|cantons?|oblasts?|parish(es)?)$"
)


def directed(column: str) -> bool:
    """Whether a column's name names a direction or another side (module doc)."""
    return bool(DIRECTIONS & set(normalise(column).split("_")))


def visitor(name: str) -> bool:
    """Whether a table's or a column's name names a visitor of a place (VISITORS): a guest, a
    customer, a patient, their phone."""
    return bool(VISITORS & set(normalise(name.rsplit(".", 1)[-1]).split("_")))


def world_place(table: str) -> bool:
    """A table of places of the world (countries, regions, cities…), by its name's last word."""
    noun = normalise(table.rsplit(".", 1)[-1]).split("_")[-1]
    return _WORLD.match(noun) is not None


def where_it_is(schema: Schema, table: str, key: str) -> bool:
    """Whether the parent `table`, reached by the row's key columns `key` (joined by commas),
    is where the row is (module doc)."""
    if any(directed(column) for column in key.split(",")):
        return False
    return world_place(table) or business_site(schema, table)


def at_site(schema: Schema, table: str, key: str) -> bool:
    """Whether the parent `table` is where the row is (where_it_is) or, by a key naming no
    direction, a place the business has by its shape (kinds/meets.business_place: a resort,
    a marina, a club on the map): the place whose country the row's phone and money follow
    (rules/phone.py, rules/place_keys.py)."""
    if where_it_is(schema, table, key):
        return True
    return not any(directed(c) for c in key.split(",")) and business_place(schema, table)
