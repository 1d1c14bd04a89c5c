"""Physical quantities at the scale of the world, in the unit their column's name says:
distances, elevations and altitudes, depths, speeds, engine power, temperatures, masses in
tonnes or pounds, areas and volumes. `route_distance_km` holds kilometres a trip can cover
(not 99,990), `elevation_ft` feet of a place on land (not 92,000), `max_speed_kmh` speeds
vehicles reach.

Each quantity is one range in its base unit and the shape values take in it (`log`: as many
values between 1 and 10 as between 100 and 1,000, for quantities without a typical size;
`small`: mostly low; `centre`: around the middle); each unit converts that range. A column
asks for one by its name's last words: the quantity then the unit (`distance_km`,
`altitude_ft`), or the quantity alone in its base unit (`distance`, `elevation`); a
temperature by its word anywhere before a unit letter (`temperature_at_delivery_c`; what it
is the temperature of decides its scale: rules/temperature.py)."""

from __future__ import annotations

from collections.abc import Callable

from workbench.generate.generators.base import NUMBER, Generator, NamePattern, NaturalRange


def _times(factor: float) -> Callable[[float], float]:
    return lambda value: value * factor


# quantity: (words naming it, base range, shape, the words of its base unit, other units:
# (words, conversion from the base unit)); a bare quantity word asks for the base unit
QUANTITIES: dict[str, tuple[tuple[str, ...], tuple[float, float], str, tuple[str, ...],
                            tuple[tuple[tuple[str, ...], Callable[[float], float]], ...]]] = {
    "distance": (
        ("distance", "route_distance", "trip_distance", "travel_distance", "route_length"),
        (1, 15_000), "log", ("km", "kms", "kilometers", "kilometres"),
        ((("m", "meters", "metres"), _times(1000)),
         (("mi", "miles"), _times(0.621371)),
         (("nm", "nmi", "nautical_miles"), _times(0.539957))),
    ),
    "elevation": (
        ("elevation", "height_above_sea_level"),
        (0, 4_500), "small", ("m", "meters", "metres"),
        ((("ft", "feet"), _times(3.28084)),),
    ),
    "altitude": (
        ("altitude", "cruise_altitude", "cruising_altitude", "flight_level_altitude"),
        (0, 12_500), "centre", ("m", "meters", "metres"),
        ((("ft", "feet"), _times(3.28084)),),
    ),
    "depth": (
        ("water_depth", "sea_depth", "dive_depth", "well_depth"),
        (0.5, 4_000), "log", ("m", "meters", "metres"),
        ((("ft", "feet"), _times(3.28084)),),
    ),
    "speed": (
        ("speed", "max_speed", "top_speed", "avg_speed", "average_speed", "cruise_speed",
         "cruising_speed", "velocity", "speed_limit"),
        (5, 950), "small", ("kmh", "kph", "km_h", "kmph"),
        ((("mph",), _times(0.621371)),
         (("kn", "kt", "kts", "knots"), _times(0.539957)),
         (("ms", "mps", "m_s"), _times(1 / 3.6))),
    ),
    "power": (
        ("power", "engine_power", "rated_power", "output_power", "max_power"),
        (0.5, 50_000), "log", ("kw", "kilowatts"),
        ((("hp", "bhp", "horsepower"), _times(1.34102)),
         (("mw", "megawatts"), _times(0.001))),
    ),
    "temperature": (
        ("temperature", "temp", "ambient_temperature", "air_temperature"),
        (-30, 45), "centre", ("c", "celsius", "degc"),
        ((("f", "fahrenheit", "degf"), lambda c: c * 1.8 + 32),
         (("k", "kelvin"), lambda c: c + 273.15)),
    ),
    "mass": (
        ("gross_weight", "net_weight", "tare_weight", "cargo_weight", "load_weight", "mass"),
        (0.1, 40_000), "log", ("kg", "kilograms"),
        ((("t", "tonnes", "tons"), _times(0.001)),
         (("lb", "lbs", "pounds"), _times(2.20462))),
    ),
    "area": (
        ("area", "floor_area", "surface_area", "living_area", "plot_area"),
        (5, 50_000), "log", ("m2", "sqm", "sq_m", "square_meters", "square_metres"),
        ((("sqft", "sq_ft", "ft2", "square_feet"), _times(10.7639)),
         (("ha", "hectares"), _times(0.0001))),
    ),
    "volume": (
        ("volume", "tank_volume", "fuel_volume", "cargo_volume"),
        (0.05, 100_000), "log", ("l", "litres", "liters", "ltr"),
        ((("ml", "millilitres", "milliliters"), _times(1000)),
         (("m3", "cbm", "cubic_meters", "cubic_metres"), _times(0.001)),
         (("gal", "gallons"), _times(0.264172))),
    ),
}  # fmt: skip
# a unit that says the scale by itself, whatever the quantity's range: a volume told in
# millilitres is what a person gives, drinks or takes at once (a donation's 450 ml, a can's
# 330), a few to a few thousand, never a tank's 10^8 (the reason the unit was chosen; the
# ml line of data/units.tsv); (lowest, highest, shape) in that unit
_SCALED_BY_UNIT: dict[str, tuple[float, float, str]] = {"ml": (5.0, 5000.0, "log_middle")}
# names another family already gives a meaning (a person's weight in kg, a tree's depth)
_TAKEN = frozenset({"mass", "mass_kg", "weight_kg", "depth", "temp", "area", "volume", "power"})


# a quantity a name holds anywhere before its unit (`temperature_at_delivery_c`,
# `core_temp_f`), as its words say: the quantity's words, and the units that ask for it
_ANYWHERE: dict[str, tuple[str, ...]] = {"temperature": ("temperature", "temp")}
_ANYWHERE_RANK = 15  # before an amount in a unit alone (generators/units.py)


def _anywhere(quantity: str, suffixes: tuple[str, ...]) -> tuple[NamePattern, ...]:
    words = _ANYWHERE.get(quantity)
    if not words:
        return ()
    regex = rf"(^|_)({'|'.join(words)})(_.+)?_({'|'.join(suffixes)})$"
    return (NamePattern(regex, _ANYWHERE_RANK),)


def _generators() -> tuple[Generator, ...]:
    out = []
    for quantity, (words, (lo, hi), shape, base, others) in QUANTITIES.items():
        units = ((base, _times(1.0)), *others)
        for at, (suffixes, convert) in enumerate(units):
            names = [f"{w}_{s}" for w in words for s in suffixes]
            if not at:
                names += list(words)  # a bare quantity: its base unit
            synonyms = tuple(n for n in dict.fromkeys(names) if n not in _TAKEN)
            low, high = sorted((convert(lo), convert(hi)))
            low, high, how = _SCALED_BY_UNIT.get(suffixes[0], (low, high, shape))
            name = f"{quantity}_{suffixes[0]}"
            natural = NaturalRange(low, high, how)
            patterns = _anywhere(quantity, suffixes)
            out.append(
                Generator(name, NUMBER, synonyms=synonyms, patterns=patterns, natural=natural)
            )
    return tuple(out)


GENERATORS: tuple[Generator, ...] = _generators()
