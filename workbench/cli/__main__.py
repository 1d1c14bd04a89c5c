"""`python -m workbench.cli`: the same as the `workbench` command."""

from workbench.cli.main import entry_point

entry_point()
