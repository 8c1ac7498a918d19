"""``add_vary``: what ``response.vary.add`` would say, each name once, whatever was there first;
the merges it remembers give the same answer the second time."""

from __future__ import annotations

import pytest
from werkzeug.wrappers import Response

from companion.http.headers import add_vary


@pytest.mark.parametrize(("before", "names", "after"), [
    ([], ("Cookie",), ["Cookie"]),
    ([], ("Accept-Language", "Accept-Encoding", "Accept-Language"), ["Accept-Language, Accept-Encoding"]),
    (["Cookie"], ("Accept-Language", "Accept-Encoding"), ["Cookie, Accept-Language, Accept-Encoding"]),
    (["Cookie"], ("cookie",), ["Cookie"]),  # without case: nothing to add, nothing rewritten
    (["Cookie, Accept-Encoding"], ("Accept-Encoding", "Accept-Language"),
     ["Cookie, Accept-Encoding, Accept-Language"]),
    (["Cookie", "Origin"], ("Accept-Encoding",), ["Cookie, Origin, Accept-Encoding"]),
    (["Cookie", "Origin"], ("origin",), ["Cookie", "Origin"]),
    ([" Cookie ,, Origin"], ("Accept-Encoding",), ["Cookie, Origin, Accept-Encoding"]),
])
def test_vary_names_each_once_in_order(before: list[str], names: tuple[str, ...],
                                       after: list[str]) -> None:
    for _ in range(2):  # the second time from what the first remembered
        response = Response()
        for value in before:
            response.headers.add("Vary", value)
        add_vary(response, *names)
        assert response.headers.getlist("Vary") == after
        if len(before) > 1:
            continue  # werkzeug's ``vary`` reads the first Vary header alone: ours keeps all
        expected = Response()
        for value in before:
            expected.headers.add("Vary", value)
        for name in names:
            expected.vary.add(name)
        assert {v.strip().lower() for v in ", ".join(after).split(",")} == \
            {v.lower() for v in expected.vary}
