"""Lighthouse (mobile) on every kind of page Companion serves, with real games.

Starts the app the way ``scripts/start`` serves it (gunicorn with ``gunicorn.conf.py``, on
127.0.0.1 only, a free port) on a throw-away instance folder and SQLite database, makes games
through the JSON API, then runs Lighthouse with its defaults (mobile form factor, simulated
throttling, every category of Lighthouse 12: performance, accessibility, best practices, SEO) on
each page kind and prints, per page, the four scores, the transfer size and number of requests
of the first visit that Lighthouse reports (``data:`` URIs are not counted: they are not
fetched), and every audit that kept a score below 100. ``--runs N`` runs each page N times and
reports its median run (by performance score, the one that varies: Lighthouse's own advice is
five), with the range of performance scores.

Page kinds: the home page (a new phone, and a scorekeeper's phone listing its games), the
new-game page, a rules page, a game page on the scorekeeper's phone (Oh Hell, Oh-Seven,
Seven-Up), the share page on a watcher's phone (no cookie) of a game in progress and of a
finished 19-round Elevator game, and Seven-Up's share page. The scorekeeper's phone is the
cookie that the scorekeeper links set, sent with Lighthouse's ``--extra-headers``.

Lighthouse is not installed with the project: ``--lighthouse`` (or the ``LIGHTHOUSE``
environment variable) names the command, ``npx lighthouse`` by default; Chromium is
``CHROME_PATH`` (default ``/usr/bin/chromium``). ``--https`` serves the app over HTTPS with a
self-signed certificate (made with ``openssl``), as a server behind TLS does; Chromium is then
told to ignore certificate errors. ``--lan`` has Chromium reach the app by a name that is not
loopback (``companion.lan``, mapped to 127.0.0.1 with ``--host-resolver-rules``): over plain
HTTP that is how a phone on the home network sees it, not a secure context (127.0.0.1 is one).
``--keep DIR`` keeps each page's JSON report.

Run from the project's root (see bench/README.md)::

    .venv/bin/python bench/lighthouse.py --lighthouse /tmp/lh/node_modules/.bin/lighthouse
    .venv/bin/python bench/lighthouse.py --https --runs 5 --only share-finished,home
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
LAN_NAME = "companion.lan"
ATTEMPTS = 3  # runs of Lighthouse on one page before giving up
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """The JSON API and the scorekeeper links, through one cookie jar (one scorekeeper's phone)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                  urllib.request.HTTPSHandler(context=_insecure()))

    def call(self, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data,
                                         method="GET" if body is None else "POST")
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read())

    def keep(self, keep_url: str) -> None:
        """Open a scorekeeper link as the scorekeeper's phone does: its session now keeps score."""
        self.opener.open(self.base + keep_url, timeout=30).read()

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def _insecure() -> ssl.SSLContext:
    """Our own self-signed certificate (``--https``), on loopback."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


@dataclass
class Game:
    client: Client
    id: str
    token: str
    keep_url: str
    body: dict[str, Any]

    def write(self, kind: str, **fields: Any) -> None:
        self.body = self.client.call(f"/api/v1/games/{self.id}/{kind}",
                                     {"version": self.body["version"], **fields}, self.token)

    @property
    def current(self) -> dict[str, Any]:
        current: dict[str, Any] = self.body["current"]
        return current


def new_game(client: Client, ruleset: str, players: list[str], **options: Any) -> Game:
    answer = client.call("/api/v1/games", {"ruleset": ruleset, "players": players,
                                           "first_dealer": 0, "options": options})
    return Game(client, answer["game"]["id"], answer["edit_token"], answer["scorekeeper_url"],
                answer["game"])


def play_bid_round(game: Game, number: int) -> None:
    """A round of Oh Hell or Elevator as a table plays it: each bid its own entry, in bidding
    order, varied bids the dealer's hook allows, then tricks that add up to the hand size."""
    seats = len(game.body["players"])
    while game.current["next_bidder"] is not None:
        seat, legal = game.current["next_bidder"], game.current["legal_bids"]
        bids: list[int | None] = [None] * seats
        bids[seat] = legal[(seat + number) % min(len(legal), 3)]  # 0, 1 or 2 mostly
        game.write("bids", bids=bids)
    size = game.current["hand_size"]
    bids_made = game.current["bids"]
    tricks = [min(b, size) for b in bids_made]
    order = game.current["bidding_order"]
    while sum(tricks) > size:  # someone over: the later bidders take fewer
        seat = next(s for s in reversed(order) if tricks[s] > 0)
        tricks[seat] -= 1
    tricks[order[number % seats]] += size - sum(tricks)
    game.write("tricks", tricks=tricks)


def card(value: int, suit: str) -> dict[str, Any]:
    return {"value": value, "suit": suit}


