"""Reported speech (issue #32): the speaker phrase of a reported clause is
its subject, not an adverbial or an age standing between the subject and
the cue ("Ann Vole has since said", "Ann Vole, 49, who told")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.clausecredits import _org_credit
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from tests.indexer.annotate.attribution.test_reported import annotate_quotes, chunk, reported


@pytest.mark.parametrize(("text", "speaker"), [
    ("Ann Vole has since said the harbour would reopen in May.", "Ann Vole"),
    ("Ann Vole has long argued the harbour should reopen in May.", "Ann Vole"),
    ("Ann Vole now says the harbour will reopen in May.", "Ann Vole"),
    ("Acme Shipping has in the past said it sees the harbour rules as unfair.", "Acme Shipping"),
    ("Ann Vole has in recent days said the harbour would reopen in May.", "Ann Vole"),
])
def test_an_adverbial_before_the_cue_is_no_speaker(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


@pytest.mark.parametrize("text", [
    "The show is a debut for Ann Vole, 49, who told reporters she had not expected the film to win.",
    "Ann Vole, 79, who has been in Dover for the summit, said the harbour would reopen in May.",
])
def test_an_age_after_a_name_is_no_speaker(text: str) -> None:
    assert [q.speaker for q in reported(text)] == ["Ann Vole"]


@pytest.mark.parametrize("text", [
    "Residents in the camp said the water had been dirty for weeks.",  # no name before the adjunct: unnamed
    "Officials at Acme Shipping said the harbour would reopen in May.",  # a name after "at" stays
])
def test_a_subject_with_its_own_prepositional_phrase_is_kept(text: str) -> None:
    before = {"Residents in the camp said the water had been dirty for weeks.": None,
              "Officials at Acme Shipping said the harbour would reopen in May.": "Acme Shipping"}
    assert [q.speaker for q in reported(text)] == [before[text]]


def test_a_share_before_its_cue_stays_unnamed() -> None:
    assert [q.speaker for q in reported("Six in 10 said the harbour plan was a disaster for the town.")] == [None]


@pytest.mark.parametrize("text", [
    "Ferries should run all night, according to the Dover Harbour Society.\n\n"
    "It would then be up to the council to pay for them, the non-partisan charity said.",
    "Ferry trade will grow, says the Institute of Harbour Studies. "
    "Small ports could provide a blueprint for the rest, the think-tank says.",
])
def test_a_description_after_a_body_spoke_in_reported_speech_is_that_body(text: str) -> None:
    first, second = reported(text)
    assert second.speaker == first.speaker is not None


def test_a_description_with_no_body_before_it_stays_unnamed() -> None:
    assert [q.speaker for q in reported("Small ports could provide a blueprint for the rest, the think-tank says.")] \
        == [None]


def test_it_after_a_body_spoke_in_reported_speech_is_that_body() -> None:
    text = ('"Help is on its way," said Ann Vole, head of the UN Office for Harbour Affairs. The Association of '
            "Harbour insurers warned that ferry cover does not pay for a cut trip. It said lost bags will usually "
            "be covered.")
    assert [q.speaker for q in reported(text)] == ["Association of Harbour insurers"] * 2


def test_an_indefinite_description_in_the_lead_is_whom_the_article_names_next() -> None:
    text = ("Ferry show sued\n\nA TV network is being sued by a viewer who says he was upset by a stunt on the "
            "show.\n\nAnn Vole is taking action against the network.")
    assert reported(text)[0].speaker == "Ann Vole"


def test_a_name_inside_the_clause_is_not_the_one_named_next() -> None:
    text = "Port deal\n\nA harbour official has said Ann Vole will run the port from May.\n\nBen Tamm runs it now."
    assert reported(text)[0].speaker != "Ann Vole"


def test_a_description_is_the_body_the_reported_pass_credited_not_a_registry_note() -> None:
    """The direct path's look-ups note bodies as a side effect (here: the
    council, noted where the institute is named); the last reported credit
    is the institute, so "the think-tank" is the institute."""
    text = "Forums set up by Dover council could build trust, says the Harbour Institute. The think-tank says more."
    people = DocSpeakers(text)
    people.orgs.append((text.index("the Harbour"), "Dover council"))
    phrase = Phrase("The think-tank", text.index("The think"), text.index(" says more"), "np")
    who = _org_credit({"speaker": None}, phrase, phrase.start, people, [(0, "Harbour Institute")])
    assert who["speaker"] == "Harbour Institute"


@pytest.mark.parametrize(("text", "speaker"), [
    ("Acme Group lawyers, who were kept out of the auction, said they would seek injunctions abroad.", "Acme Group"),
    ("Acme Group officials said the port would reopen in May.", "Acme Group"),
    ("Ann Vole said the plan was bad. Local officials said the port would reopen in May.", None),
])
def test_an_organisations_staff_speak_for_it(text: str, speaker: str | None) -> None:
    assert reported(text)[-1].speaker == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    ("Tom King runs the port of Dover. Mr King said the attacks had doubled this year.", "Tom King"),
    ("Dave Major opened a bakery. Mr Major said sales had doubled since the spring.", "Dave Major"),
    ("Ann Bishop runs the ferry line. Mrs Bishop said the crossing would reopen in May.", "Ann Bishop"),
])
def test_a_title_word_after_a_title_of_address_is_a_surname(text: str, speaker: str) -> None:
    """"Mr King said": King is his surname, not a second title, and "Tom King" a person."""
    assert [q.speaker for q in reported(text)] == [speaker]


def test_a_hyphenated_name_before_a_cue_is_no_agent_noun() -> None:
    """"Bolt-Webster said": a capital after the hyphen makes a name, not a noun in "-ster"."""
    assert [q.speaker for q in reported("Bolt-Webster said the harbour would reopen in May.")] == ["Bolt-Webster"]


def test_a_hyphenated_name_written_mid_sentence_speaks() -> None:
    """A lone hyphenated name the article writes mid-sentence is a name like a lone word is."""
    text = ("The word vlog was picked by the Bolt-Webster dictionary.\n\n"
            "Bolt-Webster said \"vlog\" headed the list of looked-up terms on its site.")
    quotes = [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]
    assert [q.speaker for q in quotes] == ["Bolt-Webster"]


def test_the_foreign_secretary_is_not_the_home_secretary() -> None:
    """A role description names the person introduced with all its office words."""
    text = ("Bo Tamm attacked the harbour ruling. Home Secretary Ann Vole said the port would stay shut.\n\n"
            "The foreign secretary insisted it was for ministers to decide how the port was run.")
    assert [q.speaker for q in reported(text)][-1] == "Bo Tamm"


def test_the_prime_minister_is_no_one_introduced_with_another_office() -> None:
    """The person the text is about, not one introduced as holding another office."""
    text = ("Bo Tamm has said voters are right to worry about the harbour.\n\n"
            "Home Secretary Ann Vole wants a new port plan.\n\n"
            "The prime minister on Sunday said the harbour rules would be toughened up.")
    assert [q.speaker for q in reported(text)][-1] == "Bo Tamm"


def test_a_party_word_in_a_role_description_is_no_office_word() -> None:
    """"the Democrat senator" is the senator the article introduced, whatever her party."""
    text = "New York Senator Ann Vole spoke on Monday. The Democrat senator said the harbour would reopen in May."
    assert [q.speaker for q in reported(text)] == ["Ann Vole"]


def test_it_and_a_body_noun_after_a_genderless_name_spoke_are_that_name() -> None:
    """"according to Acme Re. ... the insurer said ... it said": a name nothing shows to be a
    person's (no first name, title or role) spoke first, and "it" never means a person."""
    text = ("Storms made 2004 the costliest year for insurers, according to Acme Re.\n\n"
            "The world's second biggest insurer said claims reached $42bn. "
            "Crowded cities were partly to blame for the rise, it said.")
    assert [q.speaker for q in reported(text)] == ["Acme Re"] * 3


