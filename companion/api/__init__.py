"""The JSON API v1 (``shared/API.md``): games, their entries, and the OpenAPI description."""

from flask import Blueprint

from . import errors, views

bp = Blueprint("api", __name__, url_prefix="/api/v1")
views.register(bp)
errors.register(bp)
