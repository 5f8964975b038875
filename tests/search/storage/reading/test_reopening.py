"""One retry layer on opening (search.storage.reading.reopening): an open is retried only
when a concurrent commit superseded the generation being opened, never
for a damaged index, so a damaged index answers 503 at once."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from onrecord.search.errors import IndexUnavailableError
from onrecord.search.model import Article
from onrecord.search.storage.reading import searchers
from onrecord.search.storage.reading.reopening import OPEN_ATTEMPTS, open_retrying
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.search.storage.integrity.test_corrupt_index import build_index, delete_segment_files


def failing(times: int, error: Exception, calls: list[int]) -> Callable[[int], str]:
    """Return an open_ that raises `error` on its first `times` calls."""
    def open_(attempt: int) -> str:
        calls.append(attempt)
        if len(calls) <= times:
            raise error
        return "opened"
    return open_


def test_a_file_gone_with_a_newer_commit_is_retried_until_it_opens() -> None:
    calls: list[int] = []
    generations = iter(range(100))
    result = open_retrying(failing(2, FileNotFoundError("MAIN_x.seg"), calls),
                           lambda: next(generations), backoff=0.0)
    assert result == "opened" and calls == [0, 1, 2]


def test_retries_are_bounded_when_commits_keep_coming() -> None:
    calls: list[int] = []
    generations = iter(range(100))
    with pytest.raises(FileNotFoundError):
        open_retrying(failing(99, FileNotFoundError("MAIN_x.seg"), calls), lambda: next(generations),
                      backoff=0.0)
    assert len(calls) == OPEN_ATTEMPTS


@pytest.mark.parametrize("error, latest", [
    (FileNotFoundError("MAIN_x.seg"), lambda: 3),   # same generation: a damaged index
    (FileNotFoundError("_MAIN_3.toc"), lambda: -1),  # no generation left: a deleted index
    (ValueError("garbage"), iter(range(100)).__next__),  # damage, even with commits going on
    (PermissionError("MAIN_x.seg"), iter(range(100)).__next__),
], ids=["damaged", "deleted", "decoding error", "other OSError"])
def test_damage_is_never_retried(error: Exception, latest: Callable[[], int]) -> None:
    calls: list[int] = []
    with pytest.raises(type(error)):
        open_retrying(failing(99, error, calls), latest)
    assert calls == [0]


def test_an_open_of_a_chosen_generation_compares_against_it() -> None:
    """A pooled searcher of generation 3 while 4 is the latest: its files
    going means 4 removed them, so it is retried (once 4 is chosen, not)."""
    calls: list[int] = []
    tried = iter([3, 4])
    with pytest.raises(FileNotFoundError):
        open_retrying(failing(99, FileNotFoundError("MAIN_x.seg"), calls), lambda: 4,
                      tried=lambda: next(tried))
    assert calls == [0, 1]


def test_a_damaged_index_is_opened_once_per_request(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        app_client: Callable[[Path], FlaskClient]) -> None:
    """Deleted segment files (the TOC still the latest): the 503 comes from
    the first failed open, with no retries stacked on it."""
    path = tmp_path / "ix"
    build_index(path)
    delete_segment_files(path)
    opens: list[int] = []
    real = searchers.Generation

    def counting(ix: object) -> searchers.Generation:
        opens.append(1)
        return real(ix)

    monkeypatch.setattr(searchers, "Generation", counting)
    client = app_client(path)
    opens.clear()
    assert client.get("/api/search?q=budget").status_code == 503
    assert len(opens) == 1


def test_a_pooled_searcher_whose_files_a_commit_removed_is_reopened_on_the_new_one(
        memory_index: Index, make_article: Callable[..., Article],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The handle's generation lost its files to a newer commit: one more
    checkout, on the refreshed generation, answers."""
    write_articles(memory_index, [make_article("a1", ["Budget talks stalled."])])
    with memory_index.reading():
        pass  # the first generation is now the handle's
    stale = memory_index._gen
    write_articles(memory_index, [make_article("a2", ["Ferry fares rose."])])
    memory_index._gen = stale  # as if the refresh had not happened yet
    calls: list[int] = []

    def gone() -> None:
        calls.append(stale.number)
        raise FileNotFoundError("MAIN_old.seg")

    monkeypatch.setattr(stale, "checkout", gone)
    monkeypatch.setattr(memory_index, "_toc_changed", lambda: False)
    monkeypatch.setattr(memory_index, "stale_check_seconds", 3600.0)  # no timed refresh first
    with memory_index.reading() as searcher:
        assert searcher.doc_count() == 2
    assert calls == [stale.number]


def test_a_pooled_searcher_of_the_latest_commit_missing_files_is_not_retried(
        memory_index: Index, make_article: Callable[..., Article],
        monkeypatch: pytest.MonkeyPatch) -> None:
    write_articles(memory_index, [make_article("a1", ["Budget talks stalled."])])
    calls: list[int] = []

    def gone() -> None:
        calls.append(1)
        raise FileNotFoundError("MAIN_x.seg")

    monkeypatch.setattr(memory_index._gen, "checkout", gone)
    # Not retried, and told as what it is: a damaged index (a 503 with its
    # repair), not a bare FileNotFoundError (a 500).
    with pytest.raises(IndexUnavailableError, match="is damaged"):
        with memory_index.reading():
            pass
    assert calls == [1]


def test_a_pooled_searcher_missing_its_files_answers_503_on_every_page(
        memory_index: Index, make_article: Callable[..., Article],
        monkeypatch: pytest.MonkeyPatch) -> None:
    write_articles(memory_index, [make_article("a1", ["Budget talks stalled."])])

    def gone() -> None:
        raise FileNotFoundError("MAIN_x.seg")

    monkeypatch.setattr(memory_index._gen, "checkout", gone)
    client = create_app(index=memory_index).test_client()
    for url in ("/?q=budget", "/api/search?q=budget", "/speakers", "/doc/a1"):
        response = client.get(url)
        assert response.status_code == 503, url
        assert b"damaged" in response.data, url
