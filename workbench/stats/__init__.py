"""Optimizer statistics as input to the plan: PostgreSQL 18's `pg_dump --statistics` calls
(`pg_restore_relation_stats`, `pg_restore_attribute_stats`) read as text, never executed.

parse: the calls → `Statistics`; load: which files hold them for a project; shape: what the
plan and the value generators take from them; privacy: personal columns, scrub; query: the
script that writes the same calls on servers older than 18."""
