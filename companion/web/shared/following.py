"""Where a form's answer leads, without the page it leads to.

A full-page form that waits for the connection (``static/js/waiting_forms.js``) is posted once, by
``fetch``, and answered as without JavaScript: 303 to the page that shows what was done, with a
one-time message (a flash) for that page. ``fetch`` follows the redirect by itself, and that GET
would draw the page and use the message up; it says ``Companion-Follow`` (a same-origin redirect
keeps the header), and is answered here with no page: the script learns the address from it and
the browser then goes there, where the page is drawn once, with its message.
"""

from __future__ import annotations

from flask import request
from werkzeug.wrappers import Response

#: The header of a GET that wants only to know where a redirect led.
HEADER = "Companion-Follow"


def address_only() -> Response | None:
    """A ``before_request`` hook of the pages: 204 to a GET that says ``Companion-Follow``."""
    if request.method != "GET" or not request.headers.get(HEADER):
        return None
    response = Response(status=204)
    response.headers["Cache-Control"] = "no-store"
    return response
