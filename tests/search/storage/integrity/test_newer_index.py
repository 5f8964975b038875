"""An index a newer onrecord wrote: the error says to upgrade onrecord, not to rebuild (search.storage.integrity.damage)."""
from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from onrecord.search.config import load_config
from onrecord.search.engine import search
from onrecord.search.errors import IndexUnavailableError, NewerIndexError
from onrecord.search.model import SearchRequest
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.integrity.damage import newer_writer
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled import compactterms
from onrecord.search.storage.pooled.compactterms import CompactTermsCodec
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.factories import make_article
from tests.search.storage.codecs import bulk_writers_using

ARTICLES = [make_article(f"a{i}", [f"The mayor said the budget for {i} stalls."]) for i in range(1, 3)]


def write_with_future_codec(path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Write ARTICLES[1:] into the index at `path` with a codec class named as a newer onrecord's
    (`module`.FutureCodec); this onrecord then no longer finds that class."""
    codec = type("FutureCodec", (CompactTermsCodec,), {"__module__": module})
    with bulk_writers_using(monkeypatch, codec()) as patched:
        if module == compactterms.__name__:  # a class a module of this onrecord lacks
            patched.setattr(compactterms, "FutureCodec", codec, raising=False)
        else:  # a module this onrecord lacks
            patched.setitem(sys.modules, module, types.SimpleNamespace(FutureCodec=codec))
        index = open_index(path, create=True)
        write_articles(index, ARTICLES[1:])
        index.close()



def write_newer_index(path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Write an index at `path` this onrecord wrote (ARTICLES[:1]), then a newer onrecord's commit
    over it (write_with_future_codec)."""
    index = open_index(path, create=True)
    write_articles(index, ARTICLES[:1])
    index.close()
    write_with_future_codec(path, monkeypatch, module)

# The two ways a newer onrecord's table of contents fails to unpickle here.
FUTURE = [compactterms.__name__, "onrecord.search.storage.pooled.futureterms"]


@pytest.mark.parametrize("module", FUTURE)
def test_opening_an_index_a_newer_onrecord_wrote_says_to_upgrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    write_newer_index(tmp_path, monkeypatch, module)
    with pytest.raises(NewerIndexError) as raised:
        open_index(tmp_path)
    assert "newer onrecord" in str(raised.value) and "do not delete" in str(raised.value)
    assert raised.value.repair is not None and "upgrade onrecord" in raised.value.repair
    assert "rebuild" not in raised.value.repair


@pytest.mark.parametrize("module", FUTURE)
def test_a_running_reader_finding_a_newer_onrecords_commit_says_to_upgrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    reader = open_index(tmp_path, create=True)
    write_articles(reader, ARTICLES[:1])
    try:
        assert search(reader, SearchRequest(query="budget")).total == 1
        write_with_future_codec(tmp_path, monkeypatch, module)
        with pytest.raises(NewerIndexError):
            reader.refresh(force=True)
            search(reader, SearchRequest(query="budget"))
    finally:
        reader.close()


@pytest.mark.parametrize(("exc", "found"), [
    (ModuleNotFoundError("No module named 'onrecord.x'", name="onrecord.x"), "onrecord.x"),
    (ModuleNotFoundError("No module named 'numpy2'", name="numpy2"), None),  # not onrecord's: not a newer index
    (AttributeError("Can't get attribute 'C' on <module 'onrecord.y' from '/y.py'>"),
     "Can't get attribute 'C' on <module 'onrecord.y' from '/y.py'>"),
    (AttributeError("'NoneType' object has no attribute 'read'"), None),  # a bug, not a format
    (ValueError("bad"), None),
])
def test_a_newer_writer_is_told_by_what_could_not_be_unpickled(exc: BaseException, found: str | None) -> None:
    assert newer_writer(exc) == found
    try:
        raise OSError("wrapped") from exc
    except OSError as wrapped:
        assert newer_writer(wrapped) == found


def test_a_newer_index_error_is_an_unavailable_index() -> None:
    assert issubclass(NewerIndexError, IndexUnavailableError)  # web's 503 with its repair


@pytest.mark.parametrize("module", FUTURE)
def test_check_of_an_index_a_newer_onrecord_wrote_says_to_upgrade_not_to_delete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    write_newer_index(tmp_path, monkeypatch, module)
    report = check_index(tmp_path)
    assert not report.ok and report.newer and not report.damaged
    assert "newer onrecord" in " ".join(report.problems)
    assert "upgrade onrecord" in report.repair() and "delete" not in report.repair().replace("do not delete", "")


@pytest.mark.parametrize("path", ["/healthz", "/api/search?q=budget", "/?q=budget"])
def test_the_server_answers_a_newer_onrecords_index_with_503_and_upgrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    write_newer_index(tmp_path, monkeypatch, FUTURE[1])
    client = create_app(config=load_config(index_dir=tmp_path)).test_client()
    response = client.get(path)
    body = response.get_data(as_text=True)
    assert response.status_code == 503, body[:400]
    assert "upgrade onrecord" in body and "rebuild" not in body and str(tmp_path) not in body
