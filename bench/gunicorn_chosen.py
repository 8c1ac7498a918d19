"""gunicorn settings for bench/load.py's ``companion`` server: the project's own gunicorn.conf.py
(what scripts/start serves), without its access log, as every server of the bench runs (the
address and workers are given on the command line, which wins over a config file)."""

from pathlib import Path

exec(compile((Path(__file__).resolve().parents[1] / "gunicorn.conf.py").read_text(),
             "gunicorn.conf.py", "exec"))
accesslog = None
loglevel = "warning"
