"""Fixtures of the watch's tests: the loopback site, a fake clock, and a
watch over a fresh on-disk index."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from onrecord.indexer.watch.config import Alert, Source, WatchConfig
from onrecord.indexer.watch.fetching import Fetcher
from onrecord.indexer.watch.hosts import HostGates
from onrecord.indexer.watch.watcher import Watch, close_watch, open_watch
from onrecord.search import Config, Index, open_index
from tests.indexer.watch.site import FakeClock, Site

# Fast enough that the rate limit never waits unless a test asks it to.
TEST_SETTINGS: dict[str, Any] = {"watch_contact": "desk@example.org", "watch_rate": 1000.0,
                                 "watch_allow_private": True, "watch_timeout": 2.0}


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site()
    yield served
    served.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def make_config(tmp_path: Path, **settings: Any) -> Config:
    """Return a Config for the watch tests (index under tmp_path)."""
    return Config(index_dir=tmp_path / "index", **{**TEST_SETTINGS, **settings})


def make_fetcher(config: Config, clock: FakeClock, **kwargs: Any) -> Fetcher:
    """Return a Fetcher whose gates wait on the fake clock."""
    gates = HostGates(config.watch_rate, config.watch_host_concurrency, clock=clock, sleep=clock.sleep)
    return Fetcher(config, gates, **kwargs)


class Watches:
    """Opens watches over one on-disk index, as a restarted process would;
    each opened watch is closed at the end of the test."""

    def __init__(self, tmp_path: Path, clock: FakeClock) -> None:
        self.tmp_path = tmp_path
        self.clock = clock
        self.wall = 1_700_000_000.0  # the state's epoch clock (next runs, next checks)
        self.opened: list[tuple[Watch, Index]] = []

    def open(self, sources: list[Source], alerts: tuple[Alert, ...] = (), **settings: Any) -> Watch:
        config = make_config(self.tmp_path, **settings)
        index = open_index(config.index_dir, create=True, config=config)
        watch = open_watch(WatchConfig(tuple(sources), config, alerts), index, now=lambda: self.wall,
                           fetcher=make_fetcher(config, self.clock))
        self.opened.append((watch, index))
        return watch

    def close(self) -> None:
        for watch, index in self.opened:
            close_watch(watch)
            index.close()
        self.opened.clear()


@pytest.fixture
def watches(tmp_path: Path, clock: FakeClock) -> Iterator[Watches]:
    opened = Watches(tmp_path, clock)
    yield opened
    opened.close()
