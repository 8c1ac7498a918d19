"""The share panel (QR codes, links), the standings image, the link-preview tags, the chart."""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from companion import rules

from .conftest import HTMX, Scorekeeper, text

#: Names of left-to-right letters alone need no isolation (companion/web/shared/names.py).
FSI = PDI = ""


def play_round(keeper: Scorekeeper, bids: list[int], tricks: list[int]) -> None:
    """One in-turn round: ``bids`` and ``tricks`` by seat (bids entered in bidding order)."""
    current = keeper.stored().state.current
    assert current is not None
    for seat in current.bidding_order:
        assert keeper.bid(seat, bids[seat]).status_code == 303
    assert keeper.tricks(*tricks).status_code == 303


def play_oh_hell_to_the_end(keeper: Scorekeeper) -> None:
    """Every round: Ana bids and takes every trick (exact), the others bid and take 0 — except
    the dealer's hook, which the engine checks: a dealer who may not bid 0 bids 1 and misses."""
    while (state := keeper.stored().state).current is not None:
        current = state.current
        seats = len(state.settings.players)
        bids = [current.hand_size if s == 0 else 0 for s in range(seats)]
        if sum(bids) == current.hand_size:  # the hook: the dealer must make it add up wrong
            dealer = current.dealer
            bids[dealer] = 1 if dealer != 0 else current.hand_size - 1
        tricks = [current.hand_size if s == 0 else 0 for s in range(seats)]
        play_round(keeper, bids, tricks)


# --- the share panel ------------------------------------------------------------------------


