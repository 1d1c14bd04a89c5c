"""One table's rows: the row assembler (assembler.py) with its column specs, which makes each
batch and has its collaborators fill keys, apply rules and hold constraints; and the plan-time
check that builds each table's assembler to refuse a bad declared rule before a load."""
