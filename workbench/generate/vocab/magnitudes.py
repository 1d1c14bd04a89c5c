"""How big a thing is, by what it is (data/magnitudes.tsv): a classroom seats tens, an
auditorium hundreds; a van carries a tonne or so, a tractor unit twenty. Facts as data, not
code per column: a new thing is a line of the file, a new measure a line of MEASURES."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import TypeVar

from workbench.generate.vocab.lists import DATA
from workbench.generate.vocab.tonnage import by_tonnage

T = TypeVar("T")

# the words of a column's name that name each measure, and the unit words that scale it
MEASURES: dict[str, frozenset[str]] = {
    "seats": frozenset({"capacity", "seats", "seating", "seat_count", "max_occupancy",
                        "occupancy_limit", "max_seats", "max_guests", "max_persons",
                        "max_people", "max_pax", "sleeps", "max_passengers", "berths",
                        # an event's or an activity's places
                        "max_attendees", "attendee_limit", "max_participants",
                        "participant_limit", "max_entrants", "entrant_limit", "max_delegates",
                        "max_registrations", "registration_limit", "max_places", "total_places",
                        "places_available", "seated_places", "standing_places",
                        "max_occupants", "max_riders", "max_runners"}),
    "payload_kg": frozenset({"payload", "max_payload", "load_capacity", "max_load",
                             "payload_capacity", "rated_load", "load_rating", "working_load",
                             "safe_working_load", "load_limit", "rated_payload"}),
    "weight_kg": frozenset(),  # a weight beside the sides of a thing (rules/magnitude.py)
    # a vehicle's own weight and its engine's power, by its class (a mini, a luxury car, a van)
    "curb_weight_kg": frozenset({"curb_weight", "kerb_weight", "unladen_weight", "empty_weight",
                                 "curb_mass", "kerb_mass", "tare_weight"}),
    "power_kw": frozenset({"engine_kw", "power_kw", "engine_power", "max_power", "rated_power",
                           "power_output", "horsepower", "engine_hp", "engine_ps",
                           "power_hp", "power_bhp", "power_ps", "wattage", "rated_wattage",
                           "charging_power", "charge_power", "power_rating"}),
    # a space's floor area and its rooms, by what it is (a studio, a house, a warehouse,
    # a parking bay): the area's names joined to the word area, size or space, never a
    # bare `area` (a phone's area code, a sales area)
    "area_m2": frozenset({"floor_area", "living_area", "usable_area", "surface_area",
                          "net_area", "gross_area", "internal_area", "lettable_area",
                          "leasable_area", "floor_space", "floor_size", "area_m2", "area_sqm",
                          "area_sqft", "area_ft2", "size_m2", "size_sqm", "size_sqft",
                          "size_ft2", "square_meters", "square_metres", "square_feet",
                          "square_footage"}),
    "bedrooms": frozenset({"bedrooms", "bedroom_count", "num_bedrooms", "number_of_bedrooms",
                           "bedrooms_count", "n_bedrooms"}),
    "bathrooms": frozenset({"bathrooms", "bathroom_count", "num_bathrooms",
                            "number_of_bathrooms", "bathrooms_count", "n_bathrooms"}),
    # a road vehicle's outer dimensions, by its kind (a car, a coach, a lorry): only in a unit
    # the name states (`length_cm`, `overall_height_m`), never a bare `length`
    "length_cm": frozenset({"length", "overall_length", "length_overall", "total_length",
                            "vehicle_length"}),
    "width_cm": frozenset({"width", "overall_width", "total_width", "vehicle_width"}),
    "height_cm": frozenset({"height", "overall_height", "total_height", "vehicle_height",
                            "building_height", "structure_height"}),
    # how fast a thing of a kind runs (a lift, an escalator): only in a unit the name states
    # (`rated_speed_mps`, `speed_fpm`), never a bare `speed`
    # how high a machine lifts its people or its load (an access platform, a telehandler): its
    # working height, only in a unit the name states (`working_height_m`, `lift_height_ft`)
    "reach_m": frozenset({"working_height", "work_height", "max_working_height",
                          "platform_height", "max_platform_height", "lift_height",
                          "max_lift_height", "lifting_height", "reach_height"}),
    # the diameter a machine's rotor sweeps (a wind turbine's, a helicopter's): only in a
    # unit the name states (`rotor_diameter_m`)
    "rotor_m": frozenset({"rotor_diameter", "rotor_dia", "rotor_size", "rotor_span"}),
    "speed_mps": frozenset({"speed", "rated_speed", "contract_speed", "nominal_speed",
                            "design_speed", "operating_speed", "travel_speed", "car_speed",
                            "belt_speed", "step_speed", "max_speed", "top_speed"}),
    # how high a thing is mounted above the ground (an antenna on a mast, a rooftop or a
    # lamppost; a turbine's hub): only in a unit the name states (`antenna_height_m`)
    "mounted_m": frozenset({"antenna_height", "mast_height", "mounting_height",
                            "mount_height", "installation_height", "hub_height",
                            "tower_height", "antenna_elevation", "height_agl", "agl_height",
                            "antenna_agl", "antenna_height_agl"}),
    # an engine's swept volume (a moped's 50 cc, a lorry's 13 litres): only in a unit the
    # name states (`engine_cc`, `displacement_cm3`); a thing without one (an electric
    # vehicle) has none
    "displacement_cc": frozenset({"engine", "engine_size", "engine_displacement",
                                  "displacement", "engine_capacity", "cylinder_capacity",
                                  "cubic_capacity", "swept_volume"}),
    # what a goods vehicle's or a container's load space holds (a van's 10 m3, an artic's 90):
    # a cargo volume, or a capacity in a unit of space (IN_ITS_UNIT: `capacity_m3`, `cbm`,
    # `cuft`; a tank's litres are a volume_l); its things are volume_l's and its own (EXTENDS)
    "load_l": frozenset({"cargo_volume", "load_volume", "load_space", "cargo_space",
                         "body_volume", "cargo_capacity", "loading_volume", "load_area_volume"}),
    # what a tank holds (a road tanker's litres) and a battery stores (an e-bike's Wh): only
    # beside a unit the name states (IN_ITS_UNIT: `capacity_litres`, `battery_wh`)
    "volume_l": frozenset(),
    "battery_wh": frozenset(),
    # how hard a vessel is filled (a dive cylinder's 200-300 bar, a tyre's 2-3): only beside a
    # unit the name states (IN_ITS_UNIT: `fill_pressure_bar`, `tank_pressure_psi`)
    "pressure_bar": frozenset(),
    # a gas's share of oxygen by the mix it is (air 20.9 %, nitrox 22-40 %): only beside a
    # unit of a share the name states (`oxygen_percent`, `o2_pct`)
    "oxygen_pct": frozenset(),
    # what no column is named as, read beside one that is (rules/kind_parts.py): all a thing
    # carries seated and standing (a tram's 200 with 60 seated), and a space's floor area a
    # seat (a meeting room's 2-4 m2, an event space's 1-3)
    "carried": frozenset(),
    "area_per_seat": frozenset(),
    # how many selections a machine or a cabinet of a kind offers (a vending machine's slots,
    # a locker bank's compartments): a count of its own places
    "slots": frozenset({"slot_count", "slots", "num_slots", "number_of_slots", "slots_count",
                        "selections", "selection_count", "num_selections", "max_selections",
                        "number_of_selections", "compartments", "compartment_count",
                        "num_compartments", "number_of_compartments"}),
    # how many of a thing one whole holds (an array's panels): no column is named as it, a
    # count whose noun is the thing reads it (rules/count_times.py)
    "count_of": frozenset(),
    # how many people a thing of a kind carries an hour (a ski lift's uphill capacity, an
    # escalator's): an hourly capacity, or a capacity beside a unit of people an hour
    # (IN_ITS_UNIT: `capacity_pph`, `capacity_per_hour`), never a bare `capacity` (seats)
    "people_ph": frozenset({"hourly_capacity", "uphill_capacity", "transport_capacity",
                            "hourly_throughput", "throughput", "persons_per_hour",
                            "people_per_hour", "passengers_per_hour", "skiers_per_hour",
                            "riders_per_hour", "pph"}),
    # what a person gives, drinks or takes at one time, by its kind (a whole blood donation's
    # 450 ml, a plasmapheresis's 700, a can's 330, a shot's 40): only in a unit of a portion
    # the name states (`volume_ml`, `serving_size_cl`; a tank's litres are a volume_l), the
    # thing's own (OWN), never a share of its parent's
    "portion_ml": frozenset({"volume", "amount", "quantity", "size", "serving_size",
                             "portion_size", "serving", "portion", "dose", "pour",
                             "pour_size", "collected_volume", "volume_collected",
                             "drawn_volume", "volume_drawn", "donated_volume",
                             "serving_volume", "portion_volume", "dose_volume",
                             "pour_volume"}),
    # how long a thing of a kind lasts from its start to its end, in minutes (a whole blood
    # draw 4-20, a plateletpheresis 45-150): no column is named as it, a kind column's labels
    # read it (rules/span.py label_scales)
    "lasts_min": frozenset(),
    # what a new one of a kind costs (a machine model's list price), in US dollars
    "price_usd": frozenset({"list_price", "retail_price", "msrp", "rrp", "catalogue_price",
                            "catalog_price", "new_price", "recommended_price"}),
}  # fmt: skip
# words that name a measure only beside one of its units (`capacity_lbs`, `load_kg`: a weight
# carried; a bare `capacity` seats people)
IN_ITS_UNIT: dict[str, frozenset[str]] = {
    "payload_kg": frozenset({"capacity", "load", "rated_capacity", "max_capacity"}),
    # a charger's, an appliance's rating: `output_kw`, `max_output_kw`, `power_w`, `wattage_w`
    "power_kw": frozenset({"power", "output", "max_output", "rated_output", "wattage",
                           "rating", "power_rating"}),
    "load_l": frozenset({"capacity", "max_capacity", "rated_capacity", "volume_capacity"}),
    # (not a bare `volume`: a box's inner volume is its sides', rules/shape.py)
    "volume_l": frozenset({"capacity", "tank_capacity", "max_capacity", "tank_volume",
                           "nominal_volume", "rated_volume", "max_volume", "working_volume",
                           "tank_size", "rated_capacity"}),
    "battery_wh": frozenset({"battery", "battery_capacity", "battery_size", "battery_energy",
                             "pack_capacity"}),
    "pressure_bar": frozenset({"pressure", "fill_pressure", "working_pressure", "max_pressure",
                               "rated_pressure", "service_pressure", "operating_pressure",
                               "tank_pressure", "cylinder_pressure", "tyre_pressure",
                               "tire_pressure", "test_pressure"}),
    "oxygen_pct": frozenset({"oxygen", "o2", "oxygen_content", "o2_content", "fo2",
                             "oxygen_share", "oxygen_fraction"}),
    "people_ph": frozenset({"capacity", "max_capacity", "rated_capacity", "design_capacity",
                            "lift_capacity", "ride_capacity", "carrying_capacity"}),
}  # fmt: skip
_IN_UNIT_WORDS = frozenset(w for words in IN_ITS_UNIT.values() for w in words)
# measures counted in wholes (a room has 2 bedrooms, not 1.7), even on a numeric column
COUNTED = frozenset({"seats", "bedrooms", "bathrooms", "slots", "count_of"})
# measures whose things span orders of magnitude (an office of 20 m2 or 2,000): drawn in
# ratio around the typical amount where a thing's highest is many times its lowest
IN_RATIO = frozenset({"weight_kg", "area_m2", "volume_l", "load_l"})
# a measure whose things are another's too (a load space in m3 of a road tanker is its tank's)
EXTENDS = {"load_l": "volume_l"}
# a thing's outer dimensions: a thing of its kind measures them (a row's kind column or its
# table's name), never as a share of a parent's; their column names a unit
DIMENSIONS = frozenset({"length_cm", "width_cm", "height_cm"})
# what a thing has by its kind alone, never as a share of a parent's, in a unit its column
# names: its outer dimensions, how fast it runs, what a person gives or drinks at once
OWN = DIMENSIONS | {"speed_mps", "reach_m", "mounted_m", "rotor_m", "displacement_cc", "portion_ml"}
_LENGTH_UNITS = {"cm": 1.0, "mm": 10.0, "m": 0.01, "metres": 0.01, "meters": 0.01,
                 "in": 1 / 2.54, "inches": 1 / 2.54, "ft": 1 / 30.48,
                 "feet": 1 / 30.48, "yd": 1 / 91.44, "yds": 1 / 91.44,
                 "yards": 1 / 91.44}  # fmt: skip
# a measure's unit as the column names it: the factor from the measure's own unit
UNITS: dict[str, dict[str, float]] = {
    "weight_kg": {"kg": 1.0, "g": 1000.0, "lb": 2.20462, "lbs": 2.20462},
    "payload_kg": {"kg": 1.0, "kgs": 1.0, "t": 0.001, "tonnes": 0.001, "tons": 0.001,
                   "lb": 2.20462, "lbs": 2.20462},
    "curb_weight_kg": {"kg": 1.0, "kgs": 1.0, "t": 0.001, "lb": 2.20462, "lbs": 2.20462},
    "power_kw": {"kw": 1.0, "hp": 1.341, "bhp": 1.341, "horsepower": 1.341, "ps": 1.36,
                 "w": 1000.0, "watt": 1000.0, "watts": 1000.0, "wattage": 1000.0},
    "area_m2": {"m2": 1.0, "sqm": 1.0, "sqft": 10.7639, "ft2": 10.7639, "ft": 10.7639,
                "feet": 10.7639, "footage": 10.7639, "ha": 0.0001, "km2": 0.000001},
    **dict.fromkeys(DIMENSIONS, _LENGTH_UNITS),
    "reach_m": {k: v * 100.0 for k, v in _LENGTH_UNITS.items()},
    "mounted_m": {k: v * 100.0 for k, v in _LENGTH_UNITS.items()},
    "rotor_m": {k: v * 100.0 for k, v in _LENGTH_UNITS.items()},
    "displacement_cc": {"cc": 1.0, "cm3": 1.0, "ccm": 1.0, "litres": 0.001, "liters": 0.001,
                        "litre": 0.001, "liter": 0.001, "cu_in": 0.0610237},
    "volume_l": {"l": 1.0, "litres": 1.0, "liters": 1.0, "ltr": 1.0, "hl": 0.01, "m3": 0.001,
                 "gal": 0.264172, "gallons": 0.264172},
    "load_l": {"m3": 0.001, "cbm": 0.001, "ft3": 0.0353147, "cuft": 0.0353147},
    "battery_wh": {"wh": 1.0, "kwh": 0.001},
    "oxygen_pct": {"percent": 1.0, "pct": 1.0, "percentage": 1.0},
    "pressure_bar": {"bar": 1.0, "mbar": 1000.0, "psi": 14.5038, "kpa": 100.0, "mpa": 0.1},
    "people_ph": {"pph": 1.0, "pphpd": 1.0, "per_hour": 1.0, "per_hr": 1.0, "ph": 1.0},
    "portion_ml": {"ml": 1.0, "millilitres": 1.0, "milliliters": 1.0, "cl": 0.1,
                   "fl_oz": 0.033814, "floz": 0.033814},
    "speed_mps": {"mps": 1.0, "ms": 1.0, "m_s": 1.0, "kmh": 3.6, "kph": 3.6, "km_h": 3.6,
                  "mph": 2.23694, "fpm": 196.850, "ft_min": 196.850, "fps": 3.28084,
                  "mpm": 60.0, "m_min": 60.0, "kn": 1.94384, "knots": 1.94384},
}  # fmt: skip
# a word any measure's unit is (`_kg`, `_lbs`, `_fpm`): a name ending in one is of a measure in it
_UNIT_WORDS = frozenset(w for units in UNITS.values() for w in units)
_PER_UNITS = frozenset(w for w in _UNIT_WORDS if w.startswith("per_"))  # `capacity_per_hour`


Band = tuple[float, float, float]
# the band of a thing that has no such quantity (an escalator carries no rated load): `-` in
# the data file; its rows hold NULL where the column allows it
NOTHING: Band = (math.nan, math.nan, math.nan)


def lacks(band: Band) -> bool:
    """Whether a band is NOTHING's: the thing has no such quantity."""
    return math.isnan(band[0])


