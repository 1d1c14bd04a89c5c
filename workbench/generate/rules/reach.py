"""A way between two places is as long as the ground between them, and a trip over it takes
the time that distance takes at its mode's speed.

A row that joins two rows of one table of places with coordinates (two foreign keys into a
table with a latitude and a longitude: a route between airports, a line between stations, a
lane between depots) and has a distance in a unit (`distance_km`, `miles`, `distance_nm`) is
the great circle between its places times the mode's detour (an airway's straight line, a
road's bends). A row with a start and an end time (a flight's scheduled departure and
arrival, a sailing's, a service's) that reaches such a distance (its own two places, or its
parent's distance: a flight of a route) lasts the distance at the mode's door-to-door speed
plus the time beyond it (an airliner's half hour on the ground and in the climb), drawn per
row around the mode's typical speed. The mode is read from the words of the row's, its
parent's and its places' tables (vocab/modes.py: flights and airports fly, trains and
stations roll, ferries and ports sail; a road vehicle otherwise). Applied once the span rule
drew the row's duration, before an actual time follows the planned one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, free, row_rng
from workbench.generate.rules.link_scope import draw_alike, same_scope
from workbench.generate.rules.pace import distance_unit, store_number
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.rules.span import happened, pairs
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab.modes import mode_of
from workbench.generate.vocab.paces import pace_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Table

_NUMBERS = ("int", "decimal", "float")
_LATITUDE = frozenset({"latitude", "lat"})
_LONGITUDE = frozenset({"longitude", "lon", "lng", "long"})
_KM = {"km": 1.0, "mi": 1.609344, "nm": 1.852, "m": 0.001}  # a unit family, in km
_EARTH_KM = 6371.0
_MINUTE_US = 60_000_000
_PLANNED = frozenset({"scheduled", "planned", "expected", "estimated", "due", "booked"})
_SPREAD = 0.05  # log-normal spread of a row's speed around the mode's typical one


def _coordinates(table: Table) -> tuple[str, str] | None:
    """A table's latitude and longitude columns (`latitude`, `lat`, `geo_lat`…), or None."""
    found: dict[frozenset[str], str] = {}
    for column in table.columns:
        last = normalise(column.name).split("_")[-1]
        for words in (_LATITUDE, _LONGITUDE):
            if last in words:
                found.setdefault(words, column.name)
    if _LATITUDE in found and _LONGITUDE in found:
        return found[_LATITUDE], found[_LONGITUDE]
    return None


def km_per_unit(name: str) -> float | None:
    """Kilometres in one unit of a distance column (`distance_km` 1, `miles` 1.609), else None."""
    if distance_unit(name) is None:
        return None
    words = set(normalise(name).split("_"))
    pace = pace_of(words)
    return _KM.get(pace.family if pace is not None else "km")


def keep_columns(view: TableView) -> set[str]:
    """A place's coordinates and a way's distance, which a child's trip reads."""
    keep = set(_coordinates(view.table) or ())
    return keep | {c for c, s in view.specs.items() if s.kind in _NUMBERS and km_per_unit(c)}


def _ends(view: TableView, paths: Sequence[Path]) -> tuple[str, Path, Path, str, str] | None:
    """Two one-hop paths (or two second hops through one parent) into one table of places
    with coordinates: (the places' table, the two paths, latitude, longitude)."""
    by_place: dict[tuple[str, str | None], list[Path]] = {}
    for path in paths:
        place = view.schema.tables.get(path.table)
        if place is None or _coordinates(place) is None or path.table == view.tp.name:
            continue
        by_place.setdefault((path.table, path.parent if path.via else None), []).append(path)
    for (table, _), found in by_place.items():
        if len(found) >= 2:
            place = view.schema.tables[table]
            lat, lon = _coordinates(place) or ("", "")
            return table, found[0], found[1], lat, lon
    return None


