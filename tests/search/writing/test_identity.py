"""Article identity (issue 17): a file claiming another article's canonical
URL is kept apart, an edited copy becomes a new version with the old one
retrievable, an identical copy is not rewritten, and metadata is stored
once per article (search.writing.identity, search.storage.articledb.records, search.features.versions)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.features.articleview import get_article
from onrecord.search.features.versions import diff_paragraphs
from onrecord.search.model import IngestSummary, Paragraph, SearchRequest
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.identity import SIMILARITY_THRESHOLD, text_overlap
from onrecord.web.app import create_app

CANONICAL = "https://realnews.example/2021/budget"
BUDGET = [
    "The city council passed the 2021 budget after a late-night vote on Tuesday, "
    "ending weeks of argument over library funding.",
    '"We found the money without closing a single branch," said council leader Ann Smallman.',
    "Opposition members said the plan relied on optimistic forecasts for business rates.",
]


def page(folder: Path, name: str, paragraphs: list[str], canonical: str = CANONICAL,
         outlet: str | None = "RealNews", title: str = "Budget passes after late-night vote",
         published: str | None = "2021-03-03") -> Path:
    """Write a saved HTML page and return its path."""
    metas = f'<link rel="canonical" href="{canonical}">'
    if outlet:
        metas += f'<meta property="og:site_name" content="{outlet}">'
    if published:
        metas += f'<meta property="article:published_time" content="{published}">'
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    path = folder / name
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><head><title>{title}</title>{metas}</head>"
                    f"<body><article>{body}</article></body></html>", encoding="utf-8")
    return path


@pytest.fixture()
def index(disk_index: Index) -> Index:
    """An empty on-disk index (conftest's disk_index) for each test."""
    return disk_index


def ingest(index: Index, *paths: Path, workers: int = 1, cluster: str = "",
           config: Config | None = None) -> IngestSummary:
    return ingest_paths(list(paths), index, workers=workers, cluster=cluster, config=config)


def counts(summary: IngestSummary) -> tuple[int, int, int, int]:
    return summary.new, summary.updated, summary.unchanged, len(summary.conflicts)


def texts(index: Index, doc_id: str, version: int | None = None) -> list[str]:
    return [p.text for p in get_article(index, doc_id, version=version).paragraphs]


def test_a_page_claiming_another_articles_url_is_kept_apart(tmp_path: Path,
                                                            index: Index) -> None:
    real = page(tmp_path / "in", "a.html", BUDGET)
    first = ingest(index, real)
    (doc_id,) = {h.doc_id for h in search(index, SearchRequest(query="budget")).hits}
    hijack = page(tmp_path / "in", "b.html", [
        "Local football club signs a new striker from the second division.",
        '"I will close every library in the city," said council leader Ann Smallman.'],
        canonical="HTTPS://RealNews.example/2021/budget/?utm_source=x#top")
    second = ingest(index, hijack)
    assert counts(first) == (1, 0, 0, 0) and counts(second) == (0, 0, 0, 1)
    (path, kept_as, claimed, why) = second.conflicts[0]
    assert (Path(path).name, claimed) == ("b.html", doc_id) and kept_as != doc_id
    assert "shares" in why and "text" in why
    # The first article's permalinks still show its own text; the copy has its own.
    assert texts(index, doc_id) == BUDGET
    assert get_article(index, doc_id).versions == []
    assert texts(index, kept_as)[1].startswith('"I will close every library')
    assert get_article(index, kept_as).claims == doc_id
    hits = search(index, SearchRequest(query="close every library")).hits
    assert [h.doc_id for h in hits] == [kept_as]


def test_a_syndicated_copy_with_a_cross_domain_canonical_is_kept_apart(
        tmp_path: Path, index: Index) -> None:
    ingest(index, page(tmp_path / "in", "a.html", BUDGET))
    copy = page(tmp_path / "in", "copy.html", BUDGET, outlet="Daily Copy",
                title="Budget passes after late-night vote | Daily Copy")
    summary = ingest(index, copy)
    assert counts(summary) == (0, 0, 0, 1) and "outlet" in summary.conflicts[0][3]
    kept_as, claimed = summary.conflicts[0][1:3]
    assert get_article(index, claimed).meta.outlet == "RealNews"
    assert get_article(index, kept_as).meta.outlet == "Daily Copy"
    # Syndication: both copies are searchable, the second folded under the first.
    assert search(index, SearchRequest(query="optimistic forecasts")).total == 2
    # The copy's own next edit is an update of the copy, not another conflict.
    edited = page(tmp_path / "in", "copy.html", BUDGET[:2] + ["Opposition members objected."],
                  outlet="Daily Copy")
    assert counts(ingest(index, edited)) == (0, 1, 0, 0)
    assert texts(index, kept_as, version=1) == BUDGET


def test_an_update_keeps_version_one_and_marks_the_change(tmp_path: Path, index: Index) -> None:
    ingest(index, page(tmp_path / "v1", "a.html", BUDGET))
    edited = [BUDGET[0], BUDGET[1].replace("a single branch", "any branch this year"),
              BUDGET[2], "The mayor is expected to sign it on Friday."]
    summary = ingest(index, page(tmp_path / "v2", "a.html", edited))
    assert counts(summary) == (0, 1, 0, 0)
    (doc_id,) = {h.doc_id for h in search(index, SearchRequest(query="budget")).hits}
    assert texts(index, doc_id) == edited
    assert texts(index, doc_id, version=1) == BUDGET
    # Only the current version is searched.
    assert search(index, SearchRequest(query="single branch")).total == 0
    assert search(index, SearchRequest(query="mayor friday")).total == 1
    client = create_app(index=index, config=Config()).test_client()
    current = BeautifulSoup(client.get(f"/doc/{doc_id}").data, "html.parser")
    assert "Changed since it was first indexed" in current.select_one(".versions").get_text()
    assert [i.get_text() for i in current.select("#p2 ins")] == ["any", "this year"]
    assert [d.get_text() for d in current.select("#p2 .was del")] == ["a single"]
    assert current.select_one("#p4 ins").get_text() == edited[3]
    old = client.get(f"/doc/{doc_id}?version=1")
    assert old.status_code == 200
    old_page = BeautifulSoup(old.data, "html.parser")
    assert "a single branch" in old_page.select_one("#p2").get_text()
    assert "An earlier version" in old_page.select_one(".versions").get_text()
    assert old_page.select("ins") == [] and old_page.select_one("#p4") is None
    assert client.get(f"/doc/{doc_id}?version=7").status_code == 404
    assert client.get(f"/doc/{doc_id}?version=x").status_code == 400


def test_an_identical_reingest_is_unchanged_and_not_rewritten(tmp_path: Path,
                                                             index: Index) -> None:
    path = page(tmp_path / "in", "a.html", BUDGET)
    ingest(index, path)
    generation = index._ix.latest_generation()
    summary = ingest(index, path)
    assert counts(summary) == (0, 0, 1, 0)
    assert (summary.articles, summary.paragraphs) == (1, 3)
    assert index._ix.latest_generation() == generation  # no commit at all
    # An older copy met again after an update does not take the place of the newer one.
    ingest(index, page(tmp_path / "v2", "a.html", BUDGET + ["A new closing line was added."]))
    assert counts(ingest(index, path)) == (0, 0, 1, 0)
    assert len(texts(index, search(index, SearchRequest(query="budget")).hits[0].doc_id)) == 4


@pytest.mark.parametrize("workers", [1, 2])
def test_a_mixed_run_is_counted_and_means_the_same_on_a_cluster(
        tmp_path: Path, workers: int, dask_address: str) -> None:
    # One file per worker task: the edit and the hijack land in other chunks of
    # the same wave as the article they meet, and are resolved after it.
    one_file_tasks = Config(task_min_bytes=1, task_max_bytes=1)
    on = dask_address if workers == 2 else ""
    folder = tmp_path / "in"
    page(folder, "1-same.html", ["A ferry timetable changed for the winter months ahead."],
         canonical="https://realnews.example/ferry")
    page(folder, "2-a.html", BUDGET)
    page(folder, "3-a-edit.html", BUDGET + ["The mayor is expected to sign it on Friday."])
    page(folder, "4-hijack.html", ["A completely different story about football transfers."])
    index = open_index(tmp_path / "ix", create=True)
    try:
        ingest(index, folder / "1-same.html", cluster=on, config=one_file_tasks)
        summary = ingest(index, folder, cluster=on, config=one_file_tasks)
        assert counts(summary) == (1, 0, 1, 1)  # the budget article: new, then its update
        assert (summary.articles, summary.paragraphs) == (3, 1 + 4 + 1)
        doc_id = summary.conflicts[0][2]
        assert texts(index, doc_id)[-1].startswith("The mayor")
        assert texts(index, doc_id, version=1) == BUDGET
        assert check_index(tmp_path / "ix").ok
    finally:
        index.close()


def test_cli_prints_the_counts_and_lists_conflicts(tmp_path: Path, cli_runner: CliRunner) -> None:
    page(tmp_path / "one", "a.html", BUDGET)
    page(tmp_path / "two", "b.html", ["Something else entirely about the harbour works."])
    runner, index_dir = cli_runner, str(tmp_path / "ix")
    assert runner.invoke(main, ["index", str(tmp_path / "one"), "--index", index_dir]).exit_code == 0
    result = runner.invoke(main, ["index", str(tmp_path / "two"), str(tmp_path / "one"),
                                  "--index", index_dir])
    assert result.exit_code == 0, result.output
    assert "Articles: 0 new, 0 updated (earlier versions kept), 1 unchanged, 1 conflicting" in result.output
    assert "conflict " in result.output and "b.html: kept apart as /doc/u" in result.output


def test_records_written_before_a_failed_commit_are_harmless(
        tmp_path: Path, index: Index, monkeypatch: pytest.MonkeyPatch) -> None:
    from onrecord.search.errors import IndexWriteError
    from onrecord.search.writing.commits import DurableWriter
    first = page(tmp_path / "v1", "a.html", BUDGET)
    ingest(index, first)
    (doc_id,) = {h.doc_id for h in search(index, SearchRequest(query="budget")).hits}
    edited = page(tmp_path / "v2", "a.html", BUDGET[:2] + ["Opposition members objected."])

    def crash(self: DurableWriter, *args: object, **kwargs: object) -> None:
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as patched:
        patched.setattr(DurableWriter, "commit", crash)
        with pytest.raises(IndexWriteError):
            ingest(index, edited)
    # The new version's record is on disk, but nothing names it.
    assert texts(index, doc_id) == BUDGET and get_article(index, doc_id).versions == []
    assert [p for p in check_index(tmp_path / "ix").problems if "orphan" not in p] == []
    assert counts(ingest(index, edited)) == (0, 1, 0, 0)  # the re-run completes the update
    assert texts(index, doc_id, version=1) == BUDGET
    assert [v.number for v in get_article(index, doc_id).versions] == [1, 2]


def test_check_reports_a_lost_record_and_a_rerun_restores_it(tmp_path: Path,
                                                             index: Index) -> None:
    path = page(tmp_path / "in", "a.html", BUDGET)
    ingest(index, path)
    index.records._db.execute("DELETE FROM versions")
    report = check_index(tmp_path / "ix")
    assert not report.ok and "no record" in report.problems[0]
    assert "restores missing records" in report.repair()
    ingest(index, path)
    assert check_index(tmp_path / "ix").ok


def amplification_page(folder: Path) -> Path:
    """A ~169 KB page: a 100,000-character title and 2,000 paragraphs."""
    rnd = random.Random(17)
    words: list[str] = []
    while sum(len(w) + 1 for w in words) < 100_000:
        words.append("".join(rnd.choice("abcdefghijklmnopqrstuvwxyz")
                             for _ in range(rnd.randint(3, 9))))
    title = " ".join(words)[:100_000]
    body = "".join(f"<p>Paragraph {i} of the report.</p>" for i in range(2000))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "amplify.html"
    path.write_text(f"<html><head><title>{title}</title><link rel='canonical' "
                    f"href='https://amp.example/a'></head><body><article>{body}</article>"
                    "</body></html>", encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_amplification_page_indexes_to_under_ten_times_its_size(tmp_path: Path) -> None:
    path = amplification_page(tmp_path / "in")
    size = path.stat().st_size
    assert 160_000 < size < 180_000
    index = open_index(tmp_path / "ix", create=True)
    try:
        summary = ingest(index, path)
        stored = get_article(index, summary.conflicts[0][1] if summary.conflicts else
                             search(index, SearchRequest()).hits[0].doc_id)
    finally:
        index.close()
    assert summary.paragraphs == 2000
    assert stored.meta.title is not None and 1000 < len(stored.meta.title) <= 2048
    on_disk = sum(f.stat().st_size for f in (tmp_path / "ix").iterdir() if f.is_file())
    # The title is indexed once (on paragraph 1), so it cannot amplify.
    # The text is indexed twice (stemmed words; every word at its position
    # and the common grams in `exact`), but the stemmed field keeps no
    # spelling word list of its own: 9.45x.
    assert on_disk < 10 * size, f"{on_disk:,} bytes of index for a {size:,}-byte page"


def test_diff_marks_inserted_removed_and_changed_paragraphs() -> None:
    def paras(*texts: str) -> list[Paragraph]:
        return [Paragraph(id=f"d-p{n}", n=n, start=0, end=len(t), text=t)
                for n, t in enumerate(texts, start=1)]

    old = paras("Keep this one.", "The vote was close.", "Dropped entirely.")
    new = paras("Keep this one.", "The vote was very close.", "Brand new paragraph.")
    changes = diff_paragraphs(old, new)
    # A paragraph replaced by an unrelated one is removed and inserted, not edited.
    assert [(c.kind, c.n) for c in changes] == [("changed", 2), ("removed", 2), ("inserted", 3)]
    assert changes[1].old_text == "Dropped entirely."
    changed = changes[0]
    assert [new[1].text[s:e] for s, e in changed.inserted] == ["very"]
    assert changed.removed == []
    whole = diff_paragraphs(paras("One here.", "Two here."), paras("Two here."))
    assert [(c.kind, c.n, c.old_text) for c in whole] == [("removed", 0, "One here.")]
    grown = diff_paragraphs(paras("One here."), paras("One here.", "Two here."))
    assert [(c.kind, c.n, c.inserted) for c in grown] == [("inserted", 2, [(0, 9)])]


def test_text_overlap_tells_a_version_from_another_article() -> None:
    grown = BUDGET + ["The mayor is expected to sign it on Friday, aides said on Wednesday."]
    edited = [BUDGET[0].replace("Tuesday", "Monday"), *BUDGET[1:]]
    other = ["Local football club signs a new striker from the second division.",
             '"I will close every library in the city," said council leader Ann Smallman.']
    assert text_overlap(BUDGET, grown).kept == 1.0  # all of the indexed text is kept
    assert text_overlap(BUDGET, grown).is_edit() and text_overlap(BUDGET, edited).is_edit()
    assert max(text_overlap(BUDGET, other).kept, text_overlap(BUDGET, other).found) < 0.2
    assert not text_overlap(BUDGET, other).is_edit(one_side_enough=True)
    fragment = text_overlap(BUDGET, [BUDGET[0], '"Not a word of this was said," said Ann Smallman.'])
    assert fragment.found >= SIMILARITY_THRESHOLD > fragment.kept
    assert not fragment.is_edit() and fragment.is_edit(one_side_enough=True)
    assert text_overlap(["Old budget words."], ["New budget words."]).is_edit()
    assert not text_overlap(["Old budget words."], ["Harbour works."]).is_edit(one_side_enough=True)


def test_new_annotations_of_the_same_text_rewrite_in_place_without_a_version(
        tmp_path: Path, index: Index) -> None:
    from dataclasses import replace

    from onrecord.indexer.pipeline import extract_file
    from onrecord.search.model import Quote
    from onrecord.search.writing.commits import write_articles
    from onrecord.search.writing.identity import open_resolver
    long_title = "Budget " + "very " * 600 + "long"  # longer than a record keeps
    (article,) = extract_file(page(tmp_path / "in", "a.html", BUDGET, title=long_title))
    ingest(index, tmp_path / "in" / "a.html")
    first = article.paragraphs[0]
    reannotated = replace(article, paragraphs=[
        replace(first, quotes=[Quote(text="ending weeks", start=first.start + 70,
                                     end=first.start + 82)]), *article.paragraphs[1:]])
    resolver = open_resolver(index)
    try:
        resolution = resolver.add(reannotated)
        write_articles(index, resolver.to_write.values(), resolver.records)
    finally:
        resolver.close()
    assert (resolution.status, resolution.written) == ("unchanged", True)
    stored = get_article(index, article.id)
    assert stored.versions == [] and len(stored.paragraphs[0].quotes) == 1
