"""A score pad's title and a table's name are typed by people, like players' names: one holding
a direction control (``\u202eHearts``, RIGHT-TO-LEFT OVERRIDE) is isolated wherever it is shown
in plain text (FSI … PDI: the ``<title>``, ``og:title``, ``twitter:title``, ``description``,
``og:image:alt``) and in the ``<h1>`` (a ``<bdi>``), so it never reverses the words after it
("· round 2 · Companion")."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from flask.testing import FlaskClient

from .test_bidi import FSI, PDI, escapes

TITLE = "\u202eHearts"
#: The head's plain-text places, by how the test finds them.
HEAD = {"<title>": None, "og:title": "property", "twitter:title": "name",
        "description": "name", "og:image:alt": "property"}


class _Head(HTMLParser):
    """The head's title and meta tags, and the ``<h1>`` as the bidi algorithm reads it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: dict[str, str] = {}
        self.inside: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        got = dict(attrs)
        if tag == "meta":
            key = got.get("property") or got.get("name") or ""
            if key in HEAD:
                self.found[key] = got.get("content") or ""
        elif tag in ("title", "h1") and f"<{tag}>" not in self.found:  # not a chart's <title>
            self.inside = f"<{tag}>"
            self.found[self.inside] = ""
        elif tag == "bdi" and self.inside:
            self.found[self.inside] += FSI

    def handle_endtag(self, tag: str) -> None:
        if tag == "bdi" and self.inside:
            self.found[self.inside] += PDI
        elif f"<{tag}>" == self.inside:
            self.inside = None

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.found[self.inside] += data


def _places(client: FlaskClient, url: str) -> dict[str, str]:
    answer = client.get(url)
    assert answer.status_code == 200
    head = _Head()
    head.feed(answer.get_data(as_text=True))
    return head.found


def _isolated(found: dict[str, str], places: list[str]) -> None:
    for place in places:
        assert place in found, place
        text = found[place]
        assert "Hearts" in text, (place, text)
        assert not escapes(text), (place, text, escapes(text))
        # The override stays inside its isolate: closed before the words that follow it.
        assert re.search(f"{FSI}\u202eHearts(\u202c)?{PDI}", text), (place, text)


def _pad(client: FlaskClient) -> tuple[str, str]:
    made = client.post("/api/v1/games", json={"ruleset": "score-pad", "title": TITLE,
                                              "players": ["Ana", "Ben"]})
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["game"]["id"]), str(made.get_json()["edit_token"])


def test_a_score_pads_title_is_isolated_in_the_head_and_the_heading(client: FlaskClient) -> None:
    game_id, _ = _pad(client)
    _isolated(_places(client, f"/g/{game_id}"), [*HEAD, "<h1>"])


def test_a_score_pads_title_is_isolated_once_a_round_is_scored(client: FlaskClient) -> None:
    # The title then names the round, the preview who leads ("Hearts · Ana leads").
    game_id, token = _pad(client)
    scored = client.post(f"/api/v1/games/{game_id}/points", json={"version": 1, "points": [5, 2]},
                         headers={"Authorization": f"Bearer {token}"})
    assert scored.status_code == 200, scored.get_json()
    found = _places(client, f"/g/{game_id}")
    _isolated(found, ["<title>", "og:title", "twitter:title", "<h1>"])
    for place in ("description", "og:image:alt"):  # the places now, not the title
        assert not escapes(found[place]), (place, found[place])


def test_a_tables_name_is_isolated_in_the_head_and_the_heading(client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={"name": TITLE})
    assert made.status_code == 201, made.get_json()
    found = _places(client, f"/t/{made.get_json()['table']['id']}")
    _isolated(found, ["<title>", "og:title", "twitter:title", "<h1>"])
    for place in ("description", "og:image:alt"):  # the standings: no name of the table's
        assert not escapes(found[place]), (place, found[place])


def test_a_tables_name_is_isolated_on_its_new_game_page(client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={"name": TITLE}).get_json()
    kept = client.get(made["scorekeeper_url"])  # this phone keeps the table's score
    assert kept.status_code in (200, 302, 303)
    page = client.get(f"/new?table={made['table']['id']}").get_data(as_text=True)
    at = re.search(r'<p class="at-table"[^>]*>(.*?)</p>', page, re.S)
    assert at and "Hearts" in at.group(1), page[:300]
    assert not escapes(at.group(1)), at.group(1)  # "At ‮Hearts" reversed nothing after it
