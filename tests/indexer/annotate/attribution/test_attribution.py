"""Speaker attribution on short invented articles (paragraphs = blank-line blocks)."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.names.runs import split_run
from onrecord.indexer.annotate.attribution.people.people import within_one_edit
from onrecord.indexer.annotate.attribution.phrases.cues.cues import is_speaker_noun
from onrecord.search.model import Article, Metadata, Paragraph, Quote


def chunk(text: str) -> Article:
    paras = [Paragraph(id=f"t-{i}", n=i, start=m.start(), end=m.end(), text=m.group())
             for i, m in enumerate(re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", text, re.S), 1)]
    return Article(id="t", source="t", text=text, meta=Metadata(), paragraphs=paras)


def quotes(text: str) -> list[Quote]:
    """The quotes (direct and partial) of `text`; reported speech is test_reported's."""
    return [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes if q.kind != "indirect"]


def who(text: str) -> list[str | None]:
    return [q.speaker for q in quotes(text)]


@pytest.mark.parametrize("text, expected", [
    ('"We will appeal," said Jane Porter.', ["Jane Porter"]),
    ('"We will appeal," Jane Porter told reporters.', ["Jane Porter"]),
    ("Jane Porter told the BBC: 'We will appeal.'", ["Jane Porter"]),
    ('Tom Reed, MP for Leeds North, said: "It is wrong."', ["Tom Reed"]),
    ('"It is over," Jane Porter said. "We go home now."', ["Jane Porter", "Jane Porter"]),
    ('According to Tom Reed, "the plan failed".', ["Tom Reed"]),
    ('"Go home," Tom Reed barked.', ["Tom Reed"]),
    ('Tom Reed denied the claim, saying: "It never happened."', ["Tom Reed"]),
])
def test_cues_before_after_and_split(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_role_and_title_are_kept_apart() -> None:
    q = quotes('Fire Chief Dame Ada Lowe said: "Stay inside."')[0]
    assert (q.speaker, q.role, q.cue) == ("Ada Lowe", "Fire Chief", "said")
    assert q.speaker_mention is not None and q.speaker_mention.text == "Fire Chief Dame Ada Lowe"


def test_pronoun_resolves_by_gender_and_salience() -> None:
    text = ("Jane Porter met Tom Reed on Monday.\n\nTom Reed spoke first.\n\n"
            '"It went well," she said.\n\n"We agreed," he added.')
    assert who(text) == ["Jane Porter", "Tom Reed"]


def test_title_surname_prefers_the_earlier_speaker_over_a_relative() -> None:
    text = ('Ann Vole said: "I want answers."\n\nHer daughter Kim Vole was hurt.\n\n'
            'Mrs Vole added: "Nobody listened."')
    assert who(text) == ["Ann Vole", "Ann Vole"]


def test_typo_surname_and_title_first_name() -> None:
    text = ('Barry Gardiner said: "No."\n\nMr Gardner added: "Never."\n\n'
            'Sir Mark Rowley said: "Yes."\n\nSir Mark said: "Again."')
    assert who(text) == ["Barry Gardiner", "Barry Gardiner", "Mark Rowley", "Mark Rowley"]


def test_quote_running_over_paragraphs_keeps_its_speaker() -> None:
    text = "Ann Vole said: 'First part.\n\n'Second part.\n\n'Last part.'"
    qs = quotes(text)
    assert [q.text for q in qs] == ["'First part.", "'Second part.", "'Last part.'"]
    assert {q.speaker for q in qs} == {"Ann Vole"}


def test_cueless_paragraph_inherits_previous_speaker() -> None:
    text = '"We lost," Tom Reed said.\n\n"Next year we win."'
    assert who(text) == ["Tom Reed", "Tom Reed"]


def test_partial_quote_and_institution_speaker() -> None:
    qs = quotes('The Met said the response was "below standard".')
    assert qs[0].kind == "partial"
    assert qs[0].speaker_mention is not None and qs[0].speaker_mention.text == "The Met"
    assert qs[0].speaker


def test_offsets_are_absolute_and_text_matches() -> None:
    text = 'Intro line.\n\nAnn Vole said: "Hello there."'
    q = quotes(text)[0]
    assert text[q.start:q.end] == q.text == '"Hello there."'
    assert q.speaker_mention is not None
    assert text[q.speaker_mention.start:q.speaker_mention.end] == "Ann Vole"


def test_unbalanced_mark_does_not_swallow_the_document() -> None:
    text = 'He said "oops.\n\nAnn Vole said: "Fine."'
    qs = quotes(text)
    assert qs[-1].text == '"Fine."' and qs[-1].speaker == "Ann Vole"


@pytest.mark.parametrize("run, expected", [
    ("Met Commissioner Dame Cressida Dick", ("Met Commissioner", "Dame", ["Cressida", "Dick"])),
    ("IOPC Regional Director for London Sal Naseem", ("IOPC Regional Director for London", None, ["Sal", "Naseem"])),
    ("Mrs Smallman", (None, "Mrs", ["Smallman"])),
])
def test_split_run(run: str, expected: tuple) -> None:
    assert split_run(run) == expected


@pytest.mark.parametrize("a, b, ok", [("Gardiner", "Gardner", True), ("Smith", "Smyth", True),
                                      ("Smith", "Smithers", False), ("Lowe", "Lowe", True)])
def test_within_one_edit(a: str, b: str, ok: bool) -> None:
    assert within_one_edit(a, b) is ok


@pytest.mark.parametrize("text, expected", [
    ('Ann Vole said that the vote was "rigged" against her.', ['the vote was "rigged" against her']),
    ('Ann Vole said the plan looked "rushed" and "unsafe" to her.',
     ['the plan looked "rushed" and "unsafe" to her']),
    ('Ann Vole branded the council "lazy" and accused its staff of "wilful neglect".',
     ['the council "lazy"', 'its staff of "wilful neglect"']),
])
def test_partial_quote_spans_its_reported_clause(text: str, expected: list[str]) -> None:
    qs = quotes(text)
    assert [q.text for q in qs] == expected
    assert all(text[q.start:q.end] == q.text and q.kind == "partial" for q in qs)


@pytest.mark.parametrize("text, speaker, mention", [
    ('Tom Reed called Ann Vole\'s remarks "a disgrace".', "Tom Reed", "Tom Reed"),
    ('"It is over," city spokesman Tom Reed said.', "Tom Reed", "city spokesman Tom Reed"),
    ('Tom Reed denounced the plan as "reckless".', "Tom Reed", "Tom Reed"),
])
def test_noun_cues_np_leads_and_new_verbs(text: str, speaker: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker == speaker
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_single_newline_separates_paragraphs_for_attribution() -> None:
    text = 'Ann Vole said: "First."\n"Second," he added.\n\nTom Reed arrived.'
    qs = quotes(text)
    assert [(q.text, q.speaker_mention.text if q.speaker_mention else None) for q in qs] == [
        ('"First."', "Ann Vole"), ('"Second,"', "he")]


@pytest.mark.parametrize("text, speaker, mention", [
    ('"It is fine," said former party adviser Ann Vole.', "Ann Vole", "former party adviser Ann Vole"),
    ('Tom Reed said: "First thing." "Second thing," said Ann Vole.', "Ann Vole", "Ann Vole"),
])
def test_inverted_cue_with_lowercase_role_and_adjacent_quotes(text: str, speaker: str, mention: str) -> None:
    q = quotes(text)[-1]
    assert q.speaker == speaker
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


@pytest.mark.parametrize("text, mention", [
    ('Ann Vole delivered a blunt message: "Go home now."', "Ann Vole"),
    ('Tom Reed agreed. "It is too late for that."', "Tom Reed"),
    ('Ann Vole wrote in her letter:\n\n"We are leaving the party."', "Ann Vole"),
])
def test_quote_introduced_without_a_cue_takes_the_intro_subject(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_a_sentence_ending_on_its_cue_introduces_the_quote_after_it_over_the_paragraphs_speaker() -> None:
    text = ('"Farming is helping," said trader Dan Vole.\n\n'
            'Savers are angry. "It is bad," said Tom Reed, who heads a savers\' group. "We lost it all." '
            'Mr Vole, who grew up in Leeds, agreed. "I will think twice before I use a bank."')
    assert who(text) == ["Dan Vole", "Tom Reed", "Tom Reed", "Dan Vole"]


def test_title_and_initial_periods_do_not_end_the_sentence() -> None:
    q = quotes('Ann J. Vole called it "a clear failure," Mr. Reed said.')[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == "Mr. Reed"


@pytest.mark.parametrize("text, mention, speaker", [
    ('Ann Vole on Saturday tweeted that the vote was "a sham".', "Ann Vole", "Ann Vole"),
    ('Tom Reed, who mused that the plan was "a dead end", left.', "Tom Reed, who", "Tom Reed"),
    ('In a fiery speech, Ann Vole attacked the board, calling it "a disgrace".', "Ann Vole", "Ann Vole"),
    ('The city, Tom Reed said, is "broke and tired", so taxes rise.', "Tom Reed", "Tom Reed"),
])
def test_time_words_relatives_and_opening_clauses(text: str, mention: str, speaker: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention
    assert q.speaker == speaker


def test_unattributed_partial_takes_its_sentence_subject_but_titles_are_dropped() -> None:
    assert [q.speaker for q in quotes('Ann Vole is crying "fraud" over the count.')] == ["Ann Vole"]
    assert quotes('The so-called "reform" reports were filed late.') == []


@pytest.mark.parametrize("text, mention", [
    ('Ann Vole, who in the past described the plan as "a fraud", left.', "Ann Vole"),
    ('It rained.\n\n"We are thrilled" about the result, said Tom Reed, the coach.', "Tom Reed"),
    ('A party official said the vote was "close".', "A party official"),
])
def test_non_speaker_noun_phrases_yield_to_the_subject(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


@pytest.mark.parametrize("np, ok", [("the spokesman", True), ("several analysts", True),
                                    ("the past", False), ("its education policies", False)])
def test_is_speaker_noun(np: str, ok: bool) -> None:
    assert is_speaker_noun(np) is ok


@pytest.mark.parametrize("text, mention", [
    ('Ann Vole made her point: "We are done," she claimed.', "she"),
    ('Hours later, Tom Reed replied, telling reporters: "No deal."', "Tom Reed"),
    ('Ann Vole said that once the council goes on recess, "we will act."', "Ann Vole"),
])
def test_after_cue_time_openers_and_goes_on(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


@pytest.mark.parametrize("text, mention", [
    ('As Ann Vole put it, "the game is up."', "Ann Vole"),
    ('And although he lost, Tom Reed stayed calm, saying, "We move on."', "Tom Reed"),
    ('The page showed a banner that said, "Closed for good."', "a banner that"),
])
def test_put_it_clause_openers_and_relative_that(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_hard_wrapped_line_inside_a_sentence_stays_joined() -> None:
    text = '"We will appeal the ruling this week," said\nAnn Vole, the club chair.'
    q = quotes(text)[0]
    assert q.speaker == "Ann Vole"


def test_dash_byline_after_a_quote_names_its_speaker() -> None:
    text = '\u201cIt is a shame.\u201d \u2015 Ann Vole\n\u201cIt is over.\u201d \u2014 Tom Reed, teacher'
    assert who(text) == ["Ann Vole", "Tom Reed"]


@pytest.mark.parametrize("text, mention", [
    ('Ann Vole was booed after telling fans they were "being silly".', "Ann Vole"),
    ('Early in the race, Tom Reed attacked the mayor, calling him "a fraud".', "Tom Reed"),
    ('Ann Vole, who in the past has voiced a wish to run for the council in her town, told '
     'reporters the plan was "dead".', "Ann Vole"),
])
def test_participles_after_prepositions_and_long_appositives(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_period_closed_quote_does_not_take_the_next_sentences_subject() -> None:
    text = '"It is over," the coach said. "We lost." Tom Reed said the club would appeal.'
    assert [q.speaker_mention.text if q.speaker_mention else None for q in quotes(text)] == [
        "the coach", "the coach"]


def test_colon_intro_beats_the_previous_quote_of_the_paragraph() -> None:
    text = 'Tom Reed said it was "hard work." Asked which town he liked, she demurred: "All of them."'
    assert [q.speaker_mention.text if q.speaker_mention else None for q in quotes(text)] == [
        "Tom Reed", "she"]


@pytest.mark.parametrize("text, mention", [
    ('Perhaps Ann Vole prefers "quiet progress" to noise.', "Ann Vole"),
    ('Horrified at the news, Tom Reed wants a "full inquiry" now.', "Tom Reed"),
])
def test_sentence_openers_are_not_subjects(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_issued_statement_is_attributed_to_the_issuer() -> None:
    q = quotes('Ann Vole issued a statement saying the ruling was "a disgrace".')[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == "Ann Vole"


@pytest.mark.parametrize("text, mention", [
    ('"We must act now," they conclude.', "they"),
    ('It was late.\n\n"We assessed the risk," Read said.', "Read"),
])
def test_bare_verbs_after_pronouns_and_names_spelled_like_cues(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


@pytest.mark.parametrize("text, mention", [
    ('Ann Vole spoke about the United States, saying that "trade matters".', "Ann Vole"),
    ('"It is insane," Tom Reed said, going on to say that the deal was "rotten".', "Tom Reed"),
    ('Following a long, tense meeting, the council issued a statement calling the plan "unlawful".',
     "the council"),
])
def test_capitalized_cue_words_going_on_and_comma_rich_openers(text: str, mention: str) -> None:
    q = quotes(text)[-1]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_pronoun_opening_the_reported_clause_is_not_the_speaker() -> None:
    q = quotes('Tom Reed, who had long been critical of the whole idea from the very start of it all, '
               'finally said he would "fight it in court".')[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == "Tom Reed"


@pytest.mark.parametrize("text, mention", [
    ('According to the county report, the levy was "a mistake".', "the county report"),
    ('Tom Reed sued the city. CITY HALL ANSWERS BACK said the mayor was "wrong".', None),
])
def test_according_opener_and_shouted_headlines(text: str, mention: str | None) -> None:
    q = quotes(text)[-1]
    got = q.speaker_mention.text if q.speaker_mention else None
    assert got == mention if mention else got is None or not got.isupper()


@pytest.mark.parametrize("text, n", [
    ('Ann Vole, author of "The Long Road Home," said the book sold well.', 0),
    ('Tom Reed said on "Meet the Voters" that the plan was "a total mess".', 1),
])
def test_quoted_titles_are_not_quotes(text: str, n: int) -> None:
    qs = quotes(text)
    assert len(qs) == n and all("mess" in q.text for q in qs)


def test_title_case_words_right_after_a_cue_are_still_quoted() -> None:
    qs = quotes('Tom Reed declared "What a Night!" and left.')
    assert len(qs) == 1 and qs[0].speaker == "Tom Reed"


@pytest.mark.parametrize("text, mention", [
    ('"We have had enough," Jun wrote.', "Jun"),
    ('"Why now?" the 43-year-old asked.', "the 43-year-old"),
    ('Ann Vole on Jan. 5 said the fee was "too high".', "Ann Vole"),
])
def test_month_abbreviations_and_numeric_noun_phrases(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


@pytest.mark.parametrize("text, mention", [
    ('At a long town meeting in Leeds, West Yorkshire, Tom Reed offered a "full apology".', "Tom Reed"),
    ('A federal judge determined that the agency acted in "bad faith".', "A federal judge"),
])
def test_cueless_partials_take_subjects_after_openers_and_speaker_nouns(text: str, mention: str) -> None:
    q = quotes(text)[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == mention


def test_unclaimed_paragraph_quote_takes_the_previous_paragraph_subject() -> None:
    text = 'Ann Vole runs the food bank in town.\n\n"We feed four hundred families a week."'
    q = quotes(text)[0]
    assert q.speaker == "Ann Vole"


def test_comma_closed_quote_then_speaker_noun_cue_wins_over_earlier_cue() -> None:
    q = quotes('Ann Vole defends her record in an ad: "We kept our promises," the mayor says.')[0]
    assert q.speaker_mention is not None and q.speaker_mention.text == "the mayor"


def test_party_tag_before_the_comma_keeps_the_name() -> None:
    q = quotes('On Tuesday in Leeds, OH, after the count, Gov. Ann Vole (R-OH), said, "We won."')[0]
    assert q.speaker == "Ann Vole"


@pytest.mark.parametrize("text, expected", [
    # a clause-final inverted cue introduces the quote after it
    ('Paper maps will vanish from cars, says Tom Dahl. "Nobody prints them now."', ["Tom Dahl"]),
    # a whole quote after a partial one continues its sentence subject
    ('Mr Dahl takes the long view, and sees us all becoming "robots". "We are halfway there."',
     ["Dahl", "Dahl"]),
])
def test_speaker_of_the_sentence_before_carries(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text", [
    'Tom Dahl said on Radio Harbour\'s "Morning Tide" that the fleet was safe.',
    'Tom Dahl told viewers on "Harbour Watch" that the fleet was safe.',
])
def test_titles_inside_a_reported_clause_are_not_quotes(text: str) -> None:
    assert quotes(text) == []


@pytest.mark.parametrize("text, expected", [
    # the owner of a claim is the speaker of the quoted that-clause
    ('Fact-checkers tested Tom Dahl\'s claim that the harbour had "never been busier" in May.', ["Tom Dahl"]),
    # ... but not of a verdict on it
    ('Tom Dahl made a claim. They said Tom Dahl\'s claim was "false".', [None]),
    # a day or month is never a speaker
    ('Following Monday\'s vote, a report called it "a mess".', [None]),
])
def test_claim_owners_and_dates(text: str, expected: list[str | None]) -> None:
    assert [q.speaker for q in quotes(text)] == expected


def test_quote_continued_by_its_clause_is_partial() -> None:
    text = 'Ann Vole wrote in a memo that, "Naturally we stand by the plan" despite every critic.'
    q = quotes(text)[0]
    assert (q.kind, q.speaker) == ("partial", "Ann Vole")
    assert q.text.endswith("despite every critic")


def test_unclosed_appositive_keeps_the_person_as_speaker() -> None:
    text = 'Ola Brandt, a strategist at Harbour Securities told reporters that "rates will rise".'
    assert who(text) == ["Ola Brandt"]


def test_noun_phrase_cut_at_a_possessive_is_not_a_speaker() -> None:
    assert not is_speaker_noun("two days before the council's")
    text = 'Two days before the council\'s vote, Mr Dahl gave a talk to say it faced "hard choices".'
    assert who(text) == ["Dahl"]


def test_cue_after_a_long_appositive() -> None:
    text = ('"The new quay ruins the view," Ola Brandt, the harbour master of Northport, '
            'one of the towns taking the case to court, said on Monday.')
    assert who(text) == ["Ola Brandt"]


@pytest.mark.parametrize("text, expected", [
    # a whole quote after a sentence about a thing goes on with the last speaker, as at a paragraph's start
    ('Dr. Ann Vole of Acme Spine explains the basics.\n\n"A poor chair encourages poor posture," Dr. Vole said.'
     '\n\nArmrests\n\nOften overlooked, armrests help prevent strain. "Find a chair that lets your elbows rest."',
     ["Ann Vole", "Ann Vole"]),
    # a fragment the narrative runs on from is nobody's by carrying
    ('"A poor chair encourages poor posture," said Ann Vole.\n\nArmrests\n\nOkay, but that is for experts. '
     '"Although armrests help" in the home they may not, say others.', ["Ann Vole", None]),
])
def test_a_whole_quote_after_a_sentence_about_a_thing_carries_the_last_speaker(
        text: str, expected: list[str | None]) -> None:
    assert who(text) == expected
