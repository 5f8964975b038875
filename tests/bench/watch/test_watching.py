"""The feeds bench of the watch (bench/watch/watching.py): its verdict against
what the rate limit allows."""
from __future__ import annotations

from bench.watch.watching import Pass, format_table
from bench.watch.watchsite import Layout


def verdict_row(wall: float) -> str:
    """Return the wall-time row of a table of 2 x 3 articles, 10 requests at 2/s (5 s allowed)."""
    table = format_table(Layout(2, 3), 2.0, Pass(wall, 1.2, 0), Pass(1.0, 0.6, 0), [float(t) for t in range(10)])
    [row] = [line for line in table.splitlines() if line.startswith("watch pass, wall")]
    return row


def test_the_wall_time_is_set_beside_requests_over_rate() -> None:
    assert "5.4 s = 1.080 x allowed (within 10%)" in verdict_row(5.4)
    assert "5.6 s = 1.120 x allowed (over 10%)" in verdict_row(5.6)
    table = format_table(Layout(2, 3), 2.0, Pass(5.0, 1.2, 0), Pass(1.0, 0.6, 0), [float(t) for t in range(10)])
    assert "200.0 ms (1.2 s in all)" in table and "100.0 ms (0.6 s in all" in table and "2.00" in table
