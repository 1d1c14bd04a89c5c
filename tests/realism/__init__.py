"""The realism suite: domain schemas of our own, each with rules a domain reviewer would state
and no constraint states, measured on generated sandboxes (docs/testing.md#the-realism-suite)."""
