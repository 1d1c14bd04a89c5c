"""PostgreSQL text forms the CHECK evaluator reads: intervals, array literals, bytea, booleans,
and POSIX regular expressions translated to Python's `re`.

Every reader raises `ValueError` on a form it does not know, so the evaluator can hand the
expression to the server instead of guessing."""

from __future__ import annotations

import functools
import re

import numpy as np

_US = {
    "microsecond": 1,
    "millisecond": 1_000,
    "second": 1_000_000,
    "minute": 60_000_000,
    "hour": 3_600_000_000,
    "day": 86_400_000_000,
    "week": 7 * 86_400_000_000,
}
_MONTHS = {"month": 1, "year": 12, "decade": 120, "century": 1200, "millennium": 12000}
_UNIT_ALIASES = {
    "us": "microsecond",
    "usec": "microsecond",
    "usecs": "microsecond",
    "ms": "millisecond",
    "msec": "millisecond",
    "msecs": "millisecond",
    "s": "second",
    "sec": "second",
    "secs": "second",
    "m": "minute",
    "min": "minute",
    "mins": "minute",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "d": "day",
    "w": "week",
    "mon": "month",
    "mons": "month",
    "y": "year",
    "yr": "year",
    "yrs": "year",
    "centuries": "century",
    "millennia": "millennium",
}
DAY_US = 86_400_000_000
MONTH_US = 30 * DAY_US  # interval comparison counts a month as 30 days, as PostgreSQL does


def format_interval(us: int) -> str:
    """Microseconds as an interval literal PostgreSQL reads back exactly ('2 days 01:30:00')."""
    sign = "-" if us < 0 else ""
    days, rest = divmod(abs(int(us)), DAY_US)
    secs, micro = divmod(rest, 1_000_000)
    clock = f"{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}"
    clock += f".{micro:06d}" if micro else ""
    return f"{sign}{days} days {sign}{clock}" if days else f"{sign}{clock}"


_TOKEN = re.compile(
    r"\s*([+-]?\d+(?:\.\d+)?)\s*([a-z]+)|\s*([+-]?\d+:\d+(?::\d+(?:\.\d+)?)?)", re.I
)


@functools.lru_cache(maxsize=65536)
def parse_interval(text: str) -> tuple[int, int]:
    """(months, microseconds) of an interval in PostgreSQL's postgres or verbose style."""
    s = text.strip().lower()
    if s.startswith("@"):
        s = s[1:]
    ago = s.endswith(" ago")
    if ago:
        s = s[:-4]
    months = 0
    micros = 0
    pos = 0
    s = s.strip()
    if not s:
        raise ValueError(text)
    while pos < len(s):
        m = _TOKEN.match(s, pos)
        if m is None:
            if s[pos:].strip() == "":
                break
            raise ValueError(text)
        pos = m.end()
        if m.group(3):
            clock = m.group(3)
            sign = -1 if clock.startswith("-") else 1
            parts = clock.lstrip("+-").split(":")
            h, mi = int(parts[0]), int(parts[1])
            sec = float(parts[2]) if len(parts) > 2 else 0.0
            micros += sign * (h * 3_600_000_000 + mi * 60_000_000 + round(sec * 1_000_000))
            continue
        number, unit = float(m.group(1)), m.group(2)
        unit = _UNIT_ALIASES.get(unit, unit)
        unit = unit[:-1] if unit.endswith("s") and unit[:-1] in {**_US, **_MONTHS} else unit
        if unit in _MONTHS:
            whole = number * _MONTHS[unit]
            months += int(whole)
            micros += round((whole - int(whole)) * 30 * DAY_US)
        elif unit in _US:
            micros += round(number * _US[unit])
        else:
            raise ValueError(text)
    if ago:
        months, micros = -months, -micros
    return months, micros


def interval_us(text: str) -> int:
    """An interval as microseconds with 30-day months: PostgreSQL's ordering of intervals."""
    months, micros = parse_interval(text)
    return months * MONTH_US + micros


def parse_bool(text: str) -> bool:
    t = text.strip().lower()
    if t in ("t", "true", "y", "yes", "on", "1"):
        return True
    if t in ("f", "false", "n", "no", "off", "0"):
        return False
    raise ValueError(text)


@functools.lru_cache(maxsize=65536)
def parse_array(text: str) -> tuple[str | None, ...]:
    """The elements of a one-dimensional array literal ('{a,"b c",NULL}'), as text."""
    s = text.strip()
    if s.startswith("["):  # explicit bounds: '[0:1]={…}'
        s = s.split("=", 1)[1].strip()
    if not (s.startswith("{") and s.endswith("}")):
        raise ValueError(text)
    body = s[1:-1]
    out: list[str | None] = []
    i = 0
    if not body.strip():
        return ()
    while i <= len(body):
        while i < len(body) and body[i] == " ":
            i += 1
        if i < len(body) and body[i] == "{":
            raise ValueError("multidimensional array")
        if i < len(body) and body[i] == '"':
            i += 1
            buf = []
            while i < len(body) and body[i] != '"':
                if body[i] == "\\":
                    i += 1
                buf.append(body[i])
                i += 1
            i += 1
            out.append("".join(buf))
        else:
            j = i
            buf = []
            while j < len(body) and body[j] != ",":
                if body[j] == "\\":
                    j += 1
                buf.append(body[j])
                j += 1
            item = "".join(buf).strip()
            out.append(None if item.upper() == "NULL" else item)
            i = j
        while i < len(body) and body[i] == " ":
            i += 1
        if i < len(body) and body[i] != ",":
            raise ValueError(text)
        i += 1
    return tuple(out)


