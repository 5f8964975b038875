"""The speakers file (indexer.annotate.corrections, issue #12): aliases merge into
one canonical name, blocked values are no speaker, every change is marked
speaker_source "user", and a correction reaches the index on the next run
as an update of the article (not a copy)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.annotate.corrections import (
    Corrections,
    CorrectionsError,
    correct_paragraph,
    load_corrections,
)
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.model import USER_SOURCE, Paragraph, Quote
from onrecord.search.storage.opening import open_index
from onrecord.web.app import create_app
from onrecord.web.pages.render import describe_quote

ENV_VAR = "ONRECORD_SPEAKERS"  # the speakers setting's variable
FILE = {"speakers": [{"name": "Tony Blair", "type": "person", "aliases": ["Anthony Blair"]}],
        "block": ["Kim Ray"]}
ARTICLE = ('"We will not waver," Anthony Blair said on Monday.\n\n'
           '"The border stays open," Kim Ray said.\n\n'
           '"Nothing changes," said Carla Mendes.\n')


def write_file(folder: Path, data: object = FILE) -> Path:
    path = folder / "speakers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def para(*speakers: str) -> Paragraph:
    quotes = [Quote(text=f'"words {i}"', start=0, end=9, speaker=s, evidence="named",
                    confidence=0.9, speaker_source="rule:cue_after_name")
              for i, s in enumerate(speakers)]
    return Paragraph(id="a-p1", n=1, start=0, end=40, text="x", quotes=quotes, speakers=sorted(speakers))


@pytest.mark.parametrize("speaker, expected, source", [
    ("Anthony Blair", "Tony Blair", USER_SOURCE),   # an alias: the canonical name
    ("anthony  BLAIR", "Tony Blair", USER_SOURCE),  # spaces and case do not matter
    ("Kim Ray", None, USER_SOURCE),                 # blocked: no speaker at all
    ("Carla Mendes", "Carla Mendes", "rule:cue_after_name"),  # untouched
])
def test_a_correction_replaces_or_removes_the_speaker(tmp_path: Path, speaker: str,
                                                      expected: str | None, source: str) -> None:
    corrections = load_corrections(write_file(tmp_path))
    fixed = correct_paragraph(para(speaker), corrections)
    assert fixed.quotes[0].speaker == expected and fixed.quotes[0].speaker_source == source
    assert fixed.speakers == ([expected] if expected else [])


def test_no_file_changes_nothing() -> None:
    assert not load_corrections()
    original = para("Anthony Blair")
    assert correct_paragraph(original, Corrections({}, frozenset())) is original


@pytest.mark.parametrize("content, message", [
    ("{not json", "malformed speakers file"),
    ('{"speakers": [{"aliases": ["x"]}]}', "malformed speakers file"),
    ('{"speakers": [{"name": "A B", "type": "robot"}]}', "malformed speakers file"),
])
def test_a_bad_file_is_named_in_the_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CorrectionsError, match=message) as caught:
        load_corrections(path)
    assert str(path) in str(caught.value)


def test_a_missing_file_stops_the_index_run_with_one_line(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(ARTICLE, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "nowhere.json"))
    result = CliRunner().invoke(main, ["index", str(tmp_path / "in"), "--index", str(tmp_path / "ix")])
    assert result.exit_code == 2 and "cannot read speakers file" in result.output


def speakers_of(index_dir: Path) -> list[dict[str, object]]:
    index = open_index(index_dir)
    try:
        client = create_app(index=index).test_client()
        data = client.get("/api/search?quotes_only=1&per_page=50").get_json()
    finally:
        index.close()
    return [q for hit in data["hits"] for q in hit["quotes"]]


def test_the_next_index_run_applies_the_file_as_an_update(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(ARTICLE, encoding="utf-8")
    runner, ix = CliRunner(), str(tmp_path / "ix")
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert runner.invoke(main, ["index", str(tmp_path / "in"), "--index", ix, "--workers", "1"]).exit_code == 0
    before = {q["speaker"] for q in speakers_of(tmp_path / "ix")}
    assert "Anthony Blair" in before and "Kim Ray" in before
    monkeypatch.setenv(ENV_VAR, str(write_file(tmp_path)))
    again = runner.invoke(main, ["index", str(tmp_path / "in"), "--index", ix, "--workers", "1"])
    assert again.exit_code == 0, again.output
    quotes = speakers_of(tmp_path / "ix")
    assert len(quotes) == 3  # updated in place, not a second copy
    by_text = {str(q["text"])[:8]: q for q in quotes}
    assert by_text['"We will']["speaker"] == "Tony Blair"
    assert by_text['"We will']["speaker_source"] == USER_SOURCE
    assert by_text['"The bor']["speaker"] is None


def test_the_quote_export_carries_the_evidence_columns(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(ARTICLE, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(write_file(tmp_path)))
    ix = tmp_path / "ix"
    assert CliRunner().invoke(main, ["index", str(tmp_path / "in"), "--index", str(ix),
                                     "--workers", "1"]).exit_code == 0
    index = open_index(ix)
    try:
        body = create_app(index=index).test_client().get("/export.csv?rows=quotes").get_data(as_text=True)
    finally:
        index.close()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert {"evidence", "confidence", "speaker_source"} <= set(rows[0])
    blair = next(r for r in rows if r["speaker"] == "Tony Blair")
    assert blair["speaker_source"] == USER_SOURCE


def test_the_speakers_setting_reaches_extract(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text(ARTICLE, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", "--json", str(path),
                                       "--setting", f"speakers={write_file(tmp_path)}"], env={ENV_VAR: None})
    assert result.exit_code == 0, result.output
    quotes = [q for p in json.loads(result.output)["paragraphs"] for q in p["quotes"]]
    assert [q["speaker"] for q in quotes] == ["Tony Blair", None, "Carla Mendes"]


def test_a_clusters_workers_apply_the_indexing_processs_speakers_files(tmp_path: Path, dask_address: str) -> None:
    # The session cluster's workers started before this test and never see
    # its settings: the files reach them read, as this process read them.
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(ARTICLE, encoding="utf-8")
    index = open_index(tmp_path / "ix", create=True)
    try:
        ingest_paths([tmp_path / "in"], index, cluster=dask_address,
                     config=Config(speakers=str(write_file(tmp_path))))
    finally:
        index.close()
    assert sorted(str(q["speaker"]) for q in speakers_of(tmp_path / "ix")) == ["Carla Mendes", "None", "Tony Blair"]


@pytest.mark.parametrize("quote, expected", [
    ({"speaker": "Ann Jones", "evidence": "pronoun", "speaker_source": "rule:pronoun_subject",
      "confidence": 0.7}, "speaker: Ann Jones; from a pronoun, rule:pronoun_subject, confidence 0.70"),
    ({"speaker": "Tony Blair", "evidence": "named", "speaker_source": USER_SOURCE},
     "speaker: Tony Blair; corrected by the speakers file"),
    ({"speaker": None}, "speaker: unknown"),
])
def test_the_article_page_tooltip_says_how_the_speaker_was_found(quote: dict, expected: str) -> None:
    assert describe_quote(quote) == expected