def _great_circle(
    view: TableView, rule: Rule, batch: Batch, n: int
) -> tuple[np.ndarray, np.ndarray]:
    """Each row's great-circle km between its two places, and where either is unknown."""
    coords = []
    missing = np.zeros(n, dtype=bool)
    for key in ("a", "b"):
        path = Path(*rule.data[key])
        for column in (rule.data["lat"], rule.data["lon"]):
            got = source_values(view, path, column, batch)
            if got is None:
                return np.zeros(n), np.ones(n, dtype=bool)
            values, nulls = got
            missing |= nulls
            coords.append(np.radians(np.where(nulls, 0.0, values).astype(float)))
    lat1, lon1, lat2, lon2 = coords
    h = np.sin((lat2 - lat1) / 2) ** 2
    h = h + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * _EARTH_KM * np.arcsin(np.sqrt(np.clip(h, 0.0, 1.0))), missing


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    paths = paths_of(view)
    direct = [p for p in paths if p.via is None]
    ends = _ends(view, direct)
    if ends is not None:
        table, a, b, lat, lon = ends
        mode = mode_of([normalise(view.tp.name.rsplit(".", 1)[-1]),
                        normalise(table.rsplit(".", 1)[-1])])  # fmt: skip
        data = {"a": list(vars(a).values()), "b": list(vars(b).values()), "lat": lat, "lon": lon}
        for name, spec in view.specs.items():
            unit = km_per_unit(name)
            if unit is None or spec.kind not in _NUMBERS or not free(view, name):
                continue
            detail = f"{name}: the great circle between its {a.fk} and {b.fk}, by {mode.name}"
            out.append(Rule("way", [name], detail, {**data, "unit": unit, "detour": mode.detour}))
    out += _plan_trip(view, paths, ends)
    return out


