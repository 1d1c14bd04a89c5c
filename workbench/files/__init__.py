"""Writing under .workbench/ and the user's folder safely: atomic state files, folders no
symlink redirects, the per-user secret."""
