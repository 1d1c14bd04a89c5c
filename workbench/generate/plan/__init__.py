"""The plan: which tables get rows, how many and in which order (tables), what their keys
allow (keys, domains, capacity), what statistics shape (stats_specs), what sandbox.toml asks
that the schema refuses (config_check, pattern_sizes), the estimate, every column's decision as
classify shows it, and the personal-data policy."""
