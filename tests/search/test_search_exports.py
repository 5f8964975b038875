"""search/'s front door: the names `onrecord.search` exports, listed here so
that a change to what web/, cli/ and indexer/ may use is a visible diff;
each resolves to its home module's object, lazily (importing the data
model loads no Whoosh) and at each lookup (a patch of the home module
reaches callers that go through the door)."""
from __future__ import annotations

import ast
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import onrecord.search
from onrecord.search import engine

DOOR = Path(onrecord.search.__file__)

# Grouped as search/__init__.py groups them.
EXPORTED = {
    # the data model
    "ALL_COLLECTIONS", "DEFAULT_COLLECTION", "Visibility", "is_collection_name",
    "Article", "Block", "BlockKind", "BlockRole", "CapturedPage", "DateBucket", "EntityList", "EntityProfile", "Evidence",
    "FacetValue", "Hit", "IngestSummary", "KIND_LABELS", "MAX_PER_PAGE", "Mention", "Metadata", "Paragraph", "ParsedArticle", "Quote",
    "SPEAKER_TYPES", "SEARCH_MODES", "SearchMode", "SearchRequest", "SearchResult", "Sighting", "SortOrder", "SourceFile", "SourceKind",
    "SpeakerType", "StoredArticle", "USER_SOURCE", "paragraph_permalink", "text_fragment",
    "PartialDate", "format_partial", "parse_iso_partial",
    # configuration
    "SETTINGS", "Config", "ConfigError", "Setting", "describe_settings", "is_loopback_host",
    "load_config", "serve_port", "parse_networks", "parse_rechecks",
    # errors
    "BusyError", "IndexUnavailableError", "NewerIndexError", "NotFoundError", "OnrecordError", "QueryError",
    # deadlines
    "Clock", "Deadline", "DeadlineExceeded",
    # facets
    "FACETS", "FACETS_BY_NAME", "NAME_FACETS", "FacetDef",
    # reading
    "Index", "open_index", "ram_index", "get_article", "search", "check_index",
    # writing
    "commit_batches", "hold_write_lock", "write_articles", "acquire_write_lock", "write_failure",
    "ArticleDigest", "Resolution", "Resolver", "digest_of", "open_resolver", "resolver_for", "VersionRecord",
    "LocalSegment", "PortableSegment", "SegmentBatch", "build_segment", "discard_segment", "drop_articles",
    "install_segment", "write_segment", "SCRATCH_DIR",
    # features
    "EXPORT_COLUMNS", "RowKind", "iter_export_rows", "cite_quote_dict", "Feed", "FeedEntry", "matching_in", "newest_changes",
    "newest_paragraphs",
    "article_openings", "MAX_NAMES", "LookupRow", "lookup_speakers", "name_tokens",
    "get_entity", "list_entities", "page_entities",
    # serving
    "Warmed", "freeze_survivors", "warm_index",
    # a watch's folder beside the index
    "capture_readable", "captures_folder", "state_path", "watch_folder", "AlertStatus", "SourceStatus", "WatchStatus",
    "read_watch_status",
    # processes
    "die_with_parent",
}
HOMES = {name: module for module, names in getattr(onrecord.search, "EXPORTS", ()) for name in names}


def test_the_door_exports_the_listed_names() -> None:
    assert set(onrecord.search.__all__) == EXPORTED
    assert len(onrecord.search.__all__) == len(EXPORTED)  # no name exported twice


@pytest.mark.parametrize("name", sorted(EXPORTED))
def test_each_name_is_its_home_modules_object(name: str) -> None:
    home = import_module(HOMES[name])
    assert getattr(onrecord.search, name) is getattr(home, name)


def type_checking_imports() -> dict[str, str]:
    """Return name -> module of the imports under `if TYPE_CHECKING:` in the door."""
    tree = ast.parse(DOOR.read_text())
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    return {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names}


def test_mypy_sees_the_names_the_door_resolves() -> None:
    assert type_checking_imports() == HOMES


def test_an_unexported_name_is_refused() -> None:
    with pytest.raises(AttributeError, match="exports no 'build_facet_table'"):
        _ = onrecord.search.build_facet_table  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        from onrecord.search import write_segment_file  # type: ignore[attr-defined]  # noqa: F401


def test_a_patch_of_the_home_module_reaches_the_door(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("patched")

    monkeypatch.setattr(engine, "search", refuse)
    assert onrecord.search.search is refuse


@pytest.mark.parametrize("module", ["onrecord.search", "onrecord.search.model", "onrecord.search.config",
                                    "onrecord.indexer.parse.html.parser"])
def test_the_data_model_loads_without_whoosh(module: str) -> None:
    # Importing the door or the model (a worker parsing pages) must not pay
    # for Whoosh and the engine.
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'whoosh'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
