"""What untrusted input may choose: the connection target, a checkout's DSN and sandbox.toml
(`workbench trust`)."""
