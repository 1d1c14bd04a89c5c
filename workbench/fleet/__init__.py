"""Runs: many isolated copies of the sandbox's snapshot at once, their roles, clones and garbage
collection."""
