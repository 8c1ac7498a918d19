"""``pip install .`` (a wheel, not editable) into a fresh virtualenv serves the whole app with
gunicorn from outside the checkout: pages, static files and the compiled translations all come
from inside the installed package."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


def test_an_installed_wheel_serves_the_app(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels),
                    str(ROOT)], check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = wheels.glob("companion-*.whl")
    venv = tmp_path / "venv"
    # The wheel alone, by this interpreter's pip: its dependencies are this interpreter's, the
    # same pyproject's (a pip of its own and the dependencies resolved again were most of this
    # test's minute). A ``.pth`` line puts them after the new environment's own packages; the
    # checkout's editable install there is not taken up, since Python reads the ``.pth`` files
    # of site directories only.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--quiet", "--no-deps", str(wheel)], check=True, capture_output=True)
    (site_packages,) = venv.glob("lib/python*/site-packages")
    (site_packages / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    # Nothing of the checkout on the path: run from an empty folder.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(COMPANION_INSTANCE=str(tmp_path / "instance"), SECRET_KEY="packaged")
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import companion, companion.paths as p; print(companion.__file__, p.INSTALLED)"],
                           check=True, capture_output=True, text=True, cwd=outside, env=env).stdout
    assert str(venv) in where and where.strip().endswith("True"), where
    subprocess.run([str(venv / "bin" / "python"), "-m", "flask", "--app", "companion", "db",
                    "upgrade"], check=True, capture_output=True, cwd=outside, env=env)

    port = _free_port()
    server = subprocess.Popen([str(venv / "bin" / "python"), "-m", "gunicorn",
                               "--bind", f"127.0.0.1:{port}", "--workers", "1",
                               "companion:create_app()"],
                              cwd=outside, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, _headers, page = _get(base + "/", **{"Accept-Language": "en"})
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        assert status == 200 and b"Keep score at the table" in page
        stylesheet = page.decode().split('rel="stylesheet" href="', 1)[1].split('"', 1)[0]
        status, headers, css = _get(base + stylesheet)
        assert status == 200 and headers["Content-Type"].startswith("text/css")
        assert "immutable" in headers["Cache-Control"] and b".site-header" in css
        status, _headers, french = _get(base + "/new", **{"Accept-Language": "fr"})
        assert status == 200 and '<html lang="fr">' in french.decode()
        assert "Nouvelle partie" in french.decode()  # from the compiled catalogue in the wheel
    finally:
        server.terminate()
        server.wait(timeout=15)