@functools.cache
def _lines() -> tuple[tuple[str, tuple[str, ...], Band, frozenset[str]], ...]:
    """(measure, things, band, the ancestors' nouns a sense holds under) of each line, of
    data/magnitudes.tsv and then each data/magnitudes_*.tsv (a file per family of things)."""
    out = []
    files = [DATA / "magnitudes.tsv", *sorted(DATA.glob("magnitudes_*.tsv"))]
    lines = [line for f in files for line in f.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        measure, things, lo, typical, hi, *rest = line.split("\t")
        within = frozenset(w for w in (rest[0] if rest else "").split(",") if w)
        band = NOTHING if lo == "-" else (float(lo), float(typical), float(hi))
        out.append((measure, tuple(things.split(",")), band, within))
    return tuple(out)


@functools.cache
def magnitudes() -> dict[str, dict[str, Band]]:
    """For each measure, each thing word's (lowest, typical, highest) in its plain sense."""
    out: dict[str, dict[str, Band]] = {}
    for measure, things, band, within in _lines():
        if not within:
            for thing in things:
                out.setdefault(measure, {})[thing] = band
    return out


@functools.cache
def _senses(measure: str, around: frozenset[str]) -> dict[str, Band]:
    """The things of a measure as they read among the nouns `around` a row (its table's and
    its ancestors'): a sense a line gives under one of those nouns (a hotel's room sleeps a
    few, a school's seats tens) over the plain one."""
    out = dict(_senses(EXTENDS[measure], around)) if measure in EXTENDS else {}
    out.update(magnitudes().get(measure, {}))
    for at, things, band, within in _lines():
        if at == measure and within & around:
            out.update(dict.fromkeys(things, band))
    return out


def things_of(measure: str, around: frozenset[str] = frozenset()) -> dict[str, Band]:
    """Each thing of a measure and its band, in the sense the nouns `around` a row give it."""
    return _senses(measure, around)


def measure_of(name: str) -> tuple[str, float] | None:
    """The measure a column's (normalised) name gives and its unit's factor, or None: the
    whole name or one of its words, or two of them joined (`max_payload_kg`); a whole name a
    measure lists is that measure's (`hourly_capacity`, `load_capacity`: no seats). Not a
    rate per a measure (`price_per_sqm`, `seats_per_row`; people an hour are a measure:
    `capacity_per_hour`), nor a measure without the unit the name ends in (`capacity_lbs`
    weighs, it seats no one). A word of IN_ITS_UNIT names its measure beside one of its units
    (`capacity_kg`, `capacity_pph`). A measure of OWN is the whole name but its unit words
    (`length_cm`, `overall_height_m`, `speed_m_s`; not a `cable_length_m`), in the last unit
    it names (`height_in_cm`: centimetres)."""
    words = name.split("_")
    if "per" in words and "_".join(words[-2:]) not in _PER_UNITS:  # a rate, but people an hour
        return None
    grams = set(words) | {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    ending = next((u for u in ("_".join(words[-2:]), words[-1]) if u in _UNIT_WORDS), None)
    beside = grams & _IN_UNIT_WORDS if ending is not None else set()
    for measure, names in MEASURES.items():  # the whole name first (`load_capacity` weighs)
        units = UNITS.get(measure, {})
        if measure not in OWN and name in names and (ending is None or ending in units):
            return measure, next((units[w] for w in (ending, *words) if w in units), 1.0)
    for measure, names in MEASURES.items():
        units = UNITS.get(measure, {})
        if measure in OWN:
            if ending is not None and "_" in ending:  # a unit of two words (`speed_m_s`)
                if ending in units and "_".join(words[:-2]) in names:
                    return measure, units[ending]
                continue
            named = [w for w in reversed(words) if w in units]
            if named and "_".join(w for w in words if w not in units) in names:
                return measure, units[named[0]]
        elif ending is not None and ending not in units:
            continue
        elif name in names or grams & names or beside & IN_ITS_UNIT.get(measure, frozenset()):
            return measure, next((units[w] for w in (ending, *words) if w in units), 1.0)
    return None


# the measures of a thing's own power, and the words of a kind that has none of its own: pulled
# by another machine (a `trailed_sprayer`, a `towed_mower`, a `pto_driven_pump`; not a
# `tow_truck`, nor a `manual` gearbox)
POWERED = frozenset({"power_kw", "displacement_cc"})
UNPOWERED = frozenset({"trailed", "towed", "drawn", "pulled", "unpowered", "nonpowered", "pto"})


def magnitude_of(
    measure: str, label: str, around: frozenset[str] = frozenset()
) -> tuple[float, float, float] | None:
    """What a thing a label names measures: the whole label, else its last word that names
    one (`computer_lab`, then `lab`), else None; in the sense the nouns `around` the row
    give it (the words of its table's and its ancestors' names: a room of a hotel). A goods
    vehicle's label that states its gross weight (`truck_7_5t`) reads it (vocab/tonnage). A
    kind named as pulled by another machine (UNPOWERED: a `trailed_sprayer`) has no
    power of its own, whatever it is."""
    words = set(label.split("_"))
    if measure in POWERED and words & UNPOWERED and "self" not in words:
        return NOTHING
    return by_tonnage(measure, label) or named_by(_senses(measure, around), label)


def named_by(things: Mapping[str, T], label: str) -> T | None:
    """The entry of `things` a label names: the whole label, else its last word that names
    one, singular or plural (`computer_labs`, then `lab`), else None."""
    if label in things:
        return things[label]
    for word in reversed(label.split("_")):
        if word in things:
            return things[word]
        if word.endswith("s") and word[:-1] in things:
            return things[word[:-1]]
    return None


# a side of a thing in a unit (`length_cm`, `width_mm`, `height_in`), as centimetres
SIDES = frozenset({"length", "width", "height", "depth", "breadth"})
SIDE_UNITS = {"cm": 1.0, "mm": 0.1, "m": 100.0, "in": 2.54, "inch": 2.54, "inches": 2.54}
# a weight in a unit (`weight_kg`, `mass_g`, `weight_lb`), as kilograms
# (a machine's operating weight: its own with its fluids and operator)
WEIGHTS = frozenset({"weight", "mass", "gross_weight", "net_weight", "operating_weight",
                     "operating_mass", "working_weight", "service_weight"})  # fmt: skip
WEIGHT_UNITS = {"kg": 1.0, "kgs": 1.0, "g": 0.001, "grams": 0.001, "lb": 0.453592, "lbs": 0.453592}


def side_of(name: str) -> float | None:
    """A side's unit in centimetres, for a column named as a side in a unit, else None."""
    words = name.split("_")
    if len(words) != 2 or words[0] not in SIDES or words[1] not in SIDE_UNITS:
        return None
    return SIDE_UNITS[words[1]]


def weight_of(name: str) -> float | None:
    """A weight's unit in kilograms, for a column named as a weight in a unit, else None."""
    head, _, unit = name.rpartition("_")
    return WEIGHT_UNITS[unit] if head in WEIGHTS and unit in WEIGHT_UNITS else None
