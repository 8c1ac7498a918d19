"""Companion under load, against a bare Flask "hello" served the same way, in the same run.

Starts gunicorn on loopback for a bare Flask app (``bench/hello.py``) and for Companion (same
worker class — gevent, as gunicorn.conf.py — same workers and threads, no access log for
either), plays a finished 19-round Elevator game through the API, then loads each with ``wrk``
(Debian's package) and prints, for each goal of bench/README.md's ``load.py`` section, requests
per second, the ratio to the bare Flask app, and p50/p99 latency:

* ``state``   GET /api/v1/games/<id>
* ``304``     the same GET with If-None-Match (a watcher's poll through the API)
* ``204``     GET /g/<id>/live?v=<version> (the share page's poll)
* ``page``    GET /g/<id> (the share page, HTML)
* ``page-gz`` the same, as a browser asks for it over plain HTTP (``Accept-Encoding: gzip``)
* ``write``   POST …/bids and …/tricks, each connection playing its own games in turn

``--base DIR`` measures a second checkout too (e.g. the code before a change), in the same run.
``--postgres`` also runs on a throw-away PostgreSQL cluster: one app server, then two app server
processes on the one database loaded together, to show what scaling out adds. ``--flat`` also
compares round 1 with round 19 for state, poll and page. Everything listens on 127.0.0.1 only;
every wrk run lasts ``--duration`` seconds.

Each row also gets a second ratio, by CPU per request (``cpu``, on Linux): the CPU time the
bare Flask app's workers and wrk spent per request, over the same for the row. On a machine
shared with other work the requests per second of both apps swing from one measure to the next;
the CPU a request costs moves much less, and on a quiet machine the two ratios agree.

Run from the project's root: ``.venv/bin/python bench/load.py`` (see bench/README.md).
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import servers as side_by_side
from harness import (
    ROOT,
    WORKER_CLASS,
    Result,
    Server,
    Target,
    app_env,
    free_port,
    migrate,
    prepare,
    start,
    stop,
    wrk,
)


def paired(hello: Server, args: argparse.Namespace, url: str, server: Server | None = None,
           **options: Any) -> Result:
    """One row, right after the bare Flask app for half as long: on a busy shared machine a
    ratio means something only between measures taken close together. With ``server`` (the
    app's), the CPU each request cost is measured too, for both."""
    load = {"duration": args.duration, "connections": args.connections, "threads": args.wrk_threads}
    bare = wrk(hello.url + "/", **{**load, "duration": max(1, args.duration // 2)},
               server=hello if server else None)
    result = wrk(url, **load, **options, server=server)
    result.hello, result.hello_cpu = bare.rps, bare.cpu
    return result


def rows(hello: Server, target: Target, args: argparse.Namespace, game_id: str | None = None,
         version: int | None = None) -> dict[str, Result]:
    gid, v = game_id or target.game_id, version or target.version
    server = target.server
    url = server.url
    return {
        "state": paired(hello, args, f"{url}/api/v1/games/{gid}", server),
        "304": paired(hello, args, f"{url}/api/v1/games/{gid}", server,
                      headers=(f'If-None-Match: W/"{gid}-{v}"',)),
        "204": paired(hello, args, f"{url}/g/{gid}/live?v={v}", server),
        "page": paired(hello, args, f"{url}/g/{gid}", server),
        # What a phone at home asks for (plain HTTP: browsers offer brotli over HTTPS only).
        "page-gz": paired(hello, args, f"{url}/g/{gid}", server,
                          headers=("Accept-Encoding: gzip, deflate",)),
    }


GOALS = {"state": 0.55, "304": 0.70, "204": 0.70, "page": 0.50, "write": 0.20}


def report(title: str, results: dict[str, Result]) -> None:
    """Each row's ratio to the bare Flask app by requests per second (the issue's figure), and
    by CPU per request (``cpu``: the hello's CPU per request over this row's, the servers'
    workers and wrk counted): the second moves much less when other work shares the machine."""
    print(f"\n{title}")
    print(f"  {'what':<8} {'req/s':>9} {'hello':>7} {'ratio':>7} {'goal':>6} {'cpu':>6} {'µs/req':>7}"
          f" {'p50 ms':>8} {'p99 ms':>8}  errors")
    for name, r in results.items():
        goal = GOALS.get(name.split()[0])
        cpu = f"{r.hello_cpu / r.cpu:.2f}" if r.cpu and r.hello_cpu else ""
        print(f"  {name:<8} {r.rps:>9,.0f} {r.hello:>7,.0f} {r.rps / r.hello:>7.2f}"
              f" {'' if goal is None else f'{goal:.2f}':>6} {cpu:>6} {r.cpu or 0:>7,.0f}"
              f" {r.p50:>8.2f} {r.p99:>8.2f}  {r.errors or ''}")
    sys.stdout.flush()



@contextmanager
def postgres(work: Path) -> Iterator[str]:
    """A throw-away cluster of Debian's PostgreSQL on a loopback port (as tests/postgres does)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is not installed (apt-get install -y postgresql)")
    bin_dir = Path(found[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="companion-bench-pg-"))
    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    port = free_port()
    subprocess.run([*as_pg, str(bin_dir / "initdb"), "-D", str(root / "data"), "-U", "companion",
                    "--auth=trust", "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run([*as_pg, str(bin_dir / "pg_ctl"), "-D", str(root / "data"), "-l",
                    str(root / "log"), "-o", options, "-w", "start"], check=True, capture_output=True)
    try:
        subprocess.run([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U",
                        "companion", "companion"], check=True, capture_output=True)
        yield f"postgresql://companion@127.0.0.1:{port}/companion"
    finally:
        subprocess.run([*as_pg, str(bin_dir / "pg_ctl"), "-D", str(root / "data"), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run (default 5)")
    parser.add_argument("--connections", type=int, default=8, help="wrk -c (default 8)")
    parser.add_argument("--wrk-threads", type=int, default=2, help="wrk -t (default 2)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads (default 4)")
    parser.add_argument("--worker-class", default=WORKER_CLASS,
                        help=f"gunicorn worker class for both apps (default {WORKER_CLASS}, as gunicorn.conf.py)")
    parser.add_argument("--base", type=Path, help="another checkout to measure in the same run")
    parser.add_argument("--postgres", action="store_true", help="also on PostgreSQL, 1 and 2 servers")
    parser.add_argument("--flat", action="store_true", help="also round 1 against round 19")
    parser.add_argument("--games", type=int, default=80, help="fresh games per write run (--servers)")
    side_by_side.options(parser)
    args = parser.parse_args()
    if args.servers:
        side_by_side.main(args)
        return
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk)")
    games = max(20, args.duration * 2500 // 114)  # enough fresh games that no write is refused
    print(f"{os.cpu_count()} CPUs; gunicorn {args.workers} {args.worker_class} workers x {args.threads} threads; "
          f"wrk -t{args.wrk_threads} -c{args.connections} -d{args.duration}s; loopback only")

    work = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    hello_env = {"COMPANION_INSTANCE": str(work)}
    servers: list[Server] = []
    try:
        hello = start("hello", ROOT / "bench", "hello:app", hello_env, args.workers, args.threads,
                      worker_class=args.worker_class)
        servers.append(hello)
        checkouts = [("after", ROOT)] + ([("before", args.base.resolve())] if args.base else [])
        targets = []
        for label, cwd in checkouts:
            instance = work / label
            instance.mkdir()
            env = app_env(instance)
            migrate(cwd, env)
            server = start(label, cwd, "wsgi:app", env, args.workers, args.threads,
                           "/api/v1/rulesets", worker_class=args.worker_class)
            servers.append(server)
            targets.append((label, cwd, prepare(server, work, games, args.wrk_threads, args.flat)))

        for label, cwd, target in targets:
            results = rows(hello, target, args)
            results["write"] = paired(hello, args, target.server.url + "/", target.server,
                                      script=target.script)
            report(f"SQLite, {label} ({cwd.name})", results)
            if args.flat:
                early = rows(hello, target, args, target.early_id, target.early_version)
                late = {k: v for k, v in results.items() if k != "write"}
                print("  round 19 / round 1 cost, each against its own hello:",
                      ", ".join(f"{k} {(early[k].rps / early[k].hello) / (late[k].rps / late[k].hello):.2f}x"
                                for k in early))
                if all(r.cpu and r.hello_cpu for r in (*early.values(), *late.values())):
                    print("  the same by CPU per request:", ", ".join(
                        f"{k} {(late[k].cpu / late[k].hello_cpu) / (early[k].cpu / early[k].hello_cpu):.2f}x"
                        for k in early))
        for server in servers[1:]:
            stop(server)
        servers = servers[:1]

        if args.postgres:
            with postgres(work) as database:
                instance = work / "pg"
                instance.mkdir()
                env = app_env(instance, database)
                migrate(ROOT, env)
                one = start("pg-1", ROOT, "wsgi:app", env, args.workers, args.threads,
                            "/api/v1/rulesets", worker_class=args.worker_class)
                two = start("pg-2", ROOT, "wsgi:app", env, args.workers, args.threads,
                            "/api/v1/rulesets", worker_class=args.worker_class)
                servers += [one, two]
                target = prepare(one, work, games, args.wrk_threads, False)
                results = rows(hello, target, args)
                results["write"] = paired(hello, args, one.url + "/", one, script=target.script)
                report("PostgreSQL, one app server", results)
                # Both servers at once, half the connections each, on the same finished game.
                half = {"duration": args.duration, "connections": max(1, args.connections // 2),
                        "threads": 1}
                both: dict[str, Result] = {}
                for name, path, headers in (
                    ("state", f"/api/v1/games/{target.game_id}", ()),
                    ("304", f"/api/v1/games/{target.game_id}",
                     (f'If-None-Match: W/"{target.game_id}-{target.version}"',)),
                    ("page", f"/g/{target.game_id}", ()),
                ):
                    bare = wrk(hello.url + "/", **{**half, "connections": args.connections,
                                                   "threads": args.wrk_threads}).rps
                    both[name] = _together([s.url + path for s in (one, two)], headers, half)
                    both[name].hello = bare
                report("PostgreSQL, two app servers on one database (summed)", both)
    finally:
        for server in servers:
            stop(server)
        shutil.rmtree(work, ignore_errors=True)


def _together(urls: list[str], headers: tuple[str, ...], load: dict[str, int]) -> Result:
    """One wrk per server, started together; their rates summed, their worst latencies kept."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(urls)) as pool:
        results = list(pool.map(lambda u: wrk(u, headers=headers, **load), urls))
    return Result(sum(r.rps for r in results), max(r.p50 for r in results),
                  max(r.p99 for r in results), sum(r.errors for r in results))


if __name__ == "__main__":
    main()