def test_a_name_with_a_gender_is_no_body_for_it() -> None:
    text = "Ann Tamm said the harbour would reopen in May. It said the ferries would run all night."
    assert [q.speaker for q in reported(text)] == ["Ann Tamm", None]


@pytest.mark.parametrize("text", [
    "Ben Tamm scored twice for Dover on Saturday. The Norland international said the team could still win the cup.",
    "Ben Tamm won gold in Sydney. The Olympic gold medallist says the coach damaged his reputation.",
])
def test_an_international_or_a_medallist_is_the_player_the_text_is_about(text: str) -> None:
    assert [q.speaker for q in reported(text)] == ["Ben Tamm"]


def test_a_name_with_its_article_between_commas_before_the_cue_speaks() -> None:
    """"Shippers' organisation, the HSA, said": the appositive name, not the description."""
    text = ("Ferry output fell in May, the Harbour Office said. "
            "Shippers' organisation, the HSA, said it expected the ferries to run all summer.")
    assert [q.speaker for q in reported(text)] == ["Harbour Office", "HSA"]


@pytest.mark.parametrize("noun", ["Scot", "Dutchman", "Welshman"])
def test_a_definite_nationality_noun_is_the_person_the_text_is_about(noun: str) -> None:
    """"the Scot admitted": a description of the person the text is about, never a name "Scot"."""
    text = f"Ben Tamm saw his side win again. The {noun} admitted he was unsure whether to start the new winger."
    assert [q.speaker for q in reported(text)] == ["Ben Tamm"]


