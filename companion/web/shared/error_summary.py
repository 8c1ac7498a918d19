"""The summary at the top of a refused full-page form: every error shown at a field, each a link
to it. It is read from the form's own rendered HTML (the ``errors`` macro's ``p.field-error``), so
the page carries it without JavaScript and it never disagrees with the errors at the fields."""

from html.parser import HTMLParser

from markupsafe import Markup


class _FieldErrors(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._open: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "p" and "field-error" in (found.get("class") or "").split() and found.get("id"):
            self._open, self._text = found["id"], []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._open is not None:
            text = " ".join("".join(self._text).split())
            if text:
                self.found.append((self._open, text))
            self._open = None


def field_errors(html: Markup | str) -> list[tuple[str, str]]:
    """The (id, words) of every field error in ``html``, in page order."""
    parser = _FieldErrors()
    parser.feed(str(html))
    parser.close()
    return parser.found
