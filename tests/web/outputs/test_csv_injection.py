"""CSV exports neutralise every cell a spreadsheet could run as a formula:
the rule is the FORMULA_TRIGGERS table, checked character by character here,
through iter_csv, and through /export.csv over a real (in-memory) index."""
from __future__ import annotations

import csv
import io
import sys
import unicodedata

import pytest

from onrecord.search.config import Config
from onrecord.search.model import Metadata
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from onrecord.web.outputs.exports import FORMULA_TRIGGERS, cell_value, iter_csv
from tests.factories import make_article

ASCII_TRIGGERS = "=+-@"
# The triggers OWASP and ASVS name, and the full-width forms (Excel with an
# East Asian IME reads them as ASCII), written out so the table cannot drift.
REQUIRED = ["=", "+", "-", "@", "\t", "\r", "\n", "\0", "＝", "＋", "－", "＠"]
PAYLOAD = 'cmd|"/c calc"!A1'


@pytest.mark.parametrize("lead", REQUIRED, ids=lambda c: f"U+{ord(c):04X}")
def test_required_triggers_are_in_the_table(lead: str) -> None:
    assert lead in FORMULA_TRIGGERS


@pytest.mark.parametrize("lead", list(FORMULA_TRIGGERS), ids=lambda c: f"U+{ord(c):04X}")
def test_a_cell_starting_with_a_trigger_gets_an_apostrophe(lead: str) -> None:
    assert cell_value(lead + PAYLOAD) == "'" + lead + PAYLOAD
    assert cell_value([lead + "x", "y"]) == "'" + lead + "x; y"  # a joined list cell too


def test_every_compatibility_form_of_a_trigger_is_in_the_table() -> None:
    folded = [chr(c) for c in range(sys.maxunicode + 1)
              if unicodedata.normalize("NFKC", chr(c)) in ASCII_TRIGGERS]
    missing = [f"U+{ord(c):04X}" for c in folded if c not in FORMULA_TRIGGERS]
    assert not missing


@pytest.mark.parametrize("value", ["plain", "'already text", " =not leading", "a=b", "2+2", "x\0=y",
                                   "“Sorry,” she said", "", "−5 (U+2212 is not folded to -)"])
def test_other_cells_are_unchanged(value: str) -> None:
    assert cell_value(value) == value


@pytest.mark.parametrize("lead", list(FORMULA_TRIGGERS), ids=lambda c: f"U+{ord(c):04X}")
def test_csv_round_trip_keeps_the_apostrophe(lead: str) -> None:
    text = "".join(iter_csv(iter([{"quote": lead + PAYLOAD, "n": 1}]), ["quote", "n"]))
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[1] == ["'" + lead + PAYLOAD, "1"]


def test_export_csv_neutralises_titles_and_outlets_from_the_index() -> None:
    leads = ["\0", "＝", "＠", "\t", "-"]
    articles = []
    for i, lead in enumerate(leads):
        text = f"The ferry budget was debated again, paragraph {i}."
        articles.append(make_article(f"evil{i}", [text], meta=Metadata(title=lead + "HYPERLINK(\"http://x\")",
                                                                        outlet=lead + "Outlet")))
    index = ram_index()
    write_articles(index, articles)
    client = create_app(index=index, config=Config()).test_client()
    response = client.get("/export.csv?q=ferry&rows=paragraphs")
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True), newline="")))
    assert len(rows) == len(leads)
    for row in rows:
        assert row["title"].startswith("'") and row["title"][1] in leads, row["title"]
        assert row["outlet"].startswith("'") and row["outlet"][1:].endswith("Outlet")