def test_police_after_an_officer_of_a_force_is_the_force() -> None:
    """"Inspector Ben Tamm of Norland Valley Police": "Police said" is his force, not him."""
    text = ("\"He fled on foot,\" said Inspector Ben Tamm of Norland Valley Police.\n\n"
            "Police said he was wearing a ski-mask and a light jacket.")
    assert [q.speaker for q in reported(text)] == ["Norland Valley Police"]


def test_mr_and_a_role_word_surname_is_the_full_name_written_before() -> None:
    """"Brett Lock ... Mr Lock said": the first name the article wrote before the surname, though
    no list knows it (and "Lock" is a role word: the full name was never registered)."""
    text = ("Brett Lock said they were wiping the slate clean.\n\n"
            "Mr Lock said the main players would regulate themselves.")
    assert [q.speaker for q in reported(text)] == ["Brett Lock", "Brett Lock"]


@pytest.mark.parametrize(("text", "speaker"), [
    ("Norland's Vole Iron and Steel Co. said it would cut prices. The steel trade is slow.",
     "Vole Iron and Steel Co."),
    ("Acmex Oil and Gas has denied that it sold the field, as gas prices rose.", "Acmex Oil and Gas"),
])
def test_a_name_joined_by_and_is_one_name(text: str, speaker: str) -> None:
    found = reported(text)
    assert found[0].speaker == speaker
    assert found[0].speaker_mention is not None and found[0].speaker_mention.text.startswith(speaker.split()[0])


def test_two_people_joined_by_and_stay_apart() -> None:
    assert [q.speaker for q in reported("Ann Vole and Ben Tamm said they would stand in Norton.")] != [
        "Ann Vole and Ben Tamm"]


def test_a_name_after_its_own_description_in_an_appositive_speaks() -> None:
    text = "The mill was sold cheaply. One of the jilted bidders, Norland-based group Vexa, said it welcomed the news."
    assert [q.speaker for q in reported(text)] == ["Vexa"]


def test_a_place_in_a_relative_clause_is_no_appositive_name() -> None:
    assert "Leeds" not in [q.speaker for q in reported("The minister, who visited Leeds, said the plan was good.")]


def test_according_to_a_description_then_its_name() -> None:
    found = reported("It is a new rival for satellite firms. According to technology analysts, Vexa Research, "
                     "there will be 20 million users by 2008.")
    assert [(q.speaker, q.text) for q in found] == [("Vexa Research", "there will be 20 million users by 2008")]


def test_a_person_before_an_unclosed_from_appositive_speaks() -> None:
    found = reported("Unions met on Monday. Ann Vole, from the Farm and Food Workers union said there should be a strike.")
    assert [(q.speaker, q.speaker_mention.text if q.speaker_mention else None) for q in found] == [
        ("Ann Vole", "Ann Vole")]


