"""gunicorn settings for bench/load.py's ``companion`` server: the project's own gunicorn.conf.py
(what scripts/start serves), without its access log, as every server of the bench runs (the
address and workers are given on the command line, which wins over a config file). Its
clients, attackers and probes alike, all connect from 127.0.0.1: the cap on one address's
connections (``CONNECTIONS_PER_ADDRESS``) is lifted, as the bench measures the server's room.
"""

import os
from pathlib import Path

os.environ.setdefault("CONNECTIONS_PER_ADDRESS", "0")

exec(compile((Path(__file__).resolve().parents[1] / "gunicorn.conf.py").read_text(),
             "gunicorn.conf.py", "exec"))
accesslog = None
loglevel = "warning"
