"""A column's settings as typed into a form (the TUI's edit dialog): `a, b, c` or
`a=0.7, b=0.3`, `low, high`, a null fraction. Parsed here, in the engine, so every front end
reads them alike; a mistake is a sentence (`the weight of paid is 'x': expected a number such
as 0.25`), never Python's own wording. Whether the values fit the column is value_domain's
question, asked when the edit is checked."""

from __future__ import annotations

import math
from typing import Any

from workbench.edit.toml import FORM_KEYS


class FormError(ValueError):
    """A field that cannot be read; str() is the sentence to show."""


def _scalar(text: str, kind: str) -> Any:
    """A typed value stored as TOML would read it: numbers and booleans bare, the rest text.
    A value that does not read as the column's type stays text, for value_domain to name."""
    if kind == "int":
        try:
            return int(text)
        except ValueError:
            return text
    if kind in ("decimal", "money", "float"):
        try:
            number = float(text)
        except ValueError:
            return text
        return number if math.isfinite(number) else text
    if kind == "bool" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def _number(text: str) -> int | float | None:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def parse_values(text: str, kind: str = "text") -> dict[str, float] | list[Any] | None:
    """`a=0.6, b=0.4` → weights; `a, b, c` → values of the column's `kind`; blank → None."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        return None
    if not any("=" in p for p in parts):
        return [_scalar(p, kind) for p in parts]
    weights: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = (s.strip() for s in part.partition("="))
        if not sep:
            raise FormError(
                f"{key} has no weight: write every value as value=weight (a=0.7, b=0.3), or none."
            )
        if not key:
            raise FormError(f"{part} has no value before the '='.")
        if key in weights:
            raise FormError(f"{key} is given twice.")
        weight = _number(raw)
        if weight is None or weight < 0:
            raise FormError(f"the weight of {key} is {raw!r}: expected a number ≥ 0 such as 0.25.")
        weights[key] = weight
    if sum(weights.values()) <= 0:
        raise FormError("the weights add up to 0: at least one must be greater than 0.")
    return weights


def parse_range(text: str, kind: str = "text") -> list[Any] | None:
    """`low, high` → [low, high] of the column's kind; blank → None."""
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        return None
    if len(parts) != 2 or not all(parts):
        raise FormError(f"a range is two bounds, low, high (such as 1, 50); got {text.strip()!r}.")
    return [_scalar(p, kind) for p in parts]


def parse_fraction(text: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    number = _number(text)
    if number is None or not 0 <= number <= 1:
        raise FormError(
            f"the null fraction is {text!r}: expected a number from 0 to 1, such as 0.1."
        )
    return float(number)


def form_changes(
    generator: str | None, values: str, bounds: str, nulls: str, kind: str = "text"
) -> dict[str, Any]:
    """The form's keys as an edit's changes: each set, or None (removed from the file)."""
    changes: dict[str, Any] = dict.fromkeys(FORM_KEYS)
    changes["generator"] = generator or None
    changes["values"] = parse_values(values, kind)
    changes["range"] = parse_range(bounds, kind)
    changes["null_fraction"] = parse_fraction(nulls)
    return changes


def weights_note(weights: dict[str, Any]) -> str | None:
    """How weights that do not add up to 1 are used, said rather than rescaled in silence."""
    total = sum(float(w) for w in weights.values())
    if math.isclose(total, 1.0, abs_tol=1e-9) or total <= 0:
        return None
    return (
        f"The weights add up to {total:g}, not 1: each value is drawn with its weight's share "
        f"of {total:g}."
    )


def form_text(value: Any) -> str:
    """A stored `values` or `range` as the form shows it (the inverse of the parsers)."""
    if isinstance(value, dict):
        return ", ".join(f"{k}={_number_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in value)
    return "" if value is None else str(value)


def _number_text(value: Any) -> str:
    """A weight written back exactly as stored (3.0 as 3, 0.1234567 in full)."""
    number = float(value)
    return str(int(number)) if number.is_integer() and abs(number) < 1e15 else repr(number)


def ignored_note(changes: dict[str, Any]) -> str | None:
    """Values a chosen generator does not read are said, not dropped in silence."""
    generator = changes.get("generator")
    if changes.get("values") is not None and generator not in (None, "choice", "constant"):
        return (
            f"The {generator} generator does not read values: they are drawn by choice "
            "(the default when values are given) and constant."
        )
    return None
