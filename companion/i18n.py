"""Languages (to be built out): English, French, Italian."""

from flask import Flask


def init_app(app: Flask) -> None:
    pass
