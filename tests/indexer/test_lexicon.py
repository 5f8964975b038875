"""The English lexicon (indexer/data/lexicon_en.json): every list is
documented and read by code, and one added row takes effect."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from onrecord.indexer import lexicon

INDEXER = Path(lexicon.__file__).parent


def _data() -> dict:
    return json.loads(lexicon.PATH.read_text(encoding="utf-8"))


def test_every_list_is_documented_and_lowercase():
    data = _data()
    lists = {k for k in data if not k.startswith("_")}
    assert lists == set(data["_about"])
    for key in lists:
        assert all(w == w.lower() and w.strip() == w for w in data[key]), key
        assert len(set(data[key])) == len(data[key]), f"{key} lists a word twice"


def _refuse_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [key for key, _ in pairs]
    assert len(set(keys)) == len(keys), sorted({k for k in keys if keys.count(k) > 1})
    return dict(pairs)


def test_no_list_or_note_is_named_twice():
    # json keeps the last of two same-named keys: one module's list would silently become another's
    json.loads(lexicon.PATH.read_text(encoding="utf-8"), object_pairs_hook=_refuse_twice)


def test_every_list_is_read_by_code():
    code = "\n".join(p.read_text(encoding="utf-8") for p in INDEXER.rglob("*.py") if p.name != "lexicon.py")
    unused = [k for k in lexicon.keys() if f'"{k}"' not in code and f'"{k}+' not in code and f'+{k}"' not in code]
    assert not unused


def test_words_unions_lists():
    assert lexicon.words("weekdays", "months") == lexicon.words("weekdays") | lexicon.words("months")
    with pytest.raises(KeyError):
        lexicon.words("no such list")


# (list, the newcomer's one new row, a check that is false before and true after)
ADDITIONS = [
    ("cue_verbs", "grumble",
     "from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues; s = 'Ann Vole grumbled about it';"
     "print(bool(find_cues(s, 0, len(s))))"),
    ("count_words", "umpteen",
     "from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues; s = 'Acme faced umpteen new claims';"
     "print(not find_cues(s, 0, len(s)))"),
    ("cue_phrases", "made clear",
     "from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE; print(bool(CUE_RE.search('Ann Vole made clear that')))"),
    ("female", "zelda",
     "from onrecord.indexer.annotate.attribution.names.names import first_name_gender; print(first_name_gender('Zelda') == 'f')"),
    ("titles_male", "squire",
     "from onrecord.indexer.annotate.attribution.people.people import gender_of; print(gender_of('', 'Squire') == 'm')"),
    ("speaker_nouns", "ombudsman",
     "from onrecord.indexer.annotate.attribution.phrases.cues.cues import is_speaker_noun; print(is_speaker_noun('the ombudsman'))"),
    ("work_nouns", "sonnet",
     "from onrecord.indexer.annotate.attribution.spans.titles import is_title; s = 'Her sonnet \"Tides turn here\" is read.';"
     "print(is_title(s, 11, 28, 'Her sonnet ', True, True))"),
    ("example_leads", "for one",
     "from onrecord.indexer.annotate.attribution.spans.titles import is_title; s = 'Try a name (for one, \"canoe hire\") now.';"
     "print(is_title(s, 21, 33, 'Try a name (for one, ', True, False))"),
]


def _probe(path: Path, check: str) -> str:
    script = f"from pathlib import Path\nfrom onrecord.indexer import lexicon\nlexicon.PATH = Path({str(path)!r})\n{check}"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize(("key", "word", "check"), ADDITIONS, ids=[a[0] for a in ADDITIONS])
def test_one_added_row_takes_effect(tmp_path, key, word, check):
    data = _data()
    assert word not in data[key]
    assert _probe(lexicon.PATH, check) == "False"
    data[key].append(word)
    added = tmp_path / "lexicon_en.json"
    added.write_text(json.dumps(data), encoding="utf-8")
    assert _probe(added, check) == "True"