def bytea_octets(text: str) -> int:
    """Bytes in a bytea given in hex ('\\x0a1b') or escape form."""
    if text.startswith("\\x"):
        return (len(text) - 2) // 2
    count = 0
    i = 0
    while i < len(text):
        if text[i] == "\\":
            i += 2 if text[i + 1 : i + 2] == "\\" else 4
            count += 1
        else:
            count += len(text[i].encode())
            i += 1
    return count


# --- regular expressions ------------------------------------------------------------------

_CLASSES = {
    "alpha": "a-zA-Z",
    "digit": "0-9",
    "alnum": "a-zA-Z0-9",
    "upper": "A-Z",
    "lower": "a-z",
    "space": r" \t\n\r\f\v",
    "blank": r" \t",
    "punct": r"!-/:-@\[-`{-~",
    "xdigit": "0-9A-Fa-f",
    "word": r"\w",
    "cntrl": r"\x00-\x1f\x7f",
    "print": r"\x20-\x7e",
    "graph": r"\x21-\x7e",
}
_ESCAPES_SAME = set("dDsSwWtnrfv\\.^$|()[]{}*+?-/'\"")


@functools.lru_cache(maxsize=4096)
def translate_regex(pattern: str) -> str:
    """A Python pattern with the meaning of a PostgreSQL advanced regular expression, for the
    constructs CHECKs use; ValueError for anything else (the server evaluates those)."""
    if pattern.startswith("***") or "(?" in pattern.replace("(?:", ""):
        raise ValueError("director or embedded options")
    out: list[str] = []
    i = 0
    in_class = False
    class_start = False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            nxt = pattern[i + 1 : i + 2]
            if not nxt:
                raise ValueError("trailing backslash")
            if in_class and nxt in "dswDSW":
                out.append("\\" + nxt)
            elif nxt == "y":
                out.append(r"\b")
            elif nxt == "Y":
                out.append(r"\B")
            elif nxt == "m":
                out.append(r"\b(?=\w)")
            elif nxt == "M":
                out.append(r"\b(?<=\w)")
            elif nxt == "A":
                out.append(r"\A")
            elif nxt == "Z":
                out.append(r"\Z")
            elif nxt in _ESCAPES_SAME or (not nxt.isalnum()) or (nxt.isdigit() and not in_class):
                out.append("\\" + nxt)
            else:
                raise ValueError(f"escape \\{nxt}")
            i += 2
            continue
        if in_class:
            if pattern.startswith("[:", i):
                end = pattern.find(":]", i + 2)
                name = pattern[i + 2 : end] if end > 0 else ""
                if name not in _CLASSES:
                    raise ValueError(f"class {name}")
                out.append(_CLASSES[name])
                i = end + 2
                class_start = False
                continue
            if pattern.startswith("[.", i) or pattern.startswith("[=", i):
                raise ValueError("collating element")
            if ch == "]" and not class_start:
                in_class = False
                out.append("]")
            elif ch == "[":
                out.append("\\[")
            else:
                out.append(ch)
            class_start = False
            i += 1
            continue
        if ch == "[":
            in_class = True
            out.append("[")
            i += 1
            if pattern[i : i + 1] == "^":
                out.append("^")
                i += 1
            class_start = True
            if pattern[i : i + 1] == "]":
                out.append("\\]")
                i += 1
                class_start = False
            continue
        if ch == "$":
            out.append(r"\Z")
        elif ch == "{" and not re.match(r"\{\d+(,\d*)?\}", pattern[i:]):
            raise ValueError("brace")
        else:
            out.append(ch)
        i += 1
    if in_class:
        raise ValueError("unterminated class")
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def compile_regex(pattern: str, icase: bool) -> re.Pattern[str]:
    translated = translate_regex(pattern)
    try:
        return re.compile(translated, re.DOTALL | (re.IGNORECASE if icase else 0))
    except re.error as err:
        raise ValueError(str(err)) from err


@functools.lru_cache(maxsize=4096)
def like_regex(pattern: str, escape: str | None = "\\") -> re.Pattern[str]:
    """LIKE's pattern as an anchored Python regex (backslash escapes by default)."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if escape and ch == escape:
            if i + 1 >= len(pattern):
                raise ValueError("LIKE pattern must not end with escape character")
            out.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        out.append(".*" if ch == "%" else "." if ch == "_" else re.escape(ch))
        i += 1
    return re.compile("".join(out) + r"\Z", re.DOTALL)


def parse_timestamp(text: str) -> np.datetime64:
    """A date or timestamp as PostgreSQL writes one (a zone offset after a time is dropped),
    in microseconds; ValueError when it is none."""
    text = text.strip()
    cleaned = text
    if re.search(r"\d[T ]\d\d:\d\d", text):
        # a zone offset follows a time only: the "-15" of "2024-05-15" is the day
        cleaned = re.sub(r"\s*([+-]\d\d(:?\d\d)?|Z)$", "", text)
    cleaned = cleaned.strip().replace(" ", "T")
    return np.datetime64(cleaned, "us")
