"""A point on the map with no address beside it (a station's, a mast's, a depot's `latitude`
and `longitude` on a row keyed to its country) lies in one of its country's towns, and the
points of one table spread over those towns: each town of the country once, in an order drawn
by the square root of its population, before any twice. A railway's stations, a network's
masts, a chain's depots are not all in the capital, so two of them are seldom a street apart
(a trip between them takes the time their distance takes: rules/reach.py).

rules/place.py draws the point's country (the row's or its parent's, place_parent.follow);
this module only moves it among that country's towns (vocab/countries: GeoNames' larger
cities), within a few kilometres of the town's centre."""

from __future__ import annotations

import functools

import numpy as np

from workbench.generate.vocab import countries

JITTER = 0.05  # degrees around a town's centre, as places.place_values jitters a city's


@functools.cache
def _towns(iso2: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A country's towns: latitudes, longitudes and draw weights (√population)."""
    cities = countries.cities_of(iso2)
    lat = np.array([c.latitude for c in cities], dtype=np.float64)
    lon = np.array([c.longitude for c in cities], dtype=np.float64)
    weights = np.sqrt(np.array([max(c.population, 1) for c in cities], dtype=np.float64))
    return lat, lon, weights


def spread(
    codes: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(latitude, longitude, moved) per row of alpha-2 `codes`: each row of a country with
    towns on record at one of them, every town once before any twice; rows of another
    country are not moved (their values are NaN)."""
    n = codes.size
    lat = np.full(n, np.nan)
    lon = np.full(n, np.nan)
    moved = np.zeros(n, bool)
    for code in sorted({str(c) for c in codes.tolist()}):
        t_lat, t_lon, weights = _towns(code)
        if not t_lat.size:
            continue
        rows = np.flatnonzero(codes == code)
        order = rng.choice(t_lat.size, t_lat.size, replace=False, p=weights / weights.sum())
        pick = order[np.arange(rows.size) % t_lat.size]
        lat[rows] = np.round(t_lat[pick] + rng.uniform(-JITTER, JITTER, rows.size), 6)
        lon[rows] = np.round(t_lon[pick] + rng.uniform(-JITTER, JITTER, rows.size), 6)
        moved[rows] = True
    return lat, lon, moved
