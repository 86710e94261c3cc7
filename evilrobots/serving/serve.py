"""Run the app under gunicorn, the production server: ``evilrobots --port 8000``.

gunicorn's gevent workers: each worker process serves thousands of connections at once, so a
table's live event streams (one per open phone and board) cost a greenlet and a socket each,
not a thread of a small pool. The machine's cores are used by several such processes.

Every flag has an environment variable, for containers and service managers. Logs (access
and errors) go to standard output.
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import signal
from collections.abc import Sequence
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication
from werkzeug.middleware.proxy_fix import ProxyFix

from ..factory import create_app
from ..web.address import public_url
from . import collector


def default_workers() -> int:
    """One gevent worker per core keeps the cores busy (each is an event loop: it serves its
    other connections while one waits on the network), and one more takes up the slack
    while another is held up (rendering a page, or waiting its turn to write to SQLite).
    More would only share the same cores, and each worker that holds one of a table's live
    pages reads the table back at every change: every extra worker adds to each change's
    cost."""
    return (os.cpu_count() or 1) + 1


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    env = os.environ.get
    parser = argparse.ArgumentParser(
        prog="evilrobots", description="Serve the Evil Robots companion with gunicorn."
    )
    parser.add_argument(
        "--host",
        # Phones on the players' network must reach it, so all interfaces by default.
        default=env("EVILROBOTS_HOST", "0.0.0.0"),  # nosec B104
        help="address to listen on (EVILROBOTS_HOST, default 0.0.0.0)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=int(env("EVILROBOTS_PORT", "8000")),
        help="port (EVILROBOTS_PORT, default 8000)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=int(env("EVILROBOTS_WORKERS", str(default_workers()))),
        help="worker processes (EVILROBOTS_WORKERS, default cores + 1)",
    )
    parser.add_argument(
        "--connections",
        type=int,
        default=int(env("EVILROBOTS_CONNECTIONS", "5000")),
        help="open connections per worker, live streams included "
        "(EVILROBOTS_CONNECTIONS, default 5000)",
    )
    parser.add_argument(
        "--store",
        default=env("EVILROBOTS_STORE") or None,
        help="where tables live: redis://HOST:PORT/DB, or SQLite in the instance folder "
        "when not given (EVILROBOTS_STORE)",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        default=env("EVILROBOTS_BEHIND_PROXY", "") not in ("", "0", "false"),
        help="trust one proxy's X-Forwarded-* headers (EVILROBOTS_BEHIND_PROXY)",
    )
    parser.add_argument(
        "--limits",
        default=env("EVILROBOTS_LIMITS", "on"),
        help="the limits per client address: on, off, or a whole number to raise them by "
        "(EVILROBOTS_LIMITS, default on; off for a load test from one address)",
    )
    parser.add_argument(
        "--public-url",
        default=env("EVILROBOTS_PUBLIC_URL") or None,
        help="the address players open, as https://HOST[:PORT], for the links they copy and "
        "scan (EVILROBOTS_PUBLIC_URL; by default, the address each request came to)",
    )
    parser.add_argument(
        "--secure-cookies",
        action="store_true",
        default=env("EVILROBOTS_SECURE_COOKIES", "") not in ("", "0", "false"),
        help="send the session cookie over HTTPS only "
        "(EVILROBOTS_SECURE_COOKIES; set it when served over HTTPS)",
    )
    args = parser.parse_args(argv)
    try:  # said at once, not by each worker as it boots
        args.public_url = public_url(args.public_url)
    except ValueError as error:
        parser.error(str(error))
    return args


_STDOUT = {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"}
LOG_TO_STDOUT: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s [%(process)d] [%(levelname)s] %(message)s"},
        "access": {"format": "%(message)s"},
    },
    "handlers": {
        "stdout": _STDOUT,
        "access": _STDOUT | {"formatter": "access"},
    },
    "root": {"level": "INFO", "handlers": ["stdout"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["stdout"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
    },
}


def build_app(args: argparse.Namespace) -> Flask:
    """The app as the flags configure it."""
    settings: dict[str, Any] = {
        "STORE": args.store,
        "LIMITS": args.limits,
        "PUBLIC_URL": args.public_url,
    }
    if args.secure_cookies:
        settings["SESSION_COOKIE_SECURE"] = True
    app = create_app(settings=settings)
    if args.behind_proxy:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    return app


class Server(BaseApplication):
    """gunicorn, configured from our flags instead of its own command line.

    Each worker builds its own app after it has forked (and after gevent has patched the
    standard library), so no connection or thread is shared across processes.
    """

    def __init__(self, args: argparse.Namespace, options: dict[str, Any]) -> None:
        self.args = args
        self.options = options
        self.apps: list[Flask] = []
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # a setting this gunicorn knows
                self.cfg.set(key, value)

    def load(self) -> Any:
        app = build_app(self.args)
        self.apps.append(app)
        return app

    @functools.cached_property
    def application(self) -> Flask:
        """The app as a worker would build it, for inspection (the server never uses this)."""
        return build_app(self.args)


def stop_if_asked_while_booting(arbiter: Any, worker: Any) -> None:
    """Until gunicorn sets up a new worker's signals, the worker has the arbiter's, which
    only queue a signal for a process that is no longer this one: a stop asked for while a
    worker boots (a deploy just after a start) would be lost, and the server would wait out
    its graceful timeout. Mark the worker as stopping instead; its run loop then ends."""

    def handle_exit(sig: int, frame: Any) -> None:
        worker.alive = False

    signal.signal(signal.SIGTERM, handle_exit)


def close_streams_when_stopping(worker: Any) -> None:
    """When a worker is asked to stop (a deploy, a restart), end its live streams at once.

    Browsers then reconnect, to another worker or instance, and catch up; without this the
    worker would wait out its graceful timeout on streams that never end by themselves.
    """
    stop = worker.handle_exit

    def handle_exit(sig: int, frame: Any) -> None:
        stop(sig, frame)
        for app in worker.app.apps:
            app.extensions["evilrobots.store"].hub.close()

    signal.signal(signal.SIGTERM, handle_exit)


def set_up_worker(worker: Any) -> None:
    """A worker is ready: end its streams when it is asked to stop, and keep the garbage
    collector's pauses short while it serves them."""
    close_streams_when_stopping(worker)
    collector.keep_pauses_short()


def build(args: argparse.Namespace) -> Server:
    return Server(
        args,
        {
            "bind": f"{args.host}:{args.port}",
            "workers": args.workers,
            "worker_class": "gevent",
            "worker_connections": args.connections,
            "accesslog": "-",
            "logconfig_dict": LOG_TO_STDOUT,
            "proc_name": "evilrobots",
            "forwarded_allow_ips": "*" if args.behind_proxy else "127.0.0.1",
            "post_fork": stop_if_asked_while_booting,
            "post_worker_init": set_up_worker,
            # No control socket: it is one path per user, which two instances would share.
            "control_socket_disable": True,
        },
    )


def raise_open_file_limit() -> int:
    """Allow as many open files as the system lets this process have: each live stream is
    a socket. Returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return soft
    return hard


def main(argv: Sequence[str] | None = None) -> None:
    raise_open_file_limit()
    build(parse_args(argv)).run()


if __name__ == "__main__":
    main()
