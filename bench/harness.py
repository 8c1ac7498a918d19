"""What the load benchmarks share (``bench/load.py``, ``bench/servers.py``): servers started on
loopback and stopped, a game played through the API, ``wrk`` runs read back with the CPU they
cost, and a Companion ready to be loaded (``prepare``).
"""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    name: str
    url: str
    process: subprocess.Popen[bytes]


WORKER_CLASS = "gevent"  # as gunicorn.conf.py serves the app; --worker-class changes it for both


def start(name: str, cwd: Path, app: str, env: dict[str, str], workers: int, threads: int,
          ready: str = "/", worker_class: str = WORKER_CLASS,
          command: Callable[[int], list[str]] | None = None) -> Server:
    """gunicorn with ``worker_class``; or ``command``, the command line of another server for
    a port (``bench/servers.py``)."""
    port = free_port()
    log = open(Path(env.get("COMPANION_INSTANCE", tempfile.gettempdir())) / f"{name}.log", "wb")
    if command:
        argv = command(port)
    else:
        argv = [str(BIN / "gunicorn"), "--config", str(ROOT / "bench" / "gunicorn_bench.py"),
                "--bind", f"127.0.0.1:{port}", "--worker-class", worker_class, "--workers",
                str(workers), "--threads", str(threads), app]
    process = subprocess.Popen(argv, cwd=cwd, env={**os.environ, "PYTHONPATH": str(cwd), **env},
                               stdout=log, stderr=log, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + ready, timeout=2).read()
            return Server(name, url, process)
        except (OSError, urllib.error.URLError) as error:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{name} did not start: see {log.name}") from error
            time.sleep(0.2)


def stop(server: Server) -> None:
    """Stop the server and its workers (its own process group)."""
    if server.process.poll() is not None:
        return
    os.killpg(server.process.pid, signal.SIGTERM)
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=15)


def call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def new_game(server: Server) -> tuple[str, str, dict[str, Any]]:
    answer = call(server.url + "/api/v1/games", "POST",
                  {"ruleset": "elevator", "players": PLAYERS, "first_dealer": 0})
    return answer["game"]["id"], answer["edit_token"], answer["game"]


def play(server: Server, game_id: str, token: str, game: dict[str, Any],
         rounds: int | None = None) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Play the game as a table does (each bid its own entry), ``rounds`` rounds or to the end;
    the writes it made, without their versions."""
    writes: list[tuple[str, dict[str, Any]]] = []
    base = f"{server.url}/api/v1/games/{game_id}"
    while game["current"] is not None and (rounds is None or len(game["rounds"]) < rounds):
        current = game["current"]
        if current["next_bidder"] is not None:
            seat = current["next_bidder"]
            bids: list[int | None] = [None] * len(PLAYERS)
            bids[seat] = current["legal_bids"][0]
            kind, fields = "bids", {"bids": bids}
        else:
            tricks = [0] * len(PLAYERS)
            tricks[current["bidding_order"][0]] = current["hand_size"]
            kind, fields = "tricks", {"tricks": tricks}
        writes.append((kind, fields))
        game = call(f"{base}/{kind}", "POST", {"version": game["version"], **fields}, token)
    return game, writes


@dataclass
class Result:
    rps: float
    p50: float  # milliseconds
    p99: float
    errors: int
    hello: float = 0.0  # the bare Flask app's req/s measured just before (the ratio's yardstick)
    #: CPU per request, in microseconds: the server's workers and wrk itself (0: not measured).
    cpu: float = 0.0
    hello_cpu: float = 0.0  # the same, for the bare Flask app measured just before


def _workers_cpu(server: Server) -> float | None:
    """CPU seconds (user and system) the server's worker processes have used so far (Linux's
    /proc; None elsewhere)."""
    try:
        master = server.process.pid
        children = []
        for task in os.listdir(f"/proc/{master}/task"):
            with open(f"/proc/{master}/task/{task}/children") as listed:
                children += listed.read().split()
        ticks = 0
        for child in children:
            with open(f"/proc/{child}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, duration: int, connections: int, threads: int, headers: tuple[str, ...] = (),
        script: Path | None = None, server: Server | None = None) -> Result:
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency",
               "--timeout", "10s"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", str(script)]
    served = _workers_cpu(server) if server else None
    spent = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True,
                         timeout=duration + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)\b", out)
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    result = Result(rps, _ms(*p50.groups()) if p50 else 0.0, _ms(*p99.groups()) if p99 else 0.0,
                    int(errors.group(1)) if errors else 0)
    done = re.search(r"(\d+) requests in", out)
    after = _workers_cpu(server) if server else None
    if served is not None and after is not None and done and int(done.group(1)):
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        wrk_cpu = (now.ru_utime + now.ru_stime) - (spent.ru_utime + spent.ru_stime)
        result.cpu = (after - served + wrk_cpu) / int(done.group(1)) * 1e6
    return result


def write_script(path: Path, games: list[tuple[str, str]], writes: list[tuple[str, dict[str, Any]]],
                 threads: int) -> None:
    """A wrk script: each thread plays its own games in turn, one write each. A game's version
    is read from each answer, and a game with a write in flight is skipped, so no write ever
    names a stale version (wrk also calls ``request`` once without sending it)."""
    def lua(text: str) -> str:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    steps = ",\n".join("{" + lua(kind) + ", " + lua(json.dumps(fields)[1:]) + "}"
                        for kind, fields in writes)
    table = ",\n".join("{" + lua(gid) + ", " + lua("Bearer " + token) + "}" for gid, token in games)
    path.write_text(f"""
