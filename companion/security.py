"""Security headers and cookies (to be built out)."""

from flask import Flask


def init_app(app: Flask) -> None:
    pass
