"""``bench/load.py --servers``: WSGI servers side by side in one run.

For each server: the bare Flask hello at 8 connections (the floor is the fastest hello of the
run), then Companion's rows (state, 304, 204, share page, write) at 8 and 64 connections, then
the three attacks, each held while a probe asks for the game every 250 ms on a fresh
connection. Every server gets the same 2 processes, 127.0.0.1 and a free port, no access log.

    servers      how each is started
    gevent       gunicorn, 2 gevent workers, 1,000 connections each (gunicorn.conf.py before the hardened worker)
    gthread      gunicorn, 2 gthread workers x --threads threads
    sync         gunicorn, 2 sync workers
    granian      granian --interface wsgi --workers 2 (its defaults)
    granian-bp   the same, with room for 4,096 requests and connections a worker (--backpressure)
    waitress     waitress in 2 processes on one socket (bench/waitress_serve.py), --threads each
    companion    gunicorn with the project's gunicorn.conf.py (what scripts/start serves)
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import attacks
from harness import (
    BIN,
    ROOT,
    Result,
    Server,
    Target,
    app_env,
    migrate,
    new_game,
    prepare,
    start,
    stop,
    write_script,
    wrk,
)

KINDS = ("gevent", "gthread", "sync", "granian", "granian-bp", "waitress", "companion")


def server_command(kind: str, app: str, port: int, workers: int, threads: int) -> list[str]:
    """How ``kind`` serves ``app`` (``module:name``, from the working folder) on 127.0.0.1:port."""
    gunicorn = [str(BIN / "gunicorn"), "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    bench = ROOT / "bench"
    if kind in ("gevent", "gthread", "sync"):
        return [*gunicorn, "--config", str(bench / "gunicorn_bench.py"), "--worker-class", kind,
                "--threads", str(threads), "--worker-connections", "1000", app]
    if kind == "companion":
        return [*gunicorn, "--config", str(bench / "gunicorn_chosen.py"), app]
    if kind.startswith("granian"):
        extra = ["--backlog", "4096", "--backpressure", "4096"] if kind == "granian-bp" else []
        return [str(BIN / "granian"), "--interface", "wsgi", "--host", "127.0.0.1", "--port",
                str(port), "--workers", str(workers), "--no-access-log", "--log-level", "warning",
                *extra, app]
    if kind == "waitress":
        return [sys.executable, str(bench / "waitress_serve.py"), "--port", str(port),
                "--workers", str(workers), "--threads", str(threads), app]
    raise SystemExit(f"unknown server {kind!r}: one of {', '.join(KINDS)}")


@dataclass
class Attack:
    probes: attacks.Probes
    note: str  # what the attack itself saw (connections closed by the server, answers, …)


@dataclass
class Measured:
    kind: str
    hello: Result | None = None
    rows: dict[str, Result] = field(default_factory=dict)  # "state c8", "write c64", …
    attacks: dict[str, Attack] = field(default_factory=dict)


ROWS = ("304", "204", "state", "page", "write")
#: Ratio of the floor (the fastest bare Flask at 8 connections) each row must reach.
RATIOS = {"304": 0.60, "204": 0.60, "state": 0.55, "page": 0.45, "write": 0.20}
P99 = {8: 50.0, 64: 250.0}  # milliseconds
PROBES_ANSWERED = 0.95


@dataclass
class Running:
    kind: str
    hello: Server
    app: Server
    target: Target
    many: Path  # the write script of the 64-connection run


def launch(kind: str, args: argparse.Namespace, work: Path) -> Running:
    def command(app: str) -> Callable[[int], list[str]]:
        return lambda port: server_command(kind, app, port, args.workers, args.threads)

    hello = start(f"hello-{kind}", ROOT / "bench", "hello:app", {"COMPANION_INSTANCE": str(work)},
                  args.workers, args.threads, command=command("hello:app"))
    instance = work / kind
    instance.mkdir()
    env = app_env(instance)
    migrate(ROOT, env)
    try:
        app = start(kind, ROOT, "wsgi:app", env, args.workers, args.threads, "/api/v1/rulesets",
                    command=command("wsgi:app"))
    except BaseException:
        stop(hello)
        raise
    try:
        target = prepare(app, work, args.games, args.wrk_threads, False)
        many = prepare_writes(app, work, target.writes, args.games, args.wrk_threads)
    except BaseException:
        stop(hello)
        stop(app)
        raise
    return Running(kind, hello, app, target, many)


def requests(running: Running, row: str, connections: int) -> dict[str, Any]:
    """The wrk arguments of a row."""
    target, url = running.target, running.app.url
    state = f"{url}/api/v1/games/{target.game_id}"
    if row == "304":
        return {"url": state, "headers": (f'If-None-Match: W/"{target.game_id}-{target.version}"',)}
    if row == "204":
        return {"url": f"{url}/g/{target.game_id}/live?v={target.version}"}
    if row == "state":
        return {"url": state}
    if row == "page":
        return {"url": f"{url}/g/{target.game_id}"}
    return {"url": url + "/", "script": target.script if connections == 8 else running.many}


def measure_all(runnings: list[Running], args: argparse.Namespace) -> list[Measured]:
    """Row by row, every server in turn: the servers' figures for a row are taken within
    seconds of each other, so what else the machine is doing moves them alike."""
    measured = {r.kind: Measured(r.kind) for r in runnings}
    for r in runnings if args.attacks_only else []:
        stop(r.hello)
    for r in [] if args.attacks_only else runnings:  # the first pages of a worker compile the templates
        wrk(**requests(r, "page", 8), duration=1, connections=8, threads=args.wrk_threads)
    for r in [] if args.attacks_only else runnings:
        measured[r.kind].hello = wrk(r.hello.url + "/", args.duration, 8, args.wrk_threads)
    for connections in () if args.attacks_only else (8, 64):
        for row in ROWS:
            for r in runnings:
                measured[r.kind].rows[f"{row} c{connections}"] = wrk(
                    **requests(r, row, connections), duration=args.duration,
                    connections=connections, threads=args.wrk_threads)
        print(f"  (rows at {connections} connections measured, load average "
              f"{os.getloadavg()[0]:.1f})")
        sys.stdout.flush()
    for r in runnings:
        stop(r.hello)  # idle, but the attacks should have the machine to themselves
    for r in runnings:
        port = int(r.app.url.rsplit(":", 1)[1])
        measured[r.kind].attacks = attack_rows(port, f"/api/v1/games/{r.target.game_id}", args)
        stop(r.app)  # what an attack left behind (granian's threads) must not weigh on the next
        print(f"  ({r.kind} attacked, load average {os.getloadavg()[0]:.1f})")
        sys.stdout.flush()
    return list(measured.values())


def prepare_writes(server: Server, work: Path, writes: list[tuple[str, dict[str, Any]]],
                   games: int, threads: int) -> Path:
    """A second write script on fresh games (the 64-connection run must not reuse the games
    of the 8-connection one: their versions moved on)."""
    fresh = [new_game(server)[:2] for _ in range(games)]
    script = work / f"writes-{server.name}-64.lua"
    write_script(script, fresh, writes, threads)
    return script


def attack_rows(port: int, path: str, args: argparse.Namespace) -> dict[str, Attack]:
    rows: dict[str, Attack] = {}
    hold = args.hold
    with attacks.holding_stalled_bodies(port, args.stalled) as stalled:
        time.sleep(1)  # held from here: the server has had a second to take them all up
        probes = attacks.probe(port, path, hold)
        rows["stalled"] = Attack(probes, f"{stalled.opened} opened, {stalled.refused} refused, "
                                          f"{stalled.closed_by_server()} closed by the server "
                                          f"after {hold:.0f} s")
    time.sleep(1)
    with attacks.pipelining(port, path, args.pipelines, args.pipelined) as pipelined:
        probes = attacks.probe(port, path, hold)
        time.sleep(0.2)
        rows["pipelining"] = Attack(probes, f"{pipelined.answered:,} of {pipelined.sent:,} answered"
                                            f" in {hold:.0f} s")
    time.sleep(1)
    with attacks.slow_uploads(port, args.slow, pause=0.1) as slow:
        probes = attacks.probe(port, path, hold)
        rows["slow uploads"] = Attack(probes, f"{slow.answered} answered, {slow.cut} cut, of "
                                              f"{slow.started} started")
    time.sleep(1)
    return rows


def report(results: list[Measured]) -> None:
    hellos = [(m.kind, m.hello.rps) for m in results if m.hello]
    floor_kind, floor = max(hellos, key=lambda pair: pair[1]) if hellos else ("", 0.0)
    if hellos:
        print(f"\nfloor: bare Flask at 8 connections, fastest on {floor_kind}: {floor:,.0f} req/s "
              f"(load average {os.getloadavg()[0]:.1f})")
    for m in results:
        if m.hello:
            print(f"\n{m.kind}: hello {m.hello.rps:,.0f} req/s, p50 {m.hello.p50:.2f} ms, "
                  f"p99 {m.hello.p99:.2f} ms")
        else:
            print(f"\n{m.kind}: attacks only")
        print(f"  {'row':<14} {'req/s':>8} {'ratio':>6} {'goal':>5} {'p50 ms':>8} {'p99 ms':>8}"
              f" {'goal':>5}  met  errors")
        for name, r in m.rows.items():
            row, connections = name.split(" c")
            goal_p99 = P99[int(connections)]
            ratio = r.rps / floor
            met = r.p99 <= goal_p99 and (connections != "8" or ratio >= RATIOS[row])
            if connections == "8":
                ratio_text, goal_text = f"{ratio:.2f}", f"{RATIOS[row]:.2f}"
            else:
                ratio_text, goal_text = f"{ratio:.2f}", ""
            print(f"  {name:<14} {r.rps:>8,.0f} {ratio_text:>6} {goal_text:>5} {r.p50:>8.2f}"
                  f" {r.p99:>8.1f} {goal_p99:>5.0f}  {'yes' if met else 'NO ':<4} {r.errors or ''}")
        for name, a in m.attacks.items():
            p = a.probes
            worst = "no answer" if p.worst is None else f"worst {p.worst * 1000:.0f} ms"
            met = p.share >= PROBES_ANSWERED
            print(f"  {name:<14} probes {p.answered}/{p.sent} within 1 s ({p.share:.0%}, {worst})"
                  f"  {'yes' if met else 'NO '}  [{a.note}]")
    sys.stdout.flush()


def main(args: argparse.Namespace) -> None:
    kinds = [k.strip() for k in args.servers.split(",") if k.strip()]
    for kind in kinds:
        server_command(kind, "x:app", 1, 1, 1)  # refuse an unknown name before starting anything
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk)")
    # Every stalled connection is a file descriptor here and in the server (which inherits it).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = args.stalled * 2 + 4096
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, want) if hard > 0 else want, hard))
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())};"
          f" {args.workers} processes each; wrk -t{args.wrk_threads} -d{args.duration}s at 8 and 64"
          f" connections; attacks held {args.hold:.0f} s: {args.stalled:,} stalled bodies,"
          f" {args.pipelines} x {args.pipelined:,} pipelined, {args.slow} slow uploads; loopback only")
    sys.stdout.flush()
    # Stopped from outside: still stop every server started (each is its own process group).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = Path(tempfile.mkdtemp(prefix="companion-bench-servers-"))
    runnings: list[Running] = []
    try:
        for kind in kinds:
            runnings.append(launch(kind, args, work))
        print(f"  (servers started and games played, load average {os.getloadavg()[0]:.1f})")
        results = measure_all(runnings, args)
    finally:
        for r in runnings:
            stop(r.hello)
            stop(r.app)
        shutil.rmtree(work, ignore_errors=True)
    report(results)


def options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--servers", help=f"compare these servers ({','.join(KINDS)} or a few)")
    parser.add_argument("--hold", type=float, default=5.0, help="seconds each attack is held")
    parser.add_argument("--stalled", type=int, default=2100, help="stalled-body connections")
    parser.add_argument("--pipelines", type=int, default=4, help="pipelining connections")
    parser.add_argument("--pipelined", type=int, default=5000, help="requests each pipelines")
    parser.add_argument("--slow", type=int, default=100, help="slow uploads at once")
    parser.add_argument("--attacks-only", action="store_true", help="no throughput rows")
