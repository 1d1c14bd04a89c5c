"""The PostgreSQL server binaries: where they come from, which may run and as whom, made
runnable by the server's user."""
