"""Folders and files the workbench writes where someone else may have put a symlink first:
under `.workbench/` (a cloned repository may carry `.workbench/roles.lock -> ~/.bashrc` or
`.workbench/pg -> /etc`), and under /tmp and /var/tmp, where any local user can take a name
before us.

Nothing here follows a symlink. A folder is made with mkdir (which never follows one), then
opened with O_NOFOLLOW | O_DIRECTORY and checked through that descriptor: a folder, owned by
this process's user (or by the one it was given to), writable by nobody else. Only then is it
chowned or chmodded, through the same descriptor. A file is opened with O_NOFOLLOW (O_EXCL
where it must be new) and checked the same way. What fails a check is refused with a
paragraph naming the path; it is never followed, chowned or removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import pwd
import stat
import subprocess
import threading
from pathlib import Path
from typing import TextIO

from workbench.errors import WorkbenchError
from workbench.programs import run_git

STATE_DIR_NAME = ".workbench"
# `.workbench/.gitignore`: git ignores the folder (passfiles, seed.key, the cluster's data),
# as .pytest_cache and .venv do for theirs; the file ignores itself too.
STATE_GITIGNORE = "# made by sandbox-workbench: nothing here belongs in git\n*\n"


class UnsafePath(WorkbenchError):
    """A path the workbench would write through is a symlink, or someone else's."""

    exit_code = 3
    title = "unsafe path"


def _refuse(path: Path, problem: str) -> UnsafePath:
    return UnsafePath(
        f"{path} {problem}, so the workbench will not write there: a symlink or a folder "
        "someone else made (a cloned repository can carry one under .workbench/, and any "
        "local user can make one under /tmp or /var/tmp) would send its files, or its "
        "chown, elsewhere. Remove it (check first what it is: ls -la), then run the "
        "command again."
    )


def _owner_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def private_dir(
    path: Path,
    *,
    owner: tuple[int, int] | None = None,
    mode: int | None = None,
    shared_ok: bool = False,
) -> Path:
    """`path` as a real folder: made when missing, else checked. `owner` (uid, gid) is given
    it (a folder the server's user writes to); it may already be that owner's or this
    process's user's. `mode` is set when given (else a new folder gets the umask's). A
    symlink, a file, a folder of another user or one anybody may write to (unless
    `shared_ok`: /tmp itself) is refused."""
    me = os.geteuid()
    want = owner[0] if owner is not None else me
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o777 if mode is None else mode)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as err:
        if err.errno in (errno.ELOOP, errno.ENOTDIR):
            raise _refuse(path, "is a symlink or not a folder") from None
        raise
    try:
        st = os.fstat(fd)
        if st.st_uid not in (me, want):
            raise _refuse(path, f"belongs to {_owner_name(st.st_uid)}")
        if not shared_ok and st.st_mode & stat.S_IWOTH:
            raise _refuse(path, "is writable by anybody")
        if owner is not None and (st.st_uid, st.st_gid) != owner:
            os.fchown(fd, *owner)
        if mode is not None and stat.S_IMODE(st.st_mode) != mode:
            os.fchmod(fd, mode)
    finally:
        os.close(fd)
    return path


def state_root(path: Path) -> Path | None:
    """The `.workbench` folder `path` lies in (None: a path of the user's own, such as
    sandbox.toml or a report they named)."""
    for parent in (path, *path.parents):
        if parent.name == STATE_DIR_NAME:
            return parent
    return None


def _is_ours(target: Path) -> bool:
    """Whether `target` is a regular file (not a link) holding exactly STATE_GITIGNORE."""
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return False  # absent, a symlink, unreadable
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return os.read(fd, len(STATE_GITIGNORE) + 1) == STATE_GITIGNORE.encode()
    finally:
        os.close(fd)


def ignore_in_git(root: Path) -> None:
    """`root/.gitignore` holding `*`, written whole (a new name renamed over the old one,
    never written through a symlink) whenever it is not exactly the workbench's: `.workbench/`
    is the workbench's folder, and a `.gitignore` a repository committed there with other
    content (`# keep everything`) would let `git add -A` take the passfiles, the signed state
    and the cluster's data (attack22e E31)."""
    target = root / ".gitignore"
    if _is_ours(target):
        return
    temp = root / f".gitignore.{os.getpid()}.{threading.get_ident()}.tmp"  # per thread too
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)  # one an interrupted run left
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        os.write(fd, STATE_GITIGNORE.encode())
    finally:
        os.close(fd)
    try:
        os.replace(temp, target)  # replaces a link itself, never its target
    except IsADirectoryError:
        raise _refuse(target, "is a folder, which keeps git from ignoring .workbench/") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


# The `.workbench` folders (resolved) found to hold no file the repository tracks.
_UNTRACKED: set[Path] = set()


