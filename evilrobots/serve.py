"""Run the app under gunicorn, the production server: ``evilrobots --port 8000``.

Every flag has an environment variable, for containers and service managers. Logs (access
and errors) go to standard output.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import Any

from gunicorn.app.base import BaseApplication
from werkzeug.middleware.proxy_fix import ProxyFix

from . import create_app


def default_workers() -> int:
    return 2 * (os.cpu_count() or 1) + 1


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
        help="worker processes (EVILROBOTS_WORKERS, default 2 x cores + 1)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=int(env("EVILROBOTS_THREADS", "4")),
        help="threads per worker (EVILROBOTS_THREADS, default 4)",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        default=env("EVILROBOTS_BEHIND_PROXY", "") not in ("", "0", "false"),
        help="trust one proxy's X-Forwarded-* headers (EVILROBOTS_BEHIND_PROXY)",
    )
    parser.add_argument(
        "--secure-cookies",
        action="store_true",
        default=env("EVILROBOTS_SECURE_COOKIES", "") not in ("", "0", "false"),
        help="send the session cookie over HTTPS only "
        "(EVILROBOTS_SECURE_COOKIES; set it when served over HTTPS)",
    )
    return parser.parse_args(argv)


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


class Server(BaseApplication):
    """gunicorn, configured from our flags instead of its own command line."""

    def __init__(self, application: Any, options: dict[str, Any]) -> None:
        self.application = application
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return self.application


def build(args: argparse.Namespace) -> Server:
    app = create_app()
    if args.secure_cookies:
        app.config["SESSION_COOKIE_SECURE"] = True
    wsgi = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1) if args.behind_proxy else None
    if wsgi is not None:
        app.wsgi_app = wsgi  # type: ignore[method-assign]
    return Server(
        app,
        {
            "bind": f"{args.host}:{args.port}",
            "workers": args.workers,
            "threads": args.threads,
            "worker_class": "gthread",
            "accesslog": "-",
            "logconfig_dict": LOG_TO_STDOUT,
            "proc_name": "evilrobots",
            "forwarded_allow_ips": "*" if args.behind_proxy else "127.0.0.1",
        },
    )


def main(argv: Sequence[str] | None = None) -> None:
    build(parse_args(argv)).run()


if __name__ == "__main__":
    main()
