"""Experiment: the project's settings with a yield through the event loop after each request."""
from pathlib import Path

exec(compile((Path(__file__).resolve().parent / "gunicorn_chosen.py").read_text(),
             "gunicorn_chosen.py", "exec"))


def post_request(worker, req, environ, resp):  # noqa: F811
    gevent.sleep(1e-6)
