"""A pronoun speaker is the person who speaks, not a name inside what is reported
(indexer.annotate.attribution.pronouns.antecedents): names in the clause a
post-posed "he said" closes, a quote sentence that names its own speaker,
a sentence opened by "And he"."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.names.placements import is_subject
from onrecord.indexer.annotate.attribution.pronouns import antecedents
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_a_name_in_the_clause_a_postposed_pronoun_closes_is_not_the_speaker() -> None:
    text = ("Tom Reed opened the campaign in Leeds on Friday.\n\n"
            "The leader's energy is undimmed, Dan Vole, the party's strategist, told the radio on Saturday. "
            'Mr Reed has "the same passion as ever" for the job, he said.')
    assert _speakers(text) == ["Dan Vole"]


def test_a_quote_sentence_naming_its_speaker_is_not_stepped_over() -> None:
    text = ("Actor Tom Reed and director Dan Vole plan to reopen the old hall.\n\n"
            "Reed first found fame in 1970. He was brought on board by Mr Vole, a friend of 40 years. "
            '"Two years ago I decided to come home," said Mr Vole. He said he was glad to help. '
            '"If it works, I will be happy," he added.')
    assert _speakers(text)[-1] == "Dan Vole"


def test_a_sentence_opened_by_and_he_passes_its_person_on() -> None:
    text = ("Tom Reed spoke at the rally in Leeds.\n\n"
            "The leader is in fine form, Dan Vole, the party's strategist, said on Saturday. "
            "And he confirmed Mr Reed's view that no date had been set. "
            'He said: "I am the one who plans it and I do not know."')
    assert _speakers(text)[-1] == "Dan Vole"


def test_a_name_a_speech_cue_follows_in_the_pronouns_sentence_is_its_speaker() -> None:
    text = ("Tom Reed has led the party since 2003. He defended his tax plan on Monday.\n\n"
            "Veteran backbencher Edward Vole said the plan was a start but he told the Gazette: "
            '"I would cut taxes sooner."\n\n'
            'Interviewed on the radio, Mr Reed said: "We have the right plan."')
    assert _speakers(text)[0] == "Edward Vole"


def test_the_shape_of_a_mention_cue_list_report() -> None:
    text = "It also stars Ann Vole and Tom Reed. Councillor Dan Vole, 55, said the mayor was pleased."
    shape = {w: antecedents._shape(text, text.index(w)) for w in ("Ann", "Tom", "Dan", "mayor")}
    assert shape == {"Ann": (0.0, 1.0, 0.0, 0.0), "Tom": (0.0, 1.0, 0.0, 0.0), "Dan": (1.0, 0.0, 0.0, 0.0),
                     "mayor": (0.0, 0.0, 1.0, 0.0)}



def test_a_name_listed_after_a_comma_is_no_subject() -> None:
    text = "Reed is in town for his comedy, which also stars Dan Vole, Barbra Hale and Ben Lee. In Leeds, Ann Vole spoke."
    assert not is_subject(text, text.index("Barbra"))
    assert is_subject(text, text.index("Ann Vole"))  # after a place and a comma: a subject still


def test_the_speaker_of_an_inverted_cue_is_a_subject_that_speaks() -> None:
    text = ("The plan is dead, says Dan Vole, a lecturer at the college. "
            "Tom Reed, his lawyer, said Ann Vole was pleased.")
    assert is_subject(text, text.index("Dan"))
    assert not is_subject(text, text.index("Ann"))  # the cue is the sentence's own verb
    assert antecedents._shape(text, text.index("Dan")) == (1.0, 0.0, 0.0, 0.0)


def test_a_pronoun_after_an_inverted_cue_means_its_speaker() -> None:
    text = ("Director Hugo Marchand says his plant is under pressure. "
            '"Our market is global," he says.\n\n'
            "That is one reason why people here distrust the union, says Fredo Sawick, a lecturer "
            "at the local college.\n\n"
            '"In the region the jobless rate is 12%," he says.')
    assert _speakers(text) == ["Hugo Marchand", "Fredo Sawick"]


def test_whom_an_asked_clause_names_is_not_who_answers() -> None:
    text = ("Dan Vole resigned in December. Mr Vole has denied any wrongdoing.\n\n"
            "Tom Reed said he had not read the report in detail. "
            '"We have drawn a line under that," he said. The report cleared Mr Vole of any wrongdoing.\n\n'
            "Asked if Mr Vole could return to the cabinet, he replied: "
            '"I have made my admiration for Dan very clear."')
    assert _speakers(text)[-1] == "Tom Reed"


def test_a_colon_lead_in_names_the_speaker_of_the_quote_a_pronoun_closes() -> None:
    text = ("Court of Pictures\n\n"
            "When Ann Vole, Tom Reedley and Kit Barnes sued the studio in 2024, they joined many others. "
            "In June they got an answer from District Judge Sam Alton that left many stunned: "
            "\u201cThe copying was lawful,\u201d he wrote, ruling that the use was \u201cnew in kind.\u201d")
    assert _speakers(text) == ["Sam Alton", "Sam Alton"]


def test_a_quote_of_several_sentences_is_one_turn_for_the_pronoun_after_it() -> None:
    text = ("Mills fear slow trade\n\n"
            "Director Tom Reedley says he is under pressure as rivals abroad are cheaper. "
            '"In our trade the market is global," he says. It is not only rivals that hurt.\n\n'
            "That is one reason why locals are not fans of the plan, says Ferdo Vole, a lecturer in Lille.\n\n"
            '"Here the jobless rate is 12%. People do not see what the plan does for them," he says. '
            "Which is strange.")
    assert _speakers(text) == ["Tom Reedley", "Ferdo Vole"]  # Ferdo: a first name of no known gender


def test_a_person_speaking_inside_what_the_subject_reports_is_not_who_adds() -> None:
    # Vole reports Reed's words ("who had told him ..."); "He added" goes on with Vole
    text = ("Film of the novel goes ahead\n\n"
            "The studio met on Monday to plan the shoot.\n\n"
            "Mark Vole said he had visited Tom Reed, who had told him the story could \"mean anything at all\". "
            'He added: "I have no wish to change what the book says."')
    assert _speakers(text) == ["Tom Reed", "Mark Vole"]


def test_a_person_the_subject_contradicts_is_not_who_goes_on() -> None:
    text = ("Party splits over the plan\n\n"
            "Mark Vole faced his critics on Monday, among them Tom Reed and Dan Hale.\n\n"
            'But Mr Vole denied Mr Reed, his deputy, said the plans "stink". '
            'He also said he was sure the party would "find the way ahead".')
    assert _speakers(text)[-1] == "Mark Vole"