local steps = {{
{steps}
}}
local games = {{
{table}
}}
local count = 0
function setup(thread)
  thread:set("id", count)
  count = count + 1
end
function init(args)
  mine, version, busy = {{}}, {{}}, {{}}
  for i = 1, #games do
    if (i - 1) % {threads} == id then
      table.insert(mine, games[i])
      version[games[i][1]] = 1
    end
  end
  n = 0
end
function request()
  local game
  for _ = 1, #mine do
    n = n + 1
    game = mine[(n % #mine) + 1]
    if not busy[game[1]] then break end
  end
  busy[game[1]] = true
  local v = version[game[1]]
  local step = steps[(v - 1) % #steps + 1]
  return wrk.format("POST", "/api/v1/games/" .. game[1] .. "/" .. step[1],
                    {{["Authorization"] = game[2], ["Content-Type"] = "application/json"}},
                    '{{"version": ' .. v .. ', ' .. step[2])
end
function response(status, headers, body)
  local gid = string.match(body, '"id":"([^"]+)"')
  local v = string.match(body, '"version":(%d+)')
  if gid and version[gid] then
    if v then version[gid] = tonumber(v) end
    busy[gid] = nil
  end
end
""")


@dataclass
class Target:
    """A Companion server ready to be loaded: a finished game and fresh games for the writes."""

    server: Server
    game_id: str
    version: int
    script: Path
    early_id: str = ""
    early_version: int = 0
    writes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # the game's, in order


def prepare(server: Server, work: Path, games: int, threads: int, flat: bool) -> Target:
    game_id, token, game = new_game(server)
    game, writes = play(server, game_id, token, game)
    assert game["status"] == "finished" and len(game["rounds"]) == 19, game["status"]
    fresh = [new_game(server)[:2] for _ in range(games)]
    script = work / f"writes-{server.name}.lua"
    write_script(script, fresh, writes, threads)
    target = Target(server, game_id, game["version"], script, writes=writes)
    if flat:
        early_id, early_token, early = new_game(server)
        early, _ = play(server, early_id, early_token, early, rounds=1)
        target.early_id, target.early_version = early_id, early["version"]
    return target


def app_env(instance: Path, database: str | None = None) -> dict[str, str]:
    env = {"COMPANION_INSTANCE": str(instance), "SECRET_KEY": "bench-secret",
           "GAME_CREATION_LIMIT": "100000 per hour"}
    if database:
        env["DATABASE_URL"] = database
    return env


def migrate(cwd: Path, env: dict[str, str]) -> None:
    subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=cwd,
                   env={**os.environ, "PYTHONPATH": str(cwd), **env}, check=True, capture_output=True)
