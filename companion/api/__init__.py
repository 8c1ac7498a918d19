"""The JSON API v1 (docs/api.md): games, their entries, and the OpenAPI description."""

from flask import Blueprint

from companion.api import endpoints, error_shape, tables, transfer

bp = Blueprint("api", __name__, url_prefix="/api/v1")
endpoints.register(bp)
tables.register(bp)
transfer.register(bp)
error_shape.register(bp)