def test_share_panel_has_the_links_qr_code_and_the_whole_link(start: Callable[..., Scorekeeper],
                                                             watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    html = watcher.get(keeper.url).get_data(as_text=True)
    share = f"http://localhost/g/{keeper.id}"
    assert f'<p class="link-text" id="share-url" translate="no">{share}</p>' in html
    assert 'role="img" aria-label="QR code of the share link"' in html
    assert html.count('<svg viewBox="0 0 ') >= 1 and 'class="qr-code"' in html
    # No inline style anywhere (the CSP forbids it), the QR's white square included.
    assert "style=" not in html
    # A watcher never sees anything that carries the edit token.
    assert "/keep/" not in html and "keep-url" not in html and "QR code of the scorekeeper" not in html


def test_scorekeeper_gets_the_keep_link_qr_behind_a_disclosure(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    html = keeper.client.get(keeper.url).get_data(as_text=True)
    details = html[html.index('<details class="keep-link">'):]
    details = details[:details.index("</details>")]
    assert "Scorekeeper link: lets another phone enter scores" in details
    assert "can enter, change and undo scores" in details
    assert 'aria-label="QR code of the scorekeeper link"' in details
    assert re.search(rf'id="keep-url"[^>]*>http://localhost/g/{keeper.id}/keep/[\w-]+</p>', details)
    # The keep link never shows outside its disclosure.
    assert html.count("/keep/") == 1


def test_qr_code_encodes_the_share_link() -> None:
    from companion.web.sharing.share import qr_svg

    svg = str(qr_svg("http://example.test/g/abc"))
    assert svg.startswith('<svg viewBox="0 0 ') and 'class="qr-code"' in svg
    # A white square under the modules, the quiet zone included (4 modules each side).
    size = int(re.match(r'<svg viewBox="0 0 (\d+) \1"', svg).group(1))
    assert f'<path fill="#fff" d="M0 0h{size}v{size}h-{size}z"/>' in svg
    assert 'stroke="#000"' in svg and "M4 4.5" in svg


# --- the standings image ---------------------------------------------------------------------


def test_standings_image_is_a_1200_by_630_png_cached_by_version(
        start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    first = watcher.get(f"{keeper.url}/standings.png")
    assert first.status_code == 200 and first.mimetype == "image/png"
    image = Image.open(io.BytesIO(first.data))
    assert image.format == "PNG" and image.size == (1200, 630)
    etag = first.headers["ETag"]
    assert f"{keeper.id}.{keeper.version}.en" in etag
    assert "no-cache" in first.headers["Cache-Control"]
    again = watcher.get(f"{keeper.url}/standings.png", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    play_round(keeper, [1, 0, 1], [1, 0, 0])
    moved = watcher.get(f"{keeper.url}/standings.png", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert moved.data != first.data


def test_standings_image_speaks_the_language_asked(start: Callable[..., Scorekeeper],
                                                   watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    french = watcher.get(f"{keeper.url}/standings.png?lang=fr")
    english = watcher.get(f"{keeper.url}/standings.png?lang=en")
    assert french.headers["ETag"].endswith('.fr"') and english.headers["ETag"].endswith('.en"')
    assert french.data != english.data
    # A language we do not have falls back to the person's own.
    assert watcher.get(f"{keeper.url}/standings.png?lang=xx").headers["ETag"].endswith('.en"')


def test_standings_image_of_an_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/g/no-such-game/standings.png").status_code == 404


def test_image_text_leaves_out_what_the_font_cannot_draw() -> None:
    from companion.web.sharing.standings_image import _emoji_font, drawable

    emoji = _emoji_font() is not None  # drawn in colour with the emoji font (test_standings_image)
    assert drawable("Ana 🎉") == ("Ana 🎉" if emoji else "Ana")
    assert drawable("Ζωή Ёжик") == "Ζωή Ёжик"  # Greek and Cyrillic are drawn
    # A joined emoji (drawn whole, or not at all) and a zero-width space that leaves no trace.
    assert drawable("👩‍👩‍👧 Bo\u200b") == ("👩‍👩‍👧 Bo" if emoji else "Bo")
    assert drawable("🂡🃏") in ("", "🂡🃏")  # either drawn or gone, never a box
    assert drawable("❤ Ana") == "❤ Ana"  # the font has this one


def _glyphless_pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_an_emoji_only_name_is_drawn_as_its_seat(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the emoji font (with it, emoji are drawn: test_standings_image)."""
    from companion.web.sharing import standings_image
    from companion.web.sharing.standings_image import Picture, Row, render

    monkeypatch.setattr(standings_image, "EMOJI_FONTS", ())
    standings_image._emoji_font.cache_clear()
    monkeypatch.setattr(standings_image, "_emoji_font", lambda: None)

    def picture(name: str, fallback: str) -> bytes:
        return render(Picture("Oh Hell", "Final standings", "1 December 2026", None,
                              (Row(1, name, fallback, "0", False),), "Companion"))

    # The emoji-only name is drawn exactly as its fallback would be: no box, no blank.
    assert picture("🎉🎉", "Player 1") == picture("Player 1", "Player 1")
    assert picture("🎉 Ana", "Player 1") == picture("Ana", "Player 1")


# --- the link preview ------------------------------------------------------------------------


def _meta(html: str, key: str) -> str:
    match = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', html)
    assert match, key
    import html as html_lib

    return html_lib.unescape(match.group(1))


def test_share_page_has_open_graph_and_twitter_tags(start: Callable[..., Scorekeeper],
                                                    watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    html = watcher.get(keeper.url, base_url="http://192.168.1.20:8000").get_data(as_text=True)
    assert _meta(html, "og:title") == f"Oh Hell · {FSI}Ana{PDI}, {FSI}Ben{PDI}, and {FSI}Cleo{PDI}"
    assert _meta(html, "og:description").startswith("Oh Hell · Not started yet · ")
    image = _meta(html, "og:image")
    # Absolute, from the request's host, naming the version (so previews refresh) and language.
    assert image == (f"http://192.168.1.20:8000/g/{keeper.id}/standings.png"
                     f"?v={keeper.version}&lang=en")
    assert _meta(html, "og:url") == f"http://192.168.1.20:8000/g/{keeper.id}"
    assert _meta(html, "twitter:card") == "summary_large_image"
    assert _meta(html, "twitter:image") == image
    assert _meta(html, "og:image:width") == "1200" and _meta(html, "og:image:height") == "630"
    play_round(keeper, [1, 0, 1], [1, 0, 0])
    html = watcher.get(keeper.url).get_data(as_text=True)
    ana, ben, cleo = keeper.stored().state.scores
    assert ana > ben > cleo
    assert _meta(html, "og:title") == f"Oh Hell · {FSI}Ana{PDI} leads with {ana}"
    assert _meta(html, "og:description").startswith(
        f"After round 1 of 10: 1. {FSI}Ana{PDI} {ana} · 2. {FSI}Ben{PDI} {ben} · "
        f"3. {FSI}Cleo{PDI} {cleo} · ")


def test_finished_game_preview_names_the_winner(start: Callable[..., Scorekeeper],
                                                watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    play_oh_hell_to_the_end(keeper)
    state = keeper.stored().state
    assert state.finished and state.winners == (0,)
    html = watcher.get(keeper.url).get_data(as_text=True)
    score = state.scores[0]
    assert _meta(html, "og:title") == f"Oh Hell · {FSI}Ana{PDI} wins with {score}"
    assert _meta(html, "og:description").startswith(f"Final standings: 1. {FSI}Ana{PDI} {score} · ")
    # The final screen offers the image: a download link (and a share button for game.js).
    assert re.search(rf'<a class="btn" href="/g/{keeper.id}/standings.png\?v=\d+&amp;lang=en" '
                     r'download="Oh Hell [\d-]+\.png"', html)
    assert "Share the standings image" in html


def test_preview_in_french(start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    play_round(keeper, [1, 0, 1], [1, 0, 0])
    html = watcher.get(keeper.url, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert _meta(html, "og:title") == f"Oh Hell · {FSI}Ana{PDI} mène avec {keeper.stored().state.scores[0]}"
    assert _meta(html, "og:image").endswith("&lang=fr")


# --- the score chart -------------------------------------------------------------------------


def test_chart_hides_behind_a_disclosure_during_play(start: Callable[..., Scorekeeper],
                                                     watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    assert "Score chart" not in text(watcher.get(keeper.url))  # nothing to draw yet
    play_round(keeper, [1, 0, 1], [1, 0, 0])
    play_round(keeper, [0, 2, 1], [0, 2, 0])
    html = watcher.get(keeper.url).get_data(as_text=True)
    details = html[html.index('<details class="chart-disclosure" id="chart-disclosure">'):]
    details = details[:details.index("</details>")]
    assert '<svg class="chart-svg" viewBox="0 0 360 230" role="img"' in details
    assert '<title id="chart-title">Running totals, round by round</title>' in details
    # Round 1: Ana 11 leads Ben's 10; round 2: Ben's exact 2 puts him ahead.
    ana, ben, cleo = keeper.stored().state.scores
    assert ben > ana > cleo
    assert "Ben has led since round 2." in details
    assert f"Totals after round 2: Ben {ben}, Ana {ana}, Cleo {cleo}." in details
    # Three lines, told apart by colour class, dash and marker.
    looks = re.findall(r'<g class="series (look-\d)" aria-hidden="true">\s*<path class="line" '
                       r'd="M[^"]+" fill="none"( stroke-dasharray="[^"]+")?/>', details)
    assert [look for look, _ in looks] == ["look-0", "look-1", "look-2"]
    assert looks[0][1] == "" and looks[1][1] and looks[2][1] and looks[1][1] != looks[2][1]
    assert "<circle" in details and "<rect" in details and "<path d=" in details
    assert "style=" not in details
    # The live fragment carries it too (a watcher's poll keeps it current).
    fragment = watcher.get(f"{keeper.url}/live?v=1", headers=HTMX).get_data(as_text=True)
    assert 'id="chart-disclosure"' in fragment


def test_chart_is_on_the_final_standings(start: Callable[..., Scorekeeper],
                                         watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    play_oh_hell_to_the_end(keeper)
    page = text(watcher.get(keeper.url))
    assert "Score chart" in page
    # The dealer's hook makes Ana miss a few early rounds; she leads from then on.
    assert re.search(r"Score chart Running totals, round by round Ana led from round \d+ to the "
                     r"end\. Totals after round 10: Ana \d+, Ben \d+, Cleo \d+\.", page)
    html = watcher.get(keeper.url).get_data(as_text=True)
    assert "chart-disclosure" not in html  # shown openly, not behind the disclosure


def test_chart_of_seven_up_teams_draws_two_lines(start: Callable[..., Scorekeeper],
                                                  app: Flask) -> None:
    from companion.web.shared.chart import score_chart

    settings = rules.new_settings("seven-up", ["Ana", "Ben", "Cleo", "Dev"], 0)
    state = rules.fold(settings, [rules.Hand(jacks_turned=0, beg=rules.Beg.RUN, high=0, low=1,
                                             jack=None, game=0)])
    with app.test_request_context():
        chart = score_chart(state)
    assert chart is not None
    assert [s.name for s in chart.series] == ["Ana & Cleo", "Ben & Dev"]
    assert chart.x_label == "Hand" and chart.title == "Running totals, hand by hand"
    assert chart.summary == "Ana & Cleo have led from the start."


@pytest.mark.parametrize("rows, finished, expected", [
    (((1, 0), (1, 2), (3, 2)), True, "Ana led from round 3 to the end."),
    (((1, 1), (2, 2)), True, "Ana and Ben finished level at the top."),
    (((1, 1), (2, 2)), False, "Ana and Ben share the lead."),
    (((0, 1), (3, 1), (4, 1)), False, "Ana has led since round 2."),
    (((1, 0), (2, 2), (4, 2)), False, "Ana has led since round 3."),
    (((1, 0),), False, "Ana has led from the start."),
])
def test_chart_summary_says_how_the_lead_went(app: Flask, rows: tuple[tuple[int, ...], ...],
                                              finished: bool, expected: str) -> None:
    from companion.web.shared.chart import summary

    leaders = tuple(tuple(i for i, v in enumerate(row) if v == max(row)) for row in rows)
    with app.test_request_context():
        assert summary(leaders, finished, ("Ana", "Ben"), (1, 1), by_hand=False) == expected
        assert summary(leaders, finished, ("Ana & Cleo", "Ben & Dev"), (2, 2),
                       by_hand=True) == expected.replace("round", "hand").replace(
            "Ana has", "Ana & Cleo have").replace("Ana led", "Ana & Cleo led").replace(
            "Ana and Ben", "Ana & Cleo and Ben & Dev")


def test_seven_up_teams_in_the_chart_the_image_and_the_preview(
        app: Flask, start: Callable[..., Scorekeeper], watcher: FlaskClient) -> None:
    from companion.storage import store

    keeper = start("seven-up", ["Ana", "Ben", "Cleo", "Dev"], dealer=0, target="7")
    with app.app_context():
        game = store.load_game(keeper.id)
        hand = rules.parse_entry(game.settings, "hand", {
            "jacks_turned": 0, "beg": "stand", "high": 1, "low": 3, "jack": 1, "game": 0})
        store.add_entry(game, game.version, hand)
    state = keeper.stored().state
    ana_cleo, ben_dev = state.side_scores
    assert ben_dev > ana_cleo
    html = watcher.get(keeper.url).get_data(as_text=True)
    assert _meta(html, "og:title") == f"Seven-Up · {FSI}Ben & Dev{PDI} lead with {ben_dev}"
    assert _meta(html, "og:description").startswith(
        f"After hand 1: 1. {FSI}Ben & Dev{PDI} {ben_dev} · 2. {FSI}Ana & Cleo{PDI} {ana_cleo} · ")
    page = text(watcher.get(keeper.url))
    assert "Score chart Running totals, hand by hand Ben & Dev have led from the start." in page
    image = watcher.get(f"{keeper.url}/standings.png")
    assert image.status_code == 200
    assert Image.open(io.BytesIO(image.data)).size == (1200, 630)


def test_the_image_is_offered_only_once_the_game_is_over(start: Callable[..., Scorekeeper],
                                                         watcher: FlaskClient) -> None:
    keeper = start("oh-hell", ["Ana", "Ben", "Cleo"], schedule="up")
    play_round(keeper, [1, 0, 1], [1, 0, 0])
    html = watcher.get(keeper.url).get_data(as_text=True)
    assert "Download the standings image" not in html and "data-share-file" not in html
    # A HEAD for the image (some link previewers ask first) answers like a GET, without a body.
    head = watcher.head(f"{keeper.url}/standings.png")
    assert head.status_code == 200 and head.mimetype == "image/png" and "ETag" in head.headers


def test_one_image_is_drawn_once_while_many_ask_for_it(app: Flask,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests for one image (one game or table at one version, one language) missing the
    cache at once: the first draws it, the others wait for its drawing and are given it."""
    from companion.web.sharing import share

    drawn: list[int] = []
    started, release = threading.Event(), threading.Event()

    def slow(picture: object) -> bytes:
        drawn.append(1)
        started.set()
        release.wait(5)
        return b"png"

    monkeypatch.setattr(share, "render_aside", slow)
    answers: list[bytes] = []

    def ask() -> None:
        with app.app_context():
            answers.append(share._cached("t.x.3", "en", lambda: "picture"))  # type: ignore[arg-type,return-value]

    threads = [threading.Thread(target=ask) for _ in range(8)]
    threads[0].start()
    assert started.wait(5)
    for thread in threads[1:]:
        thread.start()
    release.set()
    for thread in threads:
        thread.join(5)
    assert answers == [b"png"] * 8 and drawn == [1]
