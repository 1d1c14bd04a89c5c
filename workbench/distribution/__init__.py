"""The distribution review: planned vs actual of one column, its laws, SQL, flags, views and
report."""
