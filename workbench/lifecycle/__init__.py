"""The operations that change the sandbox: build, reset, snapshots, undo, up and down,
migrations, the frame of a run."""
