"""A headline's word glued to a surname is no first name (issue #31, invented text):
"Plucky Tamworth wins" over the body's "Ann Tamworth" leaves the surname to her,
and the runs that stay names: a known first name, a particle, the body writing
the same two words, a word the body writes mid-sentence, no full name in the body."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.epithets import is_epithet, without_headline_epithets
from onrecord.indexer.annotate.attribution.names.fullnames import find_full_names
from onrecord.indexer.annotate.attribution.names.names import lowercase_words
from tests.indexer.annotate.attribution.test_attribution import who


def headline_hit_dropped(text: str) -> bool:
    """Return True when the headline's first full name is dropped as an epithet."""
    hits = find_full_names(text, lowercase_words(text))
    head_end = text.find("\n")
    return is_epithet(text, head_end, hits[0]) and hits[0] not in without_headline_epithets(text, hits)


@pytest.mark.parametrize("text, expected", [
    # an adjective before the surname
    ('Plucky Tamworth wins opener\n\nAnn Tamworth beat Joe Pike 6-2 in Leeds. Tamworth served well. '
     '"I was happy with that," Tamworth told reporters.', "Ann Tamworth"),
    # a noun (what the headline calls the person)
    ('Hero Quillam cleared by court\n\nTom Quillam left court on Monday. Quillam waved to fans. '
     '"It is over now," Quillam said outside.', "Tom Quillam"),
    # a verb opening a question headline
    ('Can Marlowe save the Owls?\n\nOwls boss Paul Marlowe faces a hard week. Marlowe lost again. '
     '"We need points," said Marlowe.', "Paul Marlowe"),
])
def test_a_headline_word_glued_to_a_surname_is_no_first_name(text: str, expected: str) -> None:
    assert headline_hit_dropped(text)
    assert who(text) == [expected]


@pytest.mark.parametrize("text", [
    # a known first name: another person of the same surname
    'Joe Tamworth joins Acme\n\nAnn Tamworth said her brother would start on Monday.',
    # a particle opens the surname
    'Van Brisket signs on\n\nPaul van Brisket agreed terms with Acme on Monday.',
    # the body writes the same two words: a name the lexicon lacks
    'Zindra Tamworth wins\n\nZindra Tamworth beat Ann Tamworth 6-2 in Leeds.',
    # the body writes the word mid-sentence: a first name the lexicon lacks ("sister Zindra")
    'Zindra Tamworth wins\n\nAnn Tamworth watched her sister Zindra win in Leeds.',
    # the body names nobody of that surname with a first name
    'Plucky Tamworth wins opener\n\nThe Tamworth side beat Pike 6-2 in Leeds.',
])
def test_a_headline_name_stays_a_name(text: str) -> None:
    hits = find_full_names(text, lowercase_words(text))
    assert hits and not is_epithet(text, text.find("\n"), hits[0])
