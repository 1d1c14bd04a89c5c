"""What a label column holds when nothing declares its values: a column whose last word names
a kind of label (`kind`, `role`, `channel`, `source`, `level`…) holds a few lower_snake tokens,
one common and the rest rarer, never sentences; a text column whose last word is a unit of
count or time (`estimated_minutes`, `actual_hours`) holds digits; a text column named as a
machine's address (`remote_address`, `peer_addr`) holds an IP. Words only, tested per word of
the name: any schema whose columns follow English naming reads the same."""

from __future__ import annotations

from workbench.generate.vocab.lexicon import words_of

# the label words an integer column codes as a small number (generators/quantities.py)
SMALL_CODE_WORDS: tuple[str, ...] = (
    "type", "kind", "state", "status", "mode", "category", "class", "direction", "method",
    "source", "stage", "phase", "role", "visibility", "scope", "origin", "reason", "result",
    "outcome", "severity_code", "type_code", "state_code",
)  # fmt: skip

_KINDS = ("standard", "general", "custom", "internal", "external", "special", "other")
_LEVELS = ("medium", "low", "high", "critical", "none")
# a label word -> its tokens, the most common first
TOKENS: dict[str, tuple[str, ...]] = {
    "type": _KINDS, "kind": _KINDS, "category": _KINDS, "class": _KINDS, "group": _KINDS,
    "variant": _KINDS, "flavour": _KINDS, "flavor": _KINDS, "subtype": _KINDS,
    "role": ("member", "viewer", "editor", "admin", "owner", "guest"),
    "status": ("active", "pending", "closed", "cancelled", "on_hold"),
    "state": ("active", "pending", "closed", "cancelled", "on_hold"),
    "stage": ("new", "in_progress", "review", "done", "blocked"),
    "phase": ("planning", "in_progress", "review", "done"),
    "channel": ("email", "web", "phone", "chat", "sms", "in_person"),
    "source": ("web", "manual", "api", "import", "mobile", "partner"),
    "origin": ("web", "manual", "api", "import", "mobile", "partner"),
    "method": ("manual", "automatic", "online", "card", "bank_transfer", "cash"),
    "mode": ("auto", "manual", "online", "offline", "test"),
    "level": _LEVELS, "severity": _LEVELS, "priority": _LEVELS, "urgency": _LEVELS,
    "risk": _LEVELS, "impact": _LEVELS,
    "tier": ("standard", "basic", "premium", "enterprise", "free"),
    "plan": ("standard", "basic", "premium", "enterprise", "free"),
    "format": ("pdf", "csv", "json", "html", "xml", "txt"),
    "visibility": ("private", "public", "internal", "shared"),
    "scope": ("project", "team", "personal", "global", "organisation"),
    "direction": ("inbound", "outbound"),
    "reason": ("other", "customer_request", "duplicate", "error", "expired", "policy"),
    "result": ("success", "failure", "partial", "skipped", "timeout"),
    "outcome": ("success", "failure", "partial", "skipped", "timeout"),
    "action": ("create", "update", "delete", "move", "comment", "assign"),
    "event": ("create", "update", "delete", "move", "comment", "assign"),
    "gender": ("female", "male", "other", "unknown"),
}  # fmt: skip

# the last word of a text column counting something, with the range of its usual values
COUNTS: dict[str, tuple[int, int]] = {
    "hours": (1, 40), "hrs": (1, 40), "minutes": (5, 480), "mins": (5, 480),
    "seconds": (1, 3600), "secs": (1, 3600), "days": (1, 30), "weeks": (1, 12),
    "count": (0, 50), "qty": (1, 20), "quantity": (1, 20), "points": (1, 13),
}  # fmt: skip

# a word before `address`/`addr` naming a machine's end of a connection
_MACHINE = frozenset({"remote", "peer", "host", "server", "ip", "gateway", "proxy", "bind",
                      "listen", "src", "dst", "login", "device", "node"})  # fmt: skip


def label_tokens(name: str) -> tuple[str, ...] | None:
    """The tokens of a label column named `name` (its last word a label word), else None."""
    words = words_of(name)
    return TOKENS.get(words[-1]) if words else None


def count_range(name: str) -> tuple[int, int] | None:
    """The usual range of a text column counting by its last word (`estimated_minutes`)."""
    words = words_of(name)
    return COUNTS.get(words[-1]) if words else None


def machine_address(name: str) -> bool:
    """Whether `name` is a machine's address (`remote_address`, `peer_addr`), not a street."""
    words = words_of(name)
    return len(words) >= 2 and words[-1] in ("address", "addr") and words[-2] in _MACHINE