def refuse_tracked_state(root: Path) -> None:
    """UnsafePath when the repository tracks files in the `.workbench` folder `root` (its
    `.gitignore` aside): a `.gitignore` does not apply to tracked files, so a repository that
    commits `.workbench/pgpass` has `git commit -a` or `git add -A` take the workbench's own
    the moment it writes over it (attack22e E31). Asked once per process, of the machine's
    git (programs.run_git); no git, or no repository, is nothing tracked."""
    try:
        real = root.resolve()
    except (OSError, RuntimeError):
        real = root.absolute()
    if real in _UNTRACKED:
        return
    try:
        done = run_git(root.parent, "ls-files", "-z", "--", root.name)
    except (OSError, subprocess.SubprocessError):
        _UNTRACKED.add(real)  # no git: nothing it could commit
        return
    tracked = [
        name for name in done.stdout.split("\0") if name and name != f"{root.name}/.gitignore"
    ]
    if done.returncode == 0 and tracked:
        shown = ", ".join(tracked[:5]) + (
            f" and {len(tracked) - 5} more" if len(tracked) > 5 else ""
        )
        raise UnsafePath(
            f"The repository tracks files in {root} ({shown}), the workbench's own folder: "
            "git's ignore rules do not apply to tracked files, so once the workbench wrote its "
            "passfiles, signed state or cluster there, `git commit -a` or `git add -A` would "
            "take them. Nothing was written. Stop tracking them (`git -C "
            f"{root.parent} rm -r --cached {root.name}` and commit), then run the command again."
        )
    _UNTRACKED.add(real)  # nothing tracked, or not in a repository


def ensure_parent(path: Path) -> None:
    """The folder `path` goes into, made and checked level by level from `.workbench` down
    when it lies there (each level a real folder of this user); a path of the user's own
    gets its folders made as usual."""
    root = state_root(path.parent)
    if root is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    root.parent.mkdir(parents=True, exist_ok=True)  # the checkout: the user's own
    private_dir(root)
    refuse_tracked_state(root)
    ignore_in_git(root)
    current = root
    for part in path.parent.relative_to(root).parts:
        current = current / part
        private_dir(current)


def open_file(path: Path, flags: int, mode: int = 0o600) -> int:
    """A descriptor of `path` opened without following a symlink (its folder checked as
    `ensure_parent` does): a regular file of this user's, or refused."""
    ensure_parent(path)
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise _refuse(path, "is a symlink") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_nlink > 1:
        os.close(fd)
        problem = (
            "is not a regular file"
            if not stat.S_ISREG(st.st_mode)
            else "is not yours"
            if st.st_uid != os.geteuid()
            else "has other names (a hard link)"
        )
        raise _refuse(path, problem)
    if stat.S_IMODE(st.st_mode) & ~mode:
        os.fchmod(fd, stat.S_IMODE(st.st_mode) & mode)  # an older, wider mode narrowed
    return fd


def output_dir(path: Path) -> Path:
    """A folder named for output (generate --csv DIR): made when missing; refused when the
    name is a symlink (a checkout may carry `out -> /root`) or not a folder."""
    path.mkdir(parents=True, exist_ok=True)
    if not is_real_dir(path):
        raise _refuse(path, "is a symlink or not a folder")
    return path


def open_for_writing(path: Path, mode: int = 0o644) -> TextIO:
    """`path` opened to write text in place of what it held, never through a symlink: a new
    file, or a regular file of this user's with no other name (checked before it is
    emptied; a FIFO is refused rather than waited on)."""
    try:
        fd = open_file(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, mode)
    except OSError as err:
        if err.errno == errno.ENXIO:  # a FIFO nobody reads
            raise _refuse(path, "is not a regular file") from None
        raise
    try:
        os.set_blocking(fd, True)
        os.ftruncate(fd, 0)
        return os.fdopen(fd, "w", newline="", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def lock_file(path: Path) -> int:
    """A lock file's descriptor (for fcntl.flock), created when missing."""
    return open_file(path, os.O_WRONLY | os.O_CREAT, 0o600)


def is_real_dir(path: Path) -> bool:
    """A folder that is not a symlink (checked without following one)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def real_path(path: Path, *, named: int = 1) -> tuple[Path, list[tuple[Path, Path, bool]]]:
    """The real path `path` names, walked one component at a time from the working folder
    (or /) as the kernel would, and every symlink crossed on the way, any component, not
    only the last: (the link, as a real folder's entry, the real path it leads to, and
    whether it is one of the last `named` components: the file or folder named itself, and
    with `named=2` the folder it is in). Components that do not exist yet are kept as
    named; nothing is created."""
    current = Path("/") if path.is_absolute() else Path(os.getcwd())
    links: list[tuple[Path, Path, bool]] = []
    parts = [
        p for p in (path.parts[1:] if path.is_absolute() else path.parts) if p not in ("", ".")
    ]
    for index, part in enumerate(parts):
        if part == "..":
            current = current.parent
            continue
        candidate = current / part
        try:
            is_link = stat.S_ISLNK(os.lstat(candidate).st_mode)
        except OSError:
            is_link = False
        if is_link:
            current = Path(os.path.realpath(candidate))
            links.append((candidate, current, index >= len(parts) - named))
        else:
            current = candidate
    return current, links
