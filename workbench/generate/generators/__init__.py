"""Generators: one declaration per generator (`base.Generator`: its name, the column kinds it
fits, the names that ask for it, whether its values are about a person, how it makes a batch
of values, what a value costs), grouped in family modules (identity, address, network, finance,
commerce, content, files, credentials, demographics, vehicles, quantities, times, works, misc,
and the generators named after types in `basic`). `registry` collects them: recognition, the
`generator` names sandbox.toml takes, the value dispatch, the pools, the estimate and the
personal-data policy all read it."""
