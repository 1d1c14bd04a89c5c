"""sandbox.toml as read: loading and validating it (editing it: workbench/edit/)."""
