"""Where the rows go: COPY into the sandbox (copy.py) with the parents' totals after it,
CSV files, previews of a column, and the row rules `classify` shows per column."""
