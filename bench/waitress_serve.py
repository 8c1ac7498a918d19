"""waitress for bench/load.py, in as many processes as gunicorn's workers: one listening socket
on 127.0.0.1, bound here, then ``--workers`` forked processes that each import the app and serve
that socket with waitress (waitress itself is one process with a thread pool).

    python bench/waitress_serve.py --port 8000 --workers 2 --threads 4 wsgi:app

Settings for the attacks of ``bench/attacks.py``: connections are polled (``select`` stops at 1,024 file
descriptors), up to 5,000 at once per process, and one silent for 10 s is closed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import socket
import sys


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("app")
    args = parser.parse_args()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(2048)
    children = []
    for _ in range(args.workers):
        pid = os.fork()
        if pid == 0:
            serve(listener, args.app, args.threads)
            os._exit(0)
        children.append(pid)

    def stop(signum: int, frame: object) -> None:
        for pid in children:
            os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for pid in children:
        os.waitpid(pid, 0)


def serve(listener: socket.socket, target: str, threads: int) -> None:
    import waitress

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    sys.path.insert(0, os.getcwd())
    module, name = target.split(":")
    app = getattr(importlib.import_module(module), name)
    waitress.serve(app, sockets=[listener], threads=threads, connection_limit=5000,
                   asyncore_use_poll=True, channel_timeout=10, backlog=2048, ident=None,
                   _quiet=True)


if __name__ == "__main__":
    main()
