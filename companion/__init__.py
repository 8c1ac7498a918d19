"""Companion: the score keeper for card games played with real cards."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

from . import config, database


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory. ``test_config`` replaces the instance file and environment."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=os.path.join(root, "templates"),
        static_folder=os.path.join(root, "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    config.load(app, test_config)
    database.init_app(app)
    return app
