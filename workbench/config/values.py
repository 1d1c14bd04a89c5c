"""What each value of sandbox.toml may be: a checker per kind of value, returning the cleaned
value or raising ValueError with what was expected (file.py names the file and the key)."""

from __future__ import annotations

import difflib
import math
import pwd
import re
from datetime import datetime
from typing import Any

from workbench.redact import dsn_problem

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_$]{0,62}$")
_LIFETIME = re.compile(r"^\s*(\d+)\s*([smhdw])\s*$")
_LIFETIME_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
MAX_LIFETIME_DAYS = 3660  # ten years


def duration_seconds(value: str) -> int:
    """Seconds in a duration such as "90s", "12h", "7d" or "2w" (at most ten years);
    ValueError, saying what is expected, for anything else."""
    expected = f'a duration such as "90s", "12h", "7d" or "2w", of at most {MAX_LIFETIME_DAYS} days'
    match = _LIFETIME.match(value) if isinstance(value, str) and len(value) < 40 else None
    if match is None:
        raise ValueError(expected)
    seconds = int(match.group(1)) * _LIFETIME_SECONDS[match.group(2)]
    if seconds > MAX_LIFETIME_DAYS * 86400:
        # a lease's expiry is a date: a thousand centuries would fail after the work was done
        raise ValueError(expected)
    return seconds


def integer(minimum: int | None = None, maximum: int | None = None):
    def check(value: Any) -> int:
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
            # `1e3` is a float to TOML: say how to write it as an integer
            raise ValueError(f"an integer (write {int(value)}: TOML reads a '.' or 'e' as a float)")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("an integer")
        if minimum is not None and value < minimum:
            raise ValueError(f"an integer ≥ {minimum}")
        if maximum is not None and value > maximum:
            raise ValueError(f"an integer ≤ {maximum}")
        return value

    return check


def fraction(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError("a number between 0 and 1")
    return float(value)


def scale(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1000:
        raise ValueError("a number greater than 0 (sandbox rows per production row, e.g. 0.01)")
    return float(value)


def instant(value: Any) -> str:
    """A date or timestamp in ISO form (TOML's own dates too), UTC unless it says otherwise."""
    expected = 'a date or time, such as "2026-06-30" or "2026-06-30T12:00:00Z"'
    text = value.isoformat() if hasattr(value, "isoformat") else value
    if not isinstance(text, str):
        raise ValueError(expected)
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(expected) from None
    return text


def dsn(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(
            'a string: "embedded", a libpq key=value string or a postgresql:// URL (a list or '
            "a table is not read)"
        )
    if value != "embedded":
        problem = dsn_problem(value)
        if problem is not None:
            raise ValueError(f"a valid connection string ({problem})")
    return value


def nonempty_string(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("a non-empty string")
    return value


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def identifier(value: Any) -> str:
    if not isinstance(value, str) or not _IDENTIFIER.match(value):
        raise ValueError("a database name: letters, digits and _ , starting with a letter or _")
    if value.startswith("pg_"):
        # The sandbox's roles are named after it, and PostgreSQL reserves role names that
        # start with pg_ (CREATE ROLE refuses them).
        raise ValueError(
            "a database name: letters, digits and _ , starting with a letter or _, and not "
            "with pg_ (PostgreSQL reserves it for its own roles)"
        )
    return value


def env_name(value: Any) -> str:
    if not isinstance(value, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", value):
        raise ValueError("the name of an environment variable, such as SANDBOX_DSN")
    return value


def string_list(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError("a list of non-empty strings")
    return list(value)


def lifetime(value: Any) -> str:
    if duration_seconds(value) < 1:
        raise ValueError('a duration of at least one second, such as "90s" or "2h"')
    return value


def bindir(value: Any) -> str:
    words = ("wheel", "system")
    if not isinstance(value, str) or not value.strip():
        raise ValueError('"wheel", "system" or the folder holding initdb, pg_ctl and postgres')
    if "/" not in value and value not in words and (hint := did_you_mean(value, words)):
        # A bare word one letter off a setting word is a typo, not a folder named so.
        raise ValueError(f'"wheel", "system" or a folder{hint}')
    return value


def unprivileged_user(value: Any) -> str:
    """`[server] run_as`: a user name, never root's (uid 0)."""
    name = nonempty_string(value)
    try:
        superuser = name == "root" or pwd.getpwnam(name).pw_uid == 0
    except KeyError:
        superuser = False  # a user of another machine: said when the server starts
    if superuser:
        raise ValueError(
            "an unprivileged user (PostgreSQL refuses to run as root, and the workbench runs "
            "nothing of a source's binaries as root)"
        )
    return name


def icu(value: Any) -> str:
    if value != "libc":
        raise ValueError(
            '"libc", which lets schema.sql\'s ICU collations become the nearest libc or builtin '
            "collation on a server built without ICU, each named with what changes (leave the "
            "key out to require a server with ICU)"
        )
    return value


def skew(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 1:
        raise ValueError("a number greater than 1 (the Zipf exponent)")
    return float(value)


def weighted_values(value: Any) -> dict[str, float] | list[Any]:
    if isinstance(value, list) and value:
        return list(value)
    if isinstance(value, dict) and value:
        for key, weight in value.items():
            number = not isinstance(weight, bool) and isinstance(weight, (int, float))
            if not number or not math.isfinite(weight) or weight < 0:
                raise ValueError(f"weights that are numbers ≥ 0 (not {key} = {weight!r})")
        if not 0 < sum(value.values()) < math.inf:
            raise ValueError("weights whose sum is greater than 0")
        return {str(k): float(w) for k, w in value.items()}
    raise ValueError("a non-empty list of values or a table of weights such as {a = 0.9, b = 0.1}")


def one_of(choices: tuple[str, ...]):
    def check(value: Any) -> str:
        if value not in choices:
            hint = did_you_mean(value, choices) if isinstance(value, str) else ""
            raise ValueError(f"one of {', '.join(choices)}{hint}")
        return str(value)

    return check


def value_range(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("a list of two bounds, [low, high]")
    low, high = value
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    if not numbers and (type(low) is not type(high) or isinstance(low, (dict, list, bool))):
        raise ValueError("two numbers, dates or times of the same type")
    if low > high:
        raise ValueError("[low, high] with low ≤ high")
    return list(value)


def params(value: Any) -> dict[str, Any]:
    """A generator's parameters: a table of strings, numbers, booleans or lists of them."""
    scalar = (str, int, float, bool)
    if not isinstance(value, dict) or not all(
        isinstance(v, scalar) or (isinstance(v, list) and all(isinstance(x, scalar) for x in v))
        for v in value.values()
    ):
        raise ValueError(
            'a table of generator parameters such as {pattern = "^[A-Z]{3}$"} (strings, '
            "numbers, booleans or lists of them)"
        )
    return dict(value)


def did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def spelled(value: Any) -> str:
    """A value of sandbox.toml as TOML writes it, for an error to echo (`true`, not Python's
    `True`; `1e3` comes back as `1000.0`, TOML's own spelling of the float the file holds)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("-inf" if value < 0 else "inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        shown = repr(value)  # 'text' is a TOML literal string when repr needs no escape
        if shown.startswith("'") and "\\" not in shown:
            return shown
        return '"' + "".join(_basic(c) for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(spelled(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {spelled(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def _basic(c: str) -> str:
    escapes = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
    if c in escapes:
        return escapes[c]
    return f"\\u{ord(c):04X}" if ord(c) < 0x20 or ord(c) == 0x7F else c


def _key(key: Any) -> str:
    text = str(key)
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else spelled(text)
