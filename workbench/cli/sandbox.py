"""Commands for the sandbox itself: up, down, status, doctor, env and the embedded server."""

from __future__ import annotations

import argparse
import sys

from workbench.access.identity import SANDBOX_ID_FILE, adopt_sandbox_id
from workbench.cli.base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Result,
    command,
    engine_for,
    require_yes,
    yes_flag,
)
from workbench.cli.text import (
    doctor_text,
    export_line,
    server_text,
    status_text,
    trust_text,
)
from workbench.config.file import fallback_config, load_config
from workbench.errors import ConfigError, UsageError
from workbench.printable import printable
from workbench.redact import redact


@command("up", "start the embedded cluster if needed and create the sandbox database")
def cmd_up(args: argparse.Namespace) -> Result:
    status = engine_for(args).up().to_dict()
    return Result(status, status_text(status))


@command("down", "drop the sandbox database", yes_flag)
def cmd_down(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    require_yes(args, f"This drops the sandbox database {engine.config.sandbox.name!r}.")
    dropped = engine.down()
    text = "sandbox database dropped" if dropped else "sandbox database did not exist"
    return Result({"dropped": dropped}, text)


@command("status", "show the sandbox: target, server, database")
def cmd_status(args: argparse.Namespace) -> Result:
    status = engine_for(args).status().to_dict()
    return Result(status, status_text(status))


@command("doctor", "read-only health checks, each pass/warn/fail with a fix")
def cmd_doctor(args: argparse.Namespace) -> Result:
    checks = engine_for(args).doctor()
    failed = any(c["status"] == "fail" for c in checks)
    return Result(
        {"checks": checks, "ok": not failed},
        doctor_text(checks),
        EXIT_PROBLEMS if failed else EXIT_OK,
    )


@command("env", "print the sandbox URL for the application under test (export DATABASE_URL=…)")
def cmd_env(args: argparse.Namespace) -> Result:
    engine = engine_for(args)
    engine.ensure_server()
    info = engine.database_url()
    if info.get("from_env"):
        text = f'export DATABASE_URL="${{{info["from_env"]}}}"'
    else:
        text = export_line("DATABASE_URL", info["database_url"])
        if info.get("url_note"):
            text = f"# {info['url_note']}\n{text}"
    return Result(info, text)


def _server_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("start", "stop", "status", "rebuild"))
    yes_flag(parser)


@command("server", "start, stop, inspect or rebuild the embedded PostgreSQL cluster", _server_setup)
def cmd_server(args: argparse.Namespace) -> Result:
    try:
        engine = engine_for(args)
    except ConfigError as err:
        if args.action not in ("stop", "status"):
            raise
        return _server_without_config(args, err)
    if not engine.embedded:
        raise UsageError(
            'sandbox.toml does not use the embedded cluster (sandbox.dsn is not "embedded"), '
            "so there is no server for the workbench to manage."
        )
    server = engine.server
    if args.action == "start":
        server.start()
    elif args.action == "stop":
        server.stop()
    elif args.action == "rebuild":
        engine.require("reset", "workbench server rebuild")
        require_yes(
            args,
            "This deletes the sandbox's embedded cluster (every database in it, the snapshot "
            "included) and makes a new one with the binaries chosen now.",
        )
        server.rebuild()
        engine.up()
    status = server.status()
    return Result(status, server_text(status))


def _server_without_config(args: argparse.Namespace, err: ConfigError) -> Result:
    """`server stop` / `server status` with a sandbox.toml that cannot be read: the cluster
    the workbench started is stopped (or shown) from what .workbench/server.json records, so
    a broken file never keeps a server running (attack28)."""
    # here, not at the top: the server module brings psycopg, which `--help` must not load
    from workbench.server.cluster import EmbeddedServer

    config = fallback_config(getattr(args, "config", None))
    server = EmbeddedServer(config)
    if not server.initialized:
        raise err
    note = (
        f"{err} The embedded cluster in {config.state_dir} was {args.action}ped "
        if args.action == "stop"
        else f"{err} The embedded cluster in {config.state_dir} is shown "
    ) + "from what .workbench/server.json records."
    print(printable(redact(f"workbench: warning: {note}")), file=sys.stderr)
    if args.action == "stop":
        server.stop()
    status = {**server.status(), "config_error": str(err)}
    return Result(status, server_text(status))


def _trust_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--forget", action="store_true", help="remove this checkout's record instead"
    )


@command(
    "trust",
    "trust this checkout's sandbox.toml choices that run or read outside it "
    "([server] bindir, run_as, files outside the checkout), recorded for your user",
    _trust_setup,
)
def cmd_trust(args: argparse.Namespace) -> Result:
    # No engine: building one is what refuses an untrusted choice. Imported here, as
    # engine_for imports the engine: trust reads DSNs with psycopg, which `--help` and the
    # parser must not load (test_help_does_not_import_heavy_modules).
    from workbench.trust import checkout as trust

    config = load_config(getattr(args, "config", None))
    if args.forget:
        forgotten = trust.forget(config)
        data = {"checkout": str(config.root.resolve()), "forgotten": forgotten}
        return Result(data, f"{data['checkout']}: {'forgotten' if forgotten else 'not trusted'}")
    record = trust.trust(config)
    # An id in .workbench/sandbox_id the workbench did not write here is kept by trusting
    # the checkout (its refusal says so): signed now as this user's (attack22d D13).
    adopted = adopt_sandbox_id(config)
    record = {**record, "adopted_sandbox_id": adopted}
    text = trust_text(record, trust.store_path())
    if adopted:
        text += (
            f"\nadopted sandbox id {adopted} from {config.state_dir / SANDBOX_ID_FILE}: "
            "the workbench now acts on the sandbox marked with it"
        )
    return Result(record, text)
