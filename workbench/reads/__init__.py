"""Read-only looks at the sandbox: rows, samples, queries, classify, charts, metrics, what the
MCP tools withhold."""