def test_a_relative_clause_s_object_before_the_cue_is_no_speaker() -> None:
    text = ("MP Ben Tamm is to stand against Ann Vole. Mr Tamm, who on Thursday won damages from the Daily Bugle "
            "said he would contest Norton.")
    assert [q.speaker for q in reported(text)] == ["Ben Tamm"]


def test_a_body_s_staff_with_modifiers_between_speak_for_it() -> None:
    text = ("The Norland Party will hold daily news conferences. But Norland Party campaign chiefs say there are "
            "no plans for Mr Vole to attend.")
    assert [q.speaker for q in reported(text)] == ["Norland Party"]


def test_according_to_a_document_then_the_clause_s_subject_and_appositive() -> None:
    found = reported("According to an Acme summary of its inquiry, Ann Vole, a top aide, sent the staff a list.")
    assert [q.text for q in found] == ["Ann Vole, a top aide, sent the staff a list"]  # her act, the summary's words


def test_a_capitalised_modifier_before_a_speaker_noun_and_an_adverb_keeps_the_subject() -> None:
    text = "Under mounting pressure, Dover officials now say they have chosen a new route for the ferry."
    assert [q.text for q in reported(text)] == ["they have chosen a new route for the ferry"]


@pytest.mark.parametrize(("text", "speaker"), [
    ("The Harbour Pilots Federation said the new rules would cost jobs. But the government said the move would "
     "help the port grow.", "government"),
    ("Ferries will stop on Sunday, the Dover Ferry Office said. The government said it would pay the crews.",
     "government"),
    ("The Norland Government said the quay would close. The ferry union said the crews had not been told. "
     "Later the government said the quay would reopen in May.", "Norland Government"),
])
def test_the_government_is_a_government_not_the_last_body_that_spoke(text: str, speaker: str) -> None:
    assert reported(text)[-1].speaker == speaker


@pytest.mark.parametrize("text", [
    "The claim has been backed by Tom Reed, a leading expert on ferries, who confirmed the log was genuine.",
    "The claim has been backed by Tom Reed - a former Dover historian, and a leading expert on ferries, "
    "who has confirmed the log was genuine.",
])
def test_who_after_an_appositive_speaks_for_the_name_it_describes(text: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [("the log was genuine", "Tom Reed")]


@pytest.mark.parametrize("description", [
    "The harbour commissioner says", "Norland's most senior harbour officer has said", "The firm's chief has said",
])
def test_a_definite_description_in_the_lead_is_the_person_named_next(description: str) -> None:
    text = (f"Harbour 'to close'\n\n{description} the harbour will close in May.\n\n"
            "Ann Vole told reporters the ferries would stop.")
    assert [q.speaker for q in reported(text)][0] == "Ann Vole"


@pytest.mark.parametrize("description", ["His agent says", "The Norland reporter says"])
def test_an_owner_or_a_work_in_the_description_names_no_one_next(description: str) -> None:
    text = (f"Harbour 'to close'\n\n{description} the harbour will close in May.\n\n"
            "Ann Vole told reporters the ferries would stop.")
    assert [q.speaker for q in reported(text)][0] != "Ann Vole"


@pytest.mark.parametrize(("text", "clause", "phrase"), [
    ("The charity welcomed the news of the concert and said money raised would help its ferry crews.",
     "money raised would help its ferry crews", "The charity"),
    ("The bank gave no details of the sale, but said the quay had not been sold.",
     "the quay had not been sold", "The bank"),
    ("The home secretary agreed to begin talks and also said she planned to reopen the ferry route.",
     "she planned to reopen the ferry route", "The home secretary"),
])
def test_a_description_before_its_own_past_verb_says_a_coordinated_cues_clause(text: str, clause: str,
                                                                               phrase: str) -> None:
    found = reported(text)
    assert [q.text for q in found] == [clause]
    assert found[0].speaker_mention is not None and found[0].speaker_mention.text == phrase


@pytest.mark.parametrize("text", [
    "The planned cuts went ahead and said nothing of the harbour.",
    "The upgrade closed the gaps in the port's system and added features that made it easier to use.",
])
def test_a_sentence_opening_with_an_adjective_or_a_thing_gives_no_coordinated_subject(text: str) -> None:
    assert reported(text) == []
