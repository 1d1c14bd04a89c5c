"""The ground floor of generation: the batch types, the SQL-tree helpers, stable hashing and
the key-space helpers, sorted-key lookups and memoisation. Imports nothing of generation."""
