"""Reported speech (issue #32), shapes found on PolNeAR train's misses: a
progressive cue ("is saying that"), a cue after a verb of continuing ("went
on to say"), a weekday between a cue and its "that", a that-clause after a
quoted title, and an adjunct holding another speaker's cue."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("Ann Vole is saying that the harbour will reopen in May.", "the harbour will reopen in May", "Ann Vole",
     "saying"),
    ("Ann Vole was also telling reporters that the harbour would reopen.", "the harbour would reopen", "Ann Vole",
     "telling"),
    ("Ann Vole continued to insist that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "insist"),
    ("Ann Vole went on to say the harbour would reopen in May.", "the harbour would reopen in May", "Ann Vole", "say"),
    ("Ann Vole was quick to point out that the port had reopened.", "the port had reopened", "Ann Vole",
     "point out"),
    ("Ann Vole said Tuesday that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "said"),
    ("The Daily Post reported Friday night that the harbour would reopen.", "the harbour would reopen",
     "The Daily Post", "reported"),  # written only as "The Daily Post": its name as written
    ('Speaking on "Harbour Hour," Ann Vole admitted that the harbour had closed too early.',
     "the harbour had closed too early", "Ann Vole", "admitted"),
])
def test_a_reported_clause_of_these_shapes_is_found(text: str, clause: str, speaker: str, cue: str) -> None:
    found = reported(text)
    assert [(q.text, q.speaker, q.cue) for q in found] == [(clause, speaker, cue)]


@pytest.mark.parametrize("text", [
    "Ann Vole hopes to say that the harbour will reopen in May.",  # "to" after a wish: still hedged
    "It is said that the harbour will reopen in May.",  # a passive: no one's report
    '"We will reopen," Ann Vole told a rally in the port on Monday.',  # the cue credits the quote before it
])
def test_hedges_passives_and_a_quote_before_the_cue_stay_out(text: str) -> None:
    assert [q.text for q in reported(text)] == []


def test_a_that_clause_after_an_adjunct_with_its_own_cue_is_that_cues() -> None:
    text = ('Ann Vole and Ben Tamm met in May. "Your port is great," Vole assured Tamm, '
            "after Tamm assured Vole that most of his readers backed her.")
    assert [(q.text, q.speaker) for q in reported(text)] == [("most of his readers backed her", "Ben Tamm")]


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Around 70 people would come to each rally, Ann Vole said.", "Around 70 people would come to each rally",
     "said"),  # a clause opening with a preposition, a modal in it: no opening adverbial
    ("The port needs a new crane, Ann Vole told a council panel on Wednesday.", "The port needs a new crane",
     "told"),  # who heard it closes the sentence: no clause of its own
    ("This is not about me, Ann Vole told her closest aides as she worked on one of her last speeches.",
     "This is not about me", "told"),
    ("Had the plan passed sooner, the port would be busier, Ann Vole and Ben Tamm argue.",
     "Had the plan passed sooner, the port would be busier", "argue"),
])
def test_a_clause_closed_by_its_attribution_is_found(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


@pytest.mark.parametrize("text", [
    "On Friday morning, the third day of her tour, Ann Vole told a joke.",  # what was told, no listener
    "On the label, it says.",  # an opening adverbial, no clause
    "Ann Vole, the port's chief and its owner, told the Daily Post last week she would sell the port.",
])
def test_an_appositive_or_an_adverbial_before_a_closing_cue_is_no_clause(text: str) -> None:
    assert all("chief" not in q.text and "third day" not in q.text and "label" not in q.text
               for q in reported(text))


@pytest.mark.parametrize("text", [
    "Ann Vole promised to reopen the harbour in May.",  # an infinitive: outside the reported speech
    "Ann Vole urged the council to reopen the harbour.",
    "Ann Vole wants to reopen the harbour in May.",  # a wish
    "Ann Vole plans to reopen the harbour in May.",  # a plan
])
def test_infinitives_wishes_and_plans_are_no_reported_clause(text: str) -> None:
    assert [q.text for q in reported(text)] == []


def test_according_to_a_long_source_closes_the_clause_before_it() -> None:
    text = ("The port and the council are nearing a deal on the harbour, according to Ann Vole and two aides "
            "who took part in the talks on its future.")  # the source runs past MAX_TAIL with no comma
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [
        ("The port and the council are nearing a deal on the harbour", "Ann Vole", "according to")]


# rep11: shapes sorted from PolNeAR train's misses (inline sentences, invented)

@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Sales were great, Ann Vole said, wiping her brow.", "Sales were great", "said"),
    ("The ferry will return next spring, the Daily Post reported, citing two officials.",
     "The ferry will return next spring", "reported"),
    ("The ferry will return next spring, the Daily Post reported, while in Dover the port stayed shut.",
     "The ferry will return next spring", "reported"),
])
def test_a_participle_or_a_time_clause_after_an_aside_closes_the_clause_before_it(
        text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("The Daily Post reported the ferry would come hours after the storm.", "the ferry would come hours after the storm",
     "reported"),
    ("Ann Vole wrote the harbour board had ignored her letters.", "the harbour board had ignored her letters", "wrote"),
    ("Ann Vole maintains the ferry is safe.", "the ferry is safe", "maintains"),
    ("Ann Vole tweeted the ferry was late again.", "the ferry was late again", "tweeted"),
])
def test_more_statement_cues_report_a_bare_clause_with_a_finite_verb(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


@pytest.mark.parametrize("text", [
    "The Daily Post reported the ferry crash on Monday.",  # an object, no clause
    "Ann Vole wrote a letter to the harbour board.",
    "Ann Vole maintains the old ferry in her yard.",
])
def test_those_cues_with_a_noun_object_report_nothing(text: str) -> None:
    assert [q.text for q in reported(text)] == []


def test_a_verb_coordinated_with_the_cue_is_no_clause_of_it() -> None:
    assert reported("The Daily Post reported big losses in May and was sold in June.") == []


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("The port moves more ships through its new crane, says harbour analyst Ann Vole in Dover.",
     "The port moves more ships through its new crane", "Ann Vole", "says"),
    ("The ferry will return next spring, Ann Vole said during her speech to the harbour council on Monday evening.",
     "The ferry will return next spring", "Ann Vole", "said"),
    ("The ferry was late again, Ann Vole maintains.", "The ferry was late again", "Ann Vole", "maintains"),
    ("As reported by the Daily Post, the ferry will return in May.", "the ferry will return in May", "Daily Post",
     "reported"),
    ("The ferry will return in May, as first reported by the Daily Post.", "The ferry will return in May",
     "Daily Post", "reported"),
])
def test_an_attribution_closing_or_opening_its_clause_is_found(text: str, clause: str, speaker: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, speaker, cue)]


@pytest.mark.parametrize(("text", "clauses"), [
    ("Although Ann Vole admitted that the storm was bad, she maintained that the port had done well.",
     ["the storm was bad", "the port had done well"]),
    ("Some skippers say the ferry is too slow, others say it is too small.",
     ["the ferry is too slow", "it is too small"]),
    ("Ann Vole said the port would close and other officials said it would stay open.",
     ["the port would close", "it would stay open"]),
    ("Ann Vole said the port had lost money, whereas Ben Tamm argued that it had made a profit.",
     ["the port had lost money", "it had made a profit"]),
])
def test_a_second_speaker_s_cue_ends_the_first_clause(text: str, clauses: list[str]) -> None:
    assert [q.text for q in reported(text)] == clauses


def test_a_new_subject_s_cue_with_an_object_still_ends_the_first_clause() -> None:
    text = "Ann Vole said the port would close in May, and she accused the harbour board of neglect."
    assert [q.text for q in reported(text)] == ["the port would close in May"]


def test_and_inside_the_clause_s_own_subject_joins_no_new_speaker() -> None:
    text = "Ann Vole said both she and Ben Tamm promised that the port would reopen."
    assert [q.text for q in reported(text)][:1] == ["both she and Ben Tamm promised that the port would reopen"]


@pytest.mark.parametrize(("text", "clause"), [
    ("The port quietly uses a private crane, according to officials familiar with the yard.",
     "The port quietly uses a private crane"),
    ("The ferry ran late all summer, according to skippers in the harbour.", "The ferry ran late all summer"),
    ("The plan, according to the harbour board, is to dredge the old channel in May.",
     "is to dredge the old channel in May"),
])
def test_according_to_a_bare_plural_source_or_around_a_short_subject(text: str, clause: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, "according to")]


def test_according_to_between_a_long_subject_and_its_verb_reports_the_predicate() -> None:
    text = "The port has a crane which, according to Ann Vole, is able to lift a whole ferry out of the water."
    assert [q.text for q in reported(text)] == ["is able to lift a whole ferry out of the water"]


def test_according_to_before_a_verb_and_a_quote_leaves_the_subject_alone() -> None:
    text = 'The port has a crane which, according to Ann Vole from the firm, can "lift a whole ferry".'
    assert [q.text for q in reported(text)] == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole asked the harbour board who would pay for the new crane.", "who would pay for the new crane"),
    ("Ann Vole explained to the council why the ferry had stopped running.", "why the ferry had stopped running"),
])
def test_a_question_after_a_listener_is_reported(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_what_after_explains_is_a_topic_not_a_report() -> None:
    assert reported("Ann Vole explains what a crane is and how to use one safely.") == []


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole joked that the ferry was older than the port.", "the ferry was older than the port", "joked"),
    ("The harbour board responded that the crane had passed every test.", "the crane had passed every test",
     "responded"),
    ("Ann Vole repeated that the port would stay open.", "the port would stay open", "repeated"),
    ("Ann Vole mentioned that the ferry had been late twice.", "the ferry had been late twice", "mentioned"),
    ("The ferry was older than the port, Ann Vole quipped.", "The ferry was older than the port", "quipped"),
    ("Ann Vole wrote to the board, stating that the crane was unsafe.", "the crane was unsafe", "stating"),
])
def test_more_speech_verbs_report_a_that_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


def test_a_participle_after_before_or_after_reports_for_the_sentence_s_subject() -> None:
    text = "Ann Vole thanked the crew before explaining why the ferry had stopped running."
    assert [(q.text, q.speaker) for q in reported(text)] == [("why the ferry had stopped running", "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Senior harbour officials who have seen the figures argue that the port will run out of money in May.",
     "the port will run out of money in May"),
    ("Skippers who use the old channel said the dredging had come too late.", "the dredging had come too late"),
])
def test_a_subject_with_a_who_clause_before_the_cue_is_the_speaker(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_a_listener_with_its_place_before_a_bare_clause() -> None:
    text = "Ann Vole told The Harbour Gazette of Dover last week she would vote against the crane."
    assert [q.text for q in reported(text)] == ["she would vote against the crane"]


@pytest.mark.parametrize(("text", "clauses"), [
    ("The port is too small, Ann Vole said Wednesday morning on Harbour Radio.", ["The port is too small"]),
    ("The port is too small, said Ann Vole, a senior analyst at Acme, who adds that the crane is too old.",
     ["The port is too small", "the crane is too old"]),
    ("The port is too small, said Ann Vole, Acme's harbour director.", ["The port is too small"]),
    ("The port is too small, said Ann Vole, executive director of the Harbour Trust.", ["The port is too small"]),
])
def test_a_closing_attribution_with_a_time_or_an_appositive(text: str, clauses: list[str]) -> None:
    assert [q.text for q in reported(text)] == clauses


@pytest.mark.parametrize(("text", "found"), [
    ("Ann Vole Says The Harbour Will Reopen In May\n\nThe port has been shut since March.",
     [("The Harbour Will Reopen In May", "Ann Vole")]),
    ("Harbour Board Said Old Channel Was Closed For Years\n\nThe channel silted up in May.",
     [("Old Channel Was Closed For Years", "Harbour Board")]),
    ("The Harbour Diaries of Said Vole\n\nA book about the port.", []),  # a name, no cue
])
def test_a_title_case_headline_reports_a_clause(text: str, found: list[tuple[str, str]]) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == found


@pytest.mark.parametrize("sentence, clause, speaker", [
    # the comma before a closing cue left out: the name after it ends the sentence or opens an appositive
    ("There are other pressures making banks turn to Windows said Dominic Vole, managing director of Acme "
     "Research.", "There are other pressures making banks turn to Windows", "Dominic Vole"),
    ("The plan will cut costs by a third next year said Ann Vole.", "The plan will cut costs by a third next year",
     "Ann Vole"),
    # a verb after the name: the clause is reported forward
    ("Shares in the bank fell on Monday after Acme said Bill Vole would step down as chairman next year.",
     "Bill Vole would step down as chairman next year", "Acme"),
])
def test_a_closing_cue_without_its_comma(sentence: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(sentence)] == [(clause, speaker)]


def test_a_two_word_participle_cue_reports_the_sentences_subjects_clause() -> None:
    found = reported("Ann Vole left the harbour hall, pointing out that the ferry would win.")
    assert [(q.text, q.speaker, q.cue) for q in found] == [("the ferry would win", "Ann Vole", "pointing out")]


def test_an_adverb_in_ly_between_a_cue_and_its_that_clause_is_stepped_over() -> None:
    found = reported("Harbour officials acknowledge privately that they were not surprised by the ferry delay.")
    assert [q.text for q in found] == ["they were not surprised by the ferry delay"]


@pytest.mark.parametrize("text", [
    "Ann Vole visited the harbour and said that the ferry board is not ready.",
    "Ann Vole met the ferry board and warned that the harbour is not ready.",
])
def test_a_cue_coordinated_after_a_short_verb_phrase_is_the_subjects(text: str) -> None:
    assert [q.speaker for q in reported(text)] == ["Ann Vole"]


def test_a_lowercase_subject_running_into_its_verb_still_reports_a_coordinated_cue() -> None:
    text = "Some ferry owners seek to leave the harbour lists and argue that their boats are worth far less."
    found = reported(text)
    assert [q.text for q in found] == ["their boats are worth far less"]
    assert found[0].speaker_mention is not None and found[0].speaker_mention.text == "Some ferry owners"


def test_according_to_after_an_opening_conjunction_opens_the_clause() -> None:
    found = reported("But according to Ann Vole, the ferry will reopen in May.")
    assert [(q.text, q.speaker) for q in found] == [("the ferry will reopen in May", "Ann Vole")]


@pytest.mark.parametrize(("text", "clauses"), [
    ("Also, said Ann Vole, the port has cut off ten ferry firms for breaking the rules.",
     ["the port has cut off ten ferry firms for breaking the rules"]),
    ("On a larger scale, said Ms Vole, changes to the way cranes are made can cut the power lost.",
     ["changes to the way cranes are made can cut the power lost"]),
    ("The hard part of running any port, said Ann Vole, was the basic work of loading ships.",
     ["The hard part of running any port", "was the basic work of loading ships"]),
    ("Some ports promise to fit more ships into the same space, said Mr Vole, though work still needed to be done.",
     ["Some ports promise to fit more ships into the same space", "work still needed to be done"]),
])
def test_the_clause_after_an_inverted_attribution_inside_the_sentence_is_found(text: str, clauses: list[str]) -> None:
    assert [q.text for q in reported(text)] == clauses


@pytest.mark.parametrize("text", [
    "The port will close, said Ann Vole, a professor of economics at Dover, who is one of the experts on ports.",
    "The port will close, said Ann Vole, CEO of Acme Group, which is based in Dover.",
    "The port will close, said Ann Vole, director of Acme Shipping.",
    "The port will close, said Ann Vole, speaking in Dover after the meeting had ended.",
])
def test_the_speakers_appositive_after_an_inverted_attribution_is_no_clause(text: str) -> None:
    assert [q.text for q in reported(text) if q.text != "The port will close"] == []


@pytest.mark.parametrize(("text", "clauses"), [
    ("Ann Vole said as many as 3,000 firms could lose their berths.", ["as many as 3,000 firms could lose their berths"]),
    ("Ann Vole said as much as £2bn could be saved by the port.", ["as much as £2bn could be saved by the port"]),
    ("Ann Vole said as much as the port could bear.", []),  # "said as much": no clause
])
def test_a_quantity_opening_with_as_many_as_is_a_bare_clauses_subject(text: str, clauses: list[str]) -> None:
    assert [q.text for q in reported(text)] == clauses


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole explained the ferry would be late all week.", "the ferry would be late all week", "explained"),
    ("Ann Vole denied the harbour board had ignored her letters.", "the harbour board had ignored her letters",
     "denied"),
    ("Ann Vole vowed the pier would be rebuilt by spring.", "the pier would be rebuilt by spring", "vowed"),
    ("Ann Vole recalled the old ferry was always full.", "the old ferry was always full", "recalled"),
    # "and" inside the clause's subject, not before its verb
    ("Ann Vole noted pilots and skippers have a harder time in winter.",
     "pilots and skippers have a harder time in winter", "noted"),
    # a weekday's possessive opens the clause: no time before it
    ("Ann Vole said Friday's storm had closed the harbour.", "Friday's storm had closed the harbour", "said"),
])
def test_further_statement_cues_and_subjects_report_a_bare_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


@pytest.mark.parametrize("text", [
    "Ann Vole explained the new timetable to the pilots.",
    "Ann Vole recalled her first winter at the harbour.",
    "Ann Vole denied the charges and the fines.",
])
def test_those_new_cues_with_a_noun_object_report_nothing(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole expressed concern that the ferry would not run in winter.", "the ferry would not run in winter",
     "expressed concern"),
    ("Ann Vole expressed doubt that the pier could be saved.", "the pier could be saved", "expressed doubt"),
])
def test_an_expressed_stance_reports_its_that_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


def test_an_expressed_stance_without_a_clause_reports_nothing() -> None:
    assert reported("Ann Vole expressed concern about the ferry timetable.") == []


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("Since last winter, according to Ann Vole, ferry pilots have lost more than 40 boats in the strait.",
     "ferry pilots have lost more than 40 boats in the strait", "Ann Vole"),
    ("Only one ferry sank in Dover last year, according to Ann Vole, and there were only eight reported leaks.",
     "Only one ferry sank in Dover last year", "Ann Vole"),
])
def test_an_according_aside_inside_a_sentence_reports_its_clause(text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


def test_an_according_aside_before_a_that_clause_is_no_subject_and_verb_after_it() -> None:
    text = "There was evidence, according to Ann Vole, that some ports were seeing fewer ferries."
    assert reported(text) == []


def test_a_new_subjects_bare_clause_after_a_quote_with_its_own_cue_is_reported() -> None:
    text = ('But even as Ben Tamm claimed on Tuesday that "Vole got off lightly," one of the harbour '
            "pilots said the two cases were quite different.")
    assert [q.text for q in reported(text)] == ["the two cases were quite different"]


def test_a_bare_object_after_a_quote_the_cue_credits_stays_no_clause() -> None:
    assert reported('"We will win the vote," Ann Vole told a rally in Dover on Monday.') == []


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("The harbour board sent an email on Wednesday saying that the ferry would not sail until June.",
     "the ferry would not sail until June", "saying"),
    ("Ann Vole filed a lawsuit in 2013 alleging that Ben Tamm had sold the same berth twice.",
     "Ben Tamm had sold the same berth twice", "alleging"),
])
def test_a_participle_after_a_document_and_its_time_reports_a_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


def test_a_participle_after_a_time_alone_reports_nothing() -> None:
    assert reported("The ferry left the harbour in May carrying more than 300 passengers.") == []


def test_a_finite_clause_after_a_comma_after_said_is_reported() -> None:
    text = "Ann Vole said, the harbour board would close the quay in May."
    assert [q.text for q in reported(text)] == ["the harbour board would close the quay in May"]


@pytest.mark.parametrize("text", [
    "Ann Vole said last week, when the board met in Dover.",
    "Ann Vole spoke last week, the harbour board would close the quay.",  # no speech cue
])
def test_a_comma_after_said_before_a_conjunction_opens_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Harbour manager Tom Reed acknowledged the former harbour master and the pilots had split the first two votes.",
     "the former harbour master and the pilots had split the first two votes"),
    ("Tom Reed admitted the new owners of the Dover ferry company had left the quay.",
     "the new owners of the Dover ferry company had left the quay"),
])
def test_a_bare_clause_with_a_subject_of_seven_or_eight_words_is_reported(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize("text", [
    "Tom Reed confirmed the harbour master's insistence that no sailing date had yet been set.",
    "Tom Reed agreed a compensation package with partner Acme Ferries which will see it buy the quay.",
])
def test_a_long_object_holding_a_relative_before_its_verb_is_no_clause(text: str) -> None:
    assert [q.text for q in reported(text)] == []