def _plan_trip(
    view: TableView, paths: Sequence[Path], ends: tuple[str, Path, Path, str, str] | None
) -> list[Rule]:
    spans = [(s, e) for s, e in pairs(view) if view.specs[s].kind == "timestamp"]
    if not spans or not free(view, spans[0][1]):
        return []
    start, end = spans[0]
    names = [normalise(view.tp.name.rsplit(".", 1)[-1])]
    planned_end = set(normalise(end).split("_")) & _PLANNED  # a scheduled arrival: not yet
    data: dict[str, object] = {"happened": happened(end) and not planned_end,
                               "start_free": free(view, start)}  # fmt: skip
    how = ""
    if ends is not None:  # the row's own two places
        table, a, b, lat, lon = ends
        names.append(normalise(table.rsplit(".", 1)[-1]))
        data |= {"a": list(vars(a).values()), "b": list(vars(b).values()), "lat": lat, "lon": lon}
        how = f"from {a.fk} to {b.fk}"
    for path in (p for p in paths if p.via is None and not how):
        parent = view.schema.tables.get(path.parent)
        if parent is None:
            continue
        distance = next((c.name for c in parent.columns if km_per_unit(c.name)), None)
        second = _ends(view, [p for p in paths if p.via and p.parent == path.parent])
        if distance is not None:  # the parent's distance (a flight's route)
            names.append(normalise(path.parent.rsplit(".", 1)[-1]))
            data |= {"parent": list(vars(path).values()), "distance": distance,
                     "unit": km_per_unit(distance)}  # fmt: skip
            how = f"over its {path.parent.rsplit('.', 1)[-1]}'s {distance}"
        elif second is not None:  # the parent's two places
            table, a, b, lat, lon = second
            names += [normalise(path.parent.rsplit(".", 1)[-1]), normalise(table.rsplit(".")[-1])]
            data |= {"a": list(vars(a).values()), "b": list(vars(b).values()),
                     "lat": lat, "lon": lon}  # fmt: skip
            how = f"between its {path.parent.rsplit('.', 1)[-1]}'s places"
    if not how:
        return []
    mode = mode_of(names)
    data |= {"kmh": list(mode.kmh), "overhead": mode.overhead}
    detail = f"{end} after {start} {how}, at {mode.name} speed ({mode.kmh[1]:g} km/h)"
    return [Rule("trip", [end, start], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    if rule.kind == "way":
        col = batch.get(rule.columns[0])
        if col is None:
            return
        km, missing = _great_circle(view, rule, batch, col.values.size)
        least, most = (float(v) for v in rule.data["detour"])
        value = km * rng.uniform(least, most, km.size) / rule.data["unit"]
        store_number(view, rule.columns[0], col, value, ~missing, step=0.01)
        return
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None:
        return
    if "distance" in rule.data:
        got = source_values(view, Path(*rule.data["parent"]), rule.data["distance"], batch)
        if got is None:
            return
        values, missing = got
        km = np.where(missing, 0.0, values).astype(float) * rule.data["unit"]
    else:
        km, missing = _great_circle(view, rule, batch, start.values.size)
    lo, typical, hi = rule.data["kmh"]
    n = km.size
    kmh = np.clip(rng.lognormal(np.log(typical), _SPREAD, n), lo, hi)
    minutes = rule.data["overhead"] * rng.uniform(0.8, 1.2, n) + km / kmh * 60.0
    minutes = np.where(minutes >= 30, np.round(minutes / 5) * 5, np.round(minutes))
    begin = as_us(start)
    finish = begin + (minutes * _MINUTE_US).astype(np.int64).astype("timedelta64[us]")
    rows = ~start.nulls & ~end.nulls & ~missing
    if rule.data["happened"]:  # an end that happened is not after now
        now = clock.run_now(view.config)
        late = rows & (begin <= now) & (finish > now)
        if rule.data["start_free"]:  # the whole trip moved back to have ended by now
            back = (finish - now) + (rng.uniform(1, 60, n) * _MINUTE_US).astype("timedelta64[us]")
            begin = np.where(late, begin - back, begin)
            finish = np.where(late, finish - back, finish)
            store(start, begin, np.flatnonzero(late))
        else:
            rows &= ~late
    store(end, finish, np.flatnonzero(rows))


RULE = RowRule(
    "reach",
    "a way as long as the ground between its places; a trip as long as its way takes",
    _plan,
    _apply,
    phases={"way": Phase.ROW, "trip": Phase.FINAL},
    after=("span",),  # once the span drew the row's duration
    before=("actual",),  # an actual time follows the planned one
)


def _apart(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Two keys into one table of places (an origin and a destination airport, two
    harbours) name two places: where both drew the same row, the second takes another."""
    by_parent: dict[str, list[FKUnit]] = {}
    for unit in view.units:
        if len(unit.fk.columns) == 1 and links.drawn_freely(unit):
            by_parent.setdefault(unit.parent, []).append(unit)
    for parent, units in by_parent.items():
        table = view.schema.tables.get(parent)
        if len(units) < 2 or parent == view.tp.name or table is None or not _coordinates(table):
            continue
        first, second = units[0], units[1]
        a_rows, a_nulls = links.parent_rows(first.fk.columns[0])
        b_rows, b_nulls = links.parent_rows(second.fk.columns[0])
        if a_rows is None or b_rows is None or a_rows.size != b_rows.size:
            continue
        same = np.flatnonzero((a_rows == b_rows) & ~a_nulls & ~b_nulls)
        source, valid = links.parent_keys(second)
        if not same.size or valid.size < 2:
            continue
        rng = view.rng(f"apart:{second.fk.columns[0]}", int(idx[0]) if idx.size else 0)
        rows = np.asarray(b_rows).copy()
        rows[same] = draw_alike(view, parent, rows[same], valid, rng)  # of the row's scope
        again = same[rows[same] == a_rows[same]]  # drew the origin again: the next place
        after = valid[(np.searchsorted(valid, rows[again]) + 1) % valid.size]
        near = same_scope(view, parent, rows[again], after)  # the only place of its scope stays
        rows[again[near]] = after[near]
        links.assign(batch, second, rows, rows.size, b_nulls, source)


APART = LinkRule(
    "places apart",
    "two keys into one table of places name two places",
    Stage.KEYS,
    _apart,
    after=("in force throughout",),
)
