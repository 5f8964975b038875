"""Whose words "the report said" gives (issue #32): the body the text gives as
the document's author or owner ("the Daily Bugle reported", "Acme published a
report", "In a report, the committee stated", "the Commission report"); never
a day, a month or "MPs" ("Friday's report", "a report by two MPs
committees"); no one when no issuer is named."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "speaker"), [
    # a body that reported: the report is its own, not the firm the story is about
    ("Vexa Ferries will sell its cargo arm, the Sunday Mail reported. Buyers valued it at £9m, the report added.",
     "Sunday Mail"),
    ("Norland Mills may close two plants, the Evening Herald reported on Monday. Norland Mills shares fell. "
     "The unions were told first, the report said.", "Evening Herald"),
    # a body that published or issued the report
    ("The Harbour Trust published a report on ferry safety. The Vexa Ferry Company said it was surprised. "
     "The report said that night crossings needed more crew.", "Harbour Trust"),
    ("The Norland Audit Office issued its annual report on Monday. The Vexa Ferry Company said it was surprised. "
     "The report said the fares had risen too fast.", "Norland Audit Office"),
])
def test_the_body_that_reported_or_issued_owns_the_report(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)][-1] == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    # a lowercase description of the body after "In a report": the body named before, not the last one
    ("The Home Office backs the rules. The Norland Committee on Water Safety disagrees. In its report the "
     "committee warned of a \"grave risk\" to swimmers. The Vexa Water Company was not asked. The rules "
     "breached the law, the report added.", "Norland Committee on Water Safety"),
    # a guard: right before the change too
    ("The rules are backed by the Home Office. They were questioned by the Norland Committee on Water Safety. "
     "In a report published last June the cross-party committee stated there was a \"grave risk\" to "
     "swimmers. The rules breached the law, the report added.", "Norland Committee on Water Safety"),
    # the owner named in the phrase is the body, never "Commission report"
    ("The study, run by the Norland Trade Commission, is long. But the Commission report says that exports "
     "fell in most towns.", "Norland Trade Commission"),
    ("A review by the Norland Fisheries Council came out. The Council review says that stocks were low.",
     "Norland Fisheries Council"),
])
def test_the_body_a_description_or_owner_names(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)][-1] == speaker


@pytest.mark.parametrize("text", [
    # a day or a month before the noun names no body
    ("A report by two MPs committees called on Friday for new voting rules. Wednesday's report was drawn up by "
     "two committees. The report said that postal votes needed checks."),
    ("The ferry report came out in March. March's report was long. The report said the piers were unsafe."),
    # "MPs" alone is no body's name
    ("A report by MPs was published. The report said that the piers were unsafe."),
])
def test_a_day_month_or_mps_names_no_issuer(text: str) -> None:
    assert [q.speaker for q in reported(text)][-1] is None


@pytest.mark.parametrize(("text", "speaker"), [
    # a dated document ("Friday's statement") is a definite one: the day is no owner
    ("The Norland Sailing Union said the race was off. Friday's statement said that the crews would be paid.",
     "Norland Sailing Union"),
    ("The Harbour Trust said it would act. Its chief Tom Dahl resigned. Monday's report said that the piers "
     "were unsafe.", "Harbour Trust"),  # a guard: right before the change too
    # a newspaper's report keeps the masthead's whole name (a guard: right before the change too)
    ("Vexa Ferries may merge, the Sunday Herald said. However, the Sunday Herald report added that the deal "
     "could fail.", "Sunday Herald"),
])
def test_a_dated_or_newspapers_document_is_its_issuers(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)][-1] == speaker
