"""Edits of sandbox.toml that change only what they edit, checked before written."""