def make_games(client: Client) -> dict[str, Game]:
    """The games the pages show: a finished Elevator game of five (19 rounds), Oh Hell in
    progress, Oh-Seven with card passing in progress, Seven-Up of four (teams) in progress."""
    elevator = new_game(client, "elevator", PLAYERS)
    number = 0
    while elevator.body["current"] is not None:
        number += 1
        play_bid_round(elevator, number)
    assert elevator.body["status"] == "finished", elevator.body["status"]

    oh_hell = new_game(client, "oh-hell", PLAYERS[:4])
    for number in range(1, 6):
        play_bid_round(oh_hell, number)

    oh_seven = new_game(client, "oh-seven", PLAYERS[:4], card_passing=True)
    suits = ("spades", "hearts", "diamonds", "clubs")
    for number in range(3):
        oh_seven.write("bids", bids=[card((seat + number) % 3, suits[(seat + number) % 4])
                                     for seat in range(4)])
        size = oh_seven.current["hand_size"]
        oh_seven.write("tricks", tricks=[size - 1, 1, 0, 0] if size > 1 else [size, 0, 0, 0])

    seven_up = new_game(client, "seven-up", PLAYERS[:4])
    hands = [dict(jacks_turned=0, beg="stand", high=0, low=1, jack=None, game=0),
             dict(jacks_turned=0, beg="stand", high=1, low=1, jack=None, game="tie"),
             dict(jacks_turned=0, beg="stand", high=0, low=0, jack=1, game=1)]
    for hand in hands:
        seven_up.write("hands", **hand)
    assert seven_up.body["status"] == "in_progress", seven_up.body["standings"]

    games = {"elevator": elevator, "oh-hell": oh_hell, "oh-seven": oh_seven, "seven-up": seven_up}
    for game in games.values():
        client.keep(game.keep_url)  # this phone keeps score of all four
    return games


@dataclass(frozen=True)
class PageKind:
    name: str
    path: str
    scorekeeper: bool  # sent with the scorekeeper's cookie


def page_kinds(games: dict[str, Game]) -> list[PageKind]:
    g = {name: f"/g/{game.id}" for name, game in games.items()}
    return [
        PageKind("home", "/", False),
        PageKind("home-games", "/", True),
        PageKind("new-game", "/new", False),
        PageKind("rules", "/rules/oh-seven", False),
        PageKind("keep-oh-hell", g["oh-hell"], True),
        PageKind("keep-oh-seven", g["oh-seven"], True),
        PageKind("keep-seven-up", g["seven-up"], True),
        PageKind("keep-finished", g["elevator"], True),
        PageKind("share-playing", g["oh-hell"], False),
        PageKind("share-finished", g["elevator"], False),
        PageKind("share-seven-up", g["seven-up"], False),
    ]


