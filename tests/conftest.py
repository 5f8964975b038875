"""Shared fixtures: an article factory, in-memory and on-disk indexes, a
Flask test client and a click CliRunner (test data: tests/factories.py)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from onrecord.search.config import load_config
from onrecord.search.storage.opening import open_index, ram_index
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import make_article as article_factory
from tests.factories import write_index


class CompiledTemplates(BytecodeCache):
    """The web app's templates, each compiled once for the whole run: every
    create_app() makes a Jinja environment of its own, which compiled each
    template it rendered anew (~0.1 s an app, ~20 s of `make test-fast`).
    The code is the same for each: same source (the bucket's checksum),
    same lexer settings (in the key)."""

    def __init__(self) -> None:
        self.code: dict[tuple[object, ...], bytes] = {}

    @staticmethod
    def key(bucket: Bucket) -> tuple[object, ...]:
        env = bucket.environment
        return (bucket.key, env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline)

    def load_bytecode(self, bucket: Bucket) -> None:
        if self.key(bucket) in self.code:
            bucket.bytecode_from_string(self.code[self.key(bucket)])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[self.key(bucket)] = bucket.bytecode_to_string()


@pytest.fixture(scope="session", autouse=True)
def compiled_templates() -> Iterator[None]:
    """Give every Flask app of the session one CompiledTemplates."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "jinja_options", {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()})
        yield


@pytest.fixture(scope="session")
def make_article() -> Callable[..., object]:
    """Return tests.factories.make_article: an Article from inline texts."""
    return article_factory


@pytest.fixture()
def memory_index() -> Iterator[Index]:
    """Yield an empty in-memory Index, closed afterwards."""
    index = ram_index()
    yield index
    index.close()


@pytest.fixture()
def disk_index(tmp_path: Path) -> Iterator[Index]:
    """Yield an empty Index created in tmp_path/ix, closed afterwards."""
    index = open_index(tmp_path / "ix", create=True)
    yield index
    index.close()


@pytest.fixture()
def index_dir(tmp_path: Path) -> Path:
    """Return tmp_path/ix holding a closed index of one two-paragraph
    article, a1."""
    return write_index(tmp_path / "ix", [[article_factory(
        "a1", ["Budget talks stalled.", "Rain fell."], title="T")]])


@pytest.fixture()
def app_client() -> Callable[[Path], FlaskClient]:
    """Return a function giving a test client of the web app serving the
    index at a path (config loaded as `onrecord serve` does)."""
    def client_for(path: Path) -> FlaskClient:
        return create_app(config=load_config(index_dir=path)).test_client()
    return client_for


@pytest.fixture(scope="session")
def cli_runner() -> CliRunner:
    """Return a click CliRunner for invoking onrecord.cli.main (it keeps no
    state between invocations, so one serves every test)."""
    return CliRunner()


class SessionCluster:
    """The local Dask cluster of two single-threaded worker processes that
    the run's cluster-ingest tests share: started by the first that asks,
    closed after the last (even idle, its heartbeats cost CPU)."""

    def __init__(self) -> None:
        self.cluster: Any = None
        self.last_user = ""  # the node id of the last test to use it, in the run's order

    def address(self) -> str:
        """Return the scheduler's address, starting the cluster if needed."""
        if self.cluster is None:
            import logging

            import dask
            from distributed import LocalCluster

            from onrecord.indexer.distributed.client import SCHEDULER_HTTP

            # The scheduler's HTTP routes on a free loopback port, as the
            # indexer's own local cluster: no "Port 8787 is already in use"
            # warning.  No sampling profiler and a slower event-loop check:
            # what keeps an idle cluster busy, and nothing a test looks at.
            quiet = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s"}
            with dask.config.set(quiet):
                self.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                            dashboard_address=None, scheduler_kwargs=SCHEDULER_HTTP,
                                            silence_logs=logging.CRITICAL)
        return str(self.cluster.scheduler_address)

    def close(self) -> None:
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


SESSION_CLUSTER = SessionCluster()


@pytest.fixture()
def dask_address() -> str:
    """Return the address of the session's local Dask cluster (passed as
    ingest_paths(cluster=...), the --cluster path)."""
    return SESSION_CLUSTER.address()


def pytest_collection_finish(session: pytest.Session) -> None:
    users = [item.nodeid for item in session.items if "dask_address" in getattr(item, "fixturenames", ())]
    SESSION_CLUSTER.last_user = users[-1] if users else ""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield
    if nextitem is None or item.nodeid == SESSION_CLUSTER.last_user:
        SESSION_CLUSTER.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    SESSION_CLUSTER.close()
