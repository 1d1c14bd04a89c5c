"""An authority taking back what it granted: a permit, a licence, a certificate or a
registration revoked, rescinded, withdrawn by its issuer, struck off, a driver disqualified, a
deposit forfeited. A sanction is an exception, not an ordinary failure: building authorities,
licensing boards and registrars take back well under 1 % of what they granted (a share below
vocab/outcomes.FAILED_EACH, which an ordinary failure such as an expiry takes)."""

from __future__ import annotations

from workbench.generate.base.names import normalise

SANCTIONS = frozenset({"revoked", "rescinded", "struck_off", "disqualified", "forfeited",
                       "debarred", "deregistered", "delisted", "confiscated", "banned",
                       "blacklisted", "repealed", "quashed"})  # fmt: skip
SANCTION_SHARE = 0.008


def sanction(label: str) -> bool:
    """Whether a label says an authority took back what it granted (SANCTIONS), the whole
    label or its last word (`licence_revoked`)."""
    words = normalise(label).split("_")
    return "_".join(words) in SANCTIONS or words[-1] in SANCTIONS
