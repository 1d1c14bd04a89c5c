"""The run's clock: one `now` for a whole generation, so that histories end at it and statuses
agree with it (what is scheduled lies ahead, what is open started recently, what is done is
past). `[generate] now` pins it (the same seed then gives the same rows on any day); else it is
the minute the run started, UTC (what is under way straddles it: a reviewer's now() minutes
later still finds it under way, which the hour rounded down would not). Times are drawn within
`HISTORY` before it."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from workbench.config.file import Config
from workbench.schema import memo

# how far back a history goes (six and a half years: a business's recent past)
HISTORY = np.timedelta64(2373, "D")
# a timetable of operations (what was planned and what happened: flights, trains, surgeries,
# delivery rounds) is a busy operation's recent past: a sandbox's rows of it span about a year
OPERATIONS = np.timedelta64(366, "D")


@memo.by_identity
def run_now(config: Config) -> np.datetime64:
    """The run's `now` (microseconds, UTC, naive), the same for every table of the run."""
    pinned = config.generate.now
    if pinned:
        moment = datetime.fromisoformat(pinned.replace("Z", "+00:00"))
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
    else:
        moment = datetime.now(UTC).replace(tzinfo=None, second=0, microsecond=0)
    return np.datetime64(moment, "us")


def window(
    config: Config, history: np.timedelta64 = HISTORY
) -> tuple[np.datetime64, np.datetime64]:
    """Where the run's times are drawn: `history` (HISTORY) up to now."""
    now = run_now(config)
    return now - history.astype("timedelta64[us]"), now
