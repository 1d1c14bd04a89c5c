"""Constraints that every kept row holds: CHECKs repaired in place or judged by the server
(check_repair, oracle) and keys unique by construction or verified per batch (unique/)."""
