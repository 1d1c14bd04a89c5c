"""Masked seeds: a human-controlled export of real rows imported into the sandbox through each
column's recorded decision, masked before anything reaches the server, scanned before it is
kept.

- `source`: where the seed is (refused when Git would track it), its hash, and its rows read
  as COPY text in Python (a custom dump through the cluster's own `pg_restore -f -`, a plain
  data dump, or a folder of CSV files), never restored into a database first;
- `policy`: each seed column's decision (keep, mask, fake, null; drop a table) from
  sandbox.toml's classification, and the columns with none;
- `key`, `maskers`, `mask`: the keyed, deterministic, format-preserving masking;
- `scan`: what still looks like personal data after masking;
- `importer`: the operation, which loads the masked rows and generates the rest.
"""
