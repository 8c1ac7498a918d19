"""The HTML pages (to be built out)."""

from flask import Blueprint

bp = Blueprint("web", __name__)
