"""`workbench doctor`: read-only checks, each pass / warn / fail with a one-line fix."""
