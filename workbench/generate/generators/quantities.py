"""Numbers that mean something: ratings, scores, priorities, years, months, weekdays, hours,
durations, rental days and rates, replacement costs, flags, positions and counts; small
integer codes (a type, state or level stored as a number) and times stored as integers since
1970 (seconds, or the unit the name says)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.base import (
    DECIMAL,
    INT,
    NUMBER,
    Generator,
    NamePattern,
    NaturalRange,
)
from workbench.generate.vocab.labels import SMALL_CODE_WORDS

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec

# Events counted in one row of a game, a test or a performance, by their plural (a side's
# `home_goals`, a test's `minor_faults`, a concert's `errors`), and the words of a side or a
# half after them (`goals_for`, `goals_against`)
EVENT_WORDS = ("goals", "faults", "fouls", "errors", "mistakes", "penalties", "assists",
               "saves", "wickets", "touchdowns", "runs_scored", "aces", "double_faults",
               "own_goals", "offsides", "infractions", "violations_count", "complications",
               "injuries", "defects")  # fmt: skip
EVENT_SIDES = ("for", "against", "scored", "conceded", "home", "away", "first_half",
               "second_half", "ht", "ft")  # fmt: skip
_SIDE = rf"(_({'|'.join(EVENT_SIDES)}))?"
CARD_WORDS = ("cards", "yellow_cards", "yellows", "bookings_count")
PLAY_WORDS = ("shots", "shots_on_target", "tackles", "corners", "rebounds", "steals",
              "blocks", "interceptions", "crosses")  # fmt: skip

# What an integer time counts since 1970, by the words of its name (default: seconds)
_EPOCH_UNITS = (
    (frozenset({"ms", "millis", "msec", "msecs", "milliseconds", "epoch_ms"}), 1_000),
    (frozenset({"us", "usec", "usecs", "micros", "microseconds"}), 1),
    (frozenset({"ns", "nanos", "nsec", "nanoseconds"}), -1_000),  # a thousand per µs
)
# an integer time's unit, after its name's last word (`created_at_ms`)
_UNIT = r"(_(ms|millis|msec|us|usec|micros|ns|utc|unix|sec|secs|seconds))?$"
# `*_time` is a moment after an event's word (`created_time`, `expiration_time`, `last_time`),
# not a duration (`response_time`, `elapsed_time`, `execution_time`)
EPOCH_PATTERNS = (
    r"^(date|datetime|timestamp|ts|epoch)$|^date_([a-z]+(ed|ion)|due)$|^ts_[a-z_]+$",
    # not a running total to date (`beneficiaries_to_date`: rules/so_far.py), but a bound
    # (`valid_to_date`)
    r"(?<!_to)_(at|on|ts|timestamp|datetime|date|epoch)" + _UNIT,
    r"(^|_)(valid|effective|active|applicable|period|from|date)_to_date" + _UNIT,
    r"(^|_)((?!elapsed|execution)[a-z]+(ed|ion)|start|end|due|last|next|heartbeat|expiry)_time"
    + _UNIT,
    r"^(created|updated|modified|deleted|expires|expiry|mtime|ctime|atime)$",
    r"^(last|first)_(modified|updated|seen|login|access|accessed|activity|used|run|sync|"
    r"checked|visit|visited|heartbeat|contact|change|changed)$",
)


# how often a thing is done a day (`times_per_day`, `doses_per_day`, `daily_frequency`): a few
# times, not hundreds
PER_DAY = (
    r"^((times|doses|dose|x|intakes|administrations|frequency)_)?per_day$"
    r"|^(times|doses|frequency)_(daily|a_day)$|^daily_(frequency|doses|times)$"
)


# HTTP status codes as a server's log holds them: mostly success, some redirects and client
# errors, a few server errors
HTTP_STATUSES = np.array([200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 409, 422, 500, 503])
_HTTP_WEIGHTS = np.array([62, 6, 4, 1, 3, 4, 4, 3, 2, 6, 1, 2, 1.5, 0.5])


def http_statuses(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return HTTP_STATUSES[rng.choice(HTTP_STATUSES.size, idx.size, p=_HTTP_WEIGHTS / 100)]


def epoch_integers(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Moments of the run's history (up to its now: base/clock.py) as integers since 1970,
    in the unit the name says (a `*_date` as YYYYMMDD); a column too narrow for them (a
    smallint) gets small ones."""
    lo, hi = spec.window
    n = idx.size
    lo_us, hi_us = int(lo.astype(np.int64)), int(hi.astype(np.int64))
    us = lo_us + (rng.random(n) * (hi_us - lo_us)).astype(np.int64)
    norm = normalise(spec.name)
    if norm.endswith("_date"):  # a day as a number: YYYYMMDD (`first_release_date`)
        day = us.astype("datetime64[us]").astype("datetime64[D]").astype(str)
        return np.char.replace(day, "-", "").astype(np.int64)
    words = set(norm.split("_"))
    per = next((unit for names, unit in _EPOCH_UNITS if words & names), 1_000_000)
    values = us * -per if per < 0 else us // per
    bounds = spec.info.bounds()
    if bounds is not None and values.size and values.max() > bounds[1]:
        return rng.integers(0, 1000, n, dtype=np.int64)
    return values.astype(np.int64)


