"""Every connection through the guard; the sandbox's roles, its advisory lock, a run's lease,
the read-only statement check."""
