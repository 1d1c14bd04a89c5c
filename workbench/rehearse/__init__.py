"""Rehearsing a migration before production does (`workbench rehearse`, `workbench explain`).

clone: the throwaway database and the role a rehearsal works as; source: the migration files
and the project's pending ones; measure: what a statement did, read from the server; apply:
running them statement by statement; findings: what the measurements mean, with the safe
rewrite; report: text and Markdown; rehearsal: the operation itself."""
