"""The WSGI entry point: ``gunicorn wsgi:app``."""

from companion import create_app

app = create_app()