GENERATORS: tuple[Generator, ...] = (
    Generator(
        "rating",
        NUMBER,
        synonyms=("rating", "stars", "star_rating", "review_rating"),
        natural=NaturalRange(1, 5, "high"),
    ),
    Generator(
        "score",
        NUMBER,
        synonyms=("score", "points", "grade_points"),
        natural=NaturalRange(0, 100, "centre"),
    ),
    Generator(
        "priority",
        INT,
        synonyms=("priority", "severity", "urgency"),
        natural=NaturalRange(1, 5),
    ),
    Generator(
        "year",
        INT,
        synonyms=("year", "yr", "model_year", "birth_year", "fiscal_year"),
        patterns=(NamePattern(r"_(year|yr)$", 8),),
        natural=NaturalRange(1990, 2025),
    ),
    Generator("month", INT, synonyms=("month", "birth_month"), natural=NaturalRange(1, 12)),
    Generator(
        "day_of_week",
        INT,
        synonyms=("day_of_week", "weekday", "dow"),
        natural=NaturalRange(0, 6),
    ),
    Generator(
        "hour",
        INT,
        synonyms=("hour", "hour_of_day"),
        patterns=(NamePattern(r"(^|_)hour(_(utc|local|gmt|of_day))?$", 8),),
        natural=NaturalRange(0, 23),
    ),
    Generator(
        "duration",
        INT,
        synonyms=(
            "duration",
            "duration_seconds",
            "duration_minutes",
            "duration_ms",
            "elapsed",
            "runtime",
            "length_minutes",
        ),
        natural=NaturalRange(1, 600, "small"),
    ),
    # the time a person spent on a piece of work, in minutes (a revision's, a ticket's, a
    # repair's `time_spent_minutes`): five minutes to a working day, most of it short
    Generator(
        "time_spent",
        INT,
        synonyms=("time_spent", "minutes_spent", "mins_spent", "spent_minutes", "effort_minutes"),
        patterns=(
            NamePattern(r"^(time_spent|effort|time_worked|handling_time)_(min|mins|minutes)$", 9),
        ),
        natural=NaturalRange(5, 480, "small"),
    ),
    Generator(
        "rental_days",
        INT,
        synonyms=("rental_duration", "rental_days", "rental_period", "loan_days", "loan_period"),
        natural=NaturalRange(3, 7),
    ),
    Generator(
        "rental_rate",
        DECIMAL,
        synonyms=("rental_rate", "rental_price", "rental_fee"),
        natural=NaturalRange(0.99, 4.99, "shelf"),
    ),
    Generator(
        "replacement_cost",
        DECIMAL,
        synonyms=("replacement_cost", "replacement_price", "replacement_value"),
        natural=NaturalRange(9.99, 29.99, "shelf"),
    ),
    Generator(
        "flag",
        INT,
        synonyms=(
            "discontinued",
            "active",
            "is_active",
            "enabled",
            "disabled",
            "visible",
            "published",
            "verified",
            "archived",
            "deleted",
            "is_deleted",
            "del",
            "flag",
            "moderated",
            "locked",
            "hidden",
            "pinned",
            "sticky",
            "featured",
            "approved",
            "confirmed",
            "merged",
            "blocked",
            "banned",
            "muted",
            "starred",
            "readonly",
            "read_only",
            "is_default",
            "required",
            "mandatory",
            "system",
        ),
        patterns=(
            NamePattern(r"^(is|has|can|should|allow|allows|show|need|needs)_", 9),
            NamePattern(r"_(flag|yn|bool|enabled|disabled)$|^(flag|enabled|disabled)_", 9),
        ),
        natural=NaturalRange(0, 1),
    ),
    Generator(
        "small_code",
        INT,
        synonyms=SMALL_CODE_WORDS,
        natural=NaturalRange(0, 6, "small"),
    ),
    Generator(
        "http_status",
        INT,
        synonyms=(
            "http_status",
            "status_code",
            "http_code",
            "response_code",
            "http_status_code",
            "response_status",
        ),
        integers=http_statuses,
    ),
    Generator(
        "level_number",
        INT,
        synonyms=("level", "depth", "tier", "hierarchy_level", "nesting_level", "hierarchylevel"),
        natural=NaturalRange(1, 8, "small"),
    ),
    Generator("sex_code", INT, synonyms=("gender", "sex"), natural=NaturalRange(0, 2)),
    Generator(
        "minute",
        INT,
        synonyms=("minute", "minutes_of_hour", "minute_of_hour"),
        natural=NaturalRange(0, 59),
    ),
    Generator(
        "epoch",
        INT,
        patterns=tuple(NamePattern(p, 15) for p in EPOCH_PATTERNS),
        integers=epoch_integers,
    ),
    Generator(
        "position",
        INT,
        synonyms=(
            "position",
            "sort_order",
            "display_order",
            "ordinal",
            "rank",
            "seq",
            "sequence_number",
            "sort",
        ),
        natural=NaturalRange(1, 100, "small"),
    ),
    Generator(
        "per_day",
        INT,
        patterns=(NamePattern(PER_DAY, 3),),
        natural=NaturalRange(1, 6, "small"),
    ),
    # events counted in one row of a game, a test or a performance (a side's goals, a test's
    # faults, a concert's errors, a player's assists): a few, mostly none to two, never the
    # integer's range
    Generator(
        "event_count",
        INT,
        synonyms=EVENT_WORDS,
        patterns=(NamePattern(rf"(^|_)({'|'.join(EVENT_WORDS)}){_SIDE}$", 5),),
        natural=NaturalRange(0, 6, "few"),
    ),
    # cards shown to a side or a player in a match (a yellow, a red, a sending-off): none
    # mostly, one or two now and then
    Generator(
        "card_count",
        INT,
        synonyms=CARD_WORDS,
        patterns=(NamePattern(r"(^|_)(yellow|green|white|blue)_cards?$|(^|_)cards$", 5),),
        natural=NaturalRange(0, 4, "few"),
    ),
    # a sending-off: one in some twenty rows at most
    Generator(
        "dismissal_count",
        INT,
        synonyms=("red_cards", "reds", "sendings_off", "ejections", "dismissals"),
        patterns=(NamePattern(r"(^|_)red_cards?$", 5),),
        natural=NaturalRange(0, 1, "rare"),
    ),
    # attempts of play counted in a match (shots, tackles, corners, rebounds): a dozen or so
    Generator(
        "play_count",
        INT,
        synonyms=PLAY_WORDS,
        patterns=(NamePattern(rf"(^|_)({'|'.join(PLAY_WORDS)}){_SIDE}$", 5),),
        natural=NaturalRange(0, 24, "few"),
    ),
    # tries at one thing (a test sat a second time, a delivery tried again): one mostly,
    # a few at most
    Generator(
        "attempt_count",
        INT,
        synonyms=("attempts", "tries", "retries", "attempt_count", "retry_count"),
        patterns=(NamePattern(r"(^|_)(attempts|retries|tries)$", 4),),
        natural=NaturalRange(1, 6, "few"),
    ),
    Generator(
        "count",
        named_kinds=INT,
        synonyms=("failures", "counter"),
        patterns=(
            NamePattern(r"^(num|n|number_of|count_of|total)_\w+|_(count|num|cnt)$", 4),
            NamePattern(r"_(counter|failures)$|^(failed|retry)_", 4),
        ),
        natural=NaturalRange(0, 40, "small"),
    ),
)
