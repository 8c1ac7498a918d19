"""gunicorn settings for bench/load.py: the same for Companion and the bare Flask app (loopback
only, no access log; workers, threads and the address are given on the command line)."""

errorlog = "-"
accesslog = None if not __import__("os").environ.get("BENCH_ACCESS") else "-"
loglevel = "warning"
