"""What runs leave under .workbench/: the evidence log, the lease, a generation's progress, the
git revision."""
