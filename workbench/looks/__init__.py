"""The read-only looks a front end asks the `Engine` for, grouped by what they read: the
sandbox's rows as the user reads them (`rows`) and as a model does (`agent`: masked again),
the TUI's SQL prompt and its history (`prompt`), a column's distributions (`distributions`).
`Engine.rows`, `.agent_rows`, `.prompt` and `.distributions` hand one out over the engine's
current context; nothing here writes to the sandbox."""
