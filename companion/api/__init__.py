"""The JSON API v1 (to be built out)."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
