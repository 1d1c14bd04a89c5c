"""The embedded PostgreSQL cluster: started on demand, its host side, its state file, what it
cannot hold."""
