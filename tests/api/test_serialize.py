"""The game object's pieces that take shortcuts give what the plain formula gives."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from companion.api.serialize import _timestamp

ZONES = st.sampled_from([None, timezone.utc, timezone(timedelta(hours=2)),
                         timezone(timedelta(hours=-5, minutes=-30))])


def _plain(moment: datetime) -> str:
    """The formula before the shortcuts: the zone set (UTC when none), converted, written."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


@given(st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(9999, 12, 30)), ZONES)
def test_a_timestamp_is_the_plain_formula_s(moment: datetime, zone: timezone | None) -> None:
    moment = moment.replace(tzinfo=zone)
    assert _timestamp(moment) == _plain(moment)


def test_timestamps_as_the_database_and_a_write_hand_them() -> None:
    assert _timestamp(datetime(2026, 3, 1, 9, 5, 7, 120)) == "2026-03-01T09:05:07.000120Z"
    assert _timestamp(datetime(2026, 3, 1, 9, 5, 7, tzinfo=timezone.utc)) == "2026-03-01T09:05:07Z"
    assert _timestamp(datetime(2026, 3, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))) == (
        "2026-02-28T23:30:00Z")
