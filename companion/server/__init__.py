"""The production server's own parts (gunicorn, with gevent workers): beside the app factory,
which it serves and never changes."""