class App:
    """Companion under gunicorn (gunicorn.conf.py, one worker) on a throw-away instance folder."""

    def __init__(self, https: bool) -> None:
        self.instance = Path(tempfile.mkdtemp(prefix="companion-lighthouse-"))
        port = free_port()
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_INSTANCE": str(self.instance),
                    "SECRET_KEY": "lighthouse", "PORT": str(port), "LISTEN_ADDRESS": "127.0.0.1",
                    "WEB_CONCURRENCY": "1", "RATELIMIT_ENABLED": "0",
                    "DATABASE_URL": f"sqlite:///{self.instance / 'companion.sqlite'}"}
        self.env.pop("TRUST_PROXY", None)
        self.env.pop("FORCE_HTTPS", None)
        if not any((ROOT / "companion" / "translations").glob("*/LC_MESSAGES/messages.mo")):
            subprocess.run(["bash", "scripts/translations", "compile"], cwd=ROOT, check=True)
        subprocess.run([str(BIN / "flask"), "--app", "wsgi", "db", "upgrade"], cwd=ROOT,
                       env=self.env, check=True, capture_output=True)
        command = [str(BIN / "gunicorn"), "--config", "gunicorn.conf.py"]
        if https:
            key, cert = self.instance / "key.pem", self.instance / "cert.pem"
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                            "-keyout", str(key), "-out", str(cert), "-days", "2",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                           check=True, capture_output=True)
            command += ["--keyfile", str(key), "--certfile", str(cert)]
        self.log = open(self.instance / "server.log", "wb")
        self.process = subprocess.Popen([*command, "wsgi:app"], cwd=ROOT, env=self.env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"{'https' if https else 'http'}://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2, context=_insecure()).read()
                return
            except (OSError, urllib.error.URLError) as error:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    log = self.instance / "server.log"
                    raise SystemExit(f"the app did not start: see {log}") from error
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


@dataclass
class Report:
    scores: dict[str, int | None]
    transfer: float  # bytes over the wire on the first visit (Lighthouse's total-byte-weight)
    requests: int
    failing: list[str]  # audits that kept a category below 100, "category: id (score)"


def lighthouse(command: list[str], url: str, chrome_flags: str, cookie: str | None,
               out: Path) -> Report:
    args = [*command, url, "--output=json", f"--output-path={out}", "--quiet",
            f"--chrome-flags={chrome_flags}", "--only-categories=" + ",".join(CATEGORIES)]
    if cookie:
        args.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for attempt in range(1, ATTEMPTS + 1):
        out.unlink(missing_ok=True)
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
        result = json.loads(out.read_text()) if out.exists() else None
        if done.returncode == 0 and result and not result.get("runtimeError"):
            break
        # Now and then the trace misses the navigation (NO_NAVSTART) on a busy machine.
        print(f"lighthouse failed on {url} (attempt {attempt}):\n{done.stderr[-1500:]}",
              file=sys.stderr)
    else:
        raise SystemExit(f"lighthouse failed {ATTEMPTS} times on {url}")
    audits = result["audits"]
    scores = {}
    failing = []
    for category in CATEGORIES:
        found = result["categories"][category]
        scores[category] = None if found["score"] is None else round(found["score"] * 100)
        for ref in found["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                failing.append(f"{category}: {ref['id']} ({audit['score']:.2f})"
                               + (f" {audit['displayValue']}" if audit.get("displayValue") else ""))
    requests = [item for item in audits["network-requests"].get("details", {}).get("items", [])
                if not item["url"].startswith("data:")]
    return Report(scores, audits["total-byte-weight"]["numericValue"], len(requests), failing)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default=os.environ.get("LIGHTHOUSE", "npx lighthouse"),
                        help="the Lighthouse command (default: $LIGHTHOUSE or 'npx lighthouse')")
    parser.add_argument("--lan", action="store_true",
                        help="reach the app as companion.lan, not loopback (a home network)")
    parser.add_argument("--https", action="store_true",
                        help="serve over HTTPS with a self-signed certificate")
    parser.add_argument("--only", default="", help="comma-separated page kinds to run")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs per page; the median run is reported (default 1)")
    parser.add_argument("--keep", type=Path, help="keep each page's JSON report in this folder")
    parser.add_argument("--chrome-flags", default=CHROME_FLAGS)
    options = parser.parse_args()

    command = shlex.split(options.lighthouse)
    if not shutil.which(command[0]):
        raise SystemExit(f"{command[0]} not found: install Lighthouse (bench/README.md)")
    chrome_flags = options.chrome_flags + (" --ignore-certificate-errors" if options.https else "")
    if options.lan:
        chrome_flags += f' --host-resolver-rules="MAP {LAN_NAME} 127.0.0.1"'
    reports_dir = options.keep or Path(tempfile.mkdtemp(prefix="lighthouse-reports-"))
    reports_dir.mkdir(parents=True, exist_ok=True)

    app = App(options.https)
    try:
        client = Client(app.url)
        seen_at = app.url.replace("127.0.0.1", LAN_NAME) if options.lan else app.url
        kinds = page_kinds(make_games(client))
        if options.only:
            wanted = set(options.only.split(","))
            kinds = [kind for kind in kinds if kind.name in wanted]
        results: list[tuple[PageKind, Report, list[int]]] = []
        for kind in kinds:
            runs = []
            for run in range(options.runs):
                runs.append(lighthouse(command, seen_at + kind.path, chrome_flags,
                                       client.cookie() if kind.scorekeeper else None,
                                       reports_dir / f"{kind.name}-{run + 1}.json"))
            runs.sort(key=lambda report: report.scores["performance"] or 0)
            median = runs[len(runs) // 2]
            performance = [report.scores["performance"] or 0 for report in runs]
            results.append((kind, median, performance))
            print(f"{kind.name}: {median.scores} (performance {performance})", file=sys.stderr,
                  flush=True)
    finally:
        app.stop()

    print(f"\nLighthouse mobile, {seen_at.split(':')[0].upper()}"
          f"{' as ' + LAN_NAME if options.lan else ''}, median of {options.runs}"
          f" run(s) (reports in {reports_dir})\n")
    print("| page | performance | accessibility | best practices | SEO | first visit |")
    print("|---|---|---|---|---|---|")
    for kind, report, performance in results:
        s = report.scores
        spread = (f" ({min(performance)}–{max(performance)})"
                  if min(performance) != max(performance) else "")
        print(f"| {kind.name} | {s['performance']}{spread} | {s['accessibility']} | "
              f"{s['best-practices']} | {s['seo']} | {report.transfer / 1024:.1f} KB, "
              f"{report.requests} requests |")
    below = [(kind, report) for kind, report, _ in results if report.failing]
    if below:
        print("\nBelow 100:")
        for kind, report in below:
            for line in report.failing:
                print(f"  {kind.name}: {line}")


if __name__ == "__main__":
    main()
