"""The JSON API v1 (docs/api.md): games, their entries, and the OpenAPI description."""

from flask import Blueprint

from . import errors, tables, views

bp = Blueprint("api", __name__, url_prefix="/api/v1")
views.register(bp)
tables.register(bp)
errors.register(bp)
