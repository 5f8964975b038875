"""bench.pronouns' judge: a resolved name is checked only against a gold
speaker that names someone (issue #31's 'resolutions it can check')."""
from __future__ import annotations

import pytest

from bench.pronouns import judge
from onrecord.search import Quote


def _quote(speaker: str) -> Quote:
    return Quote(text="x", start=0, end=1, kind="direct", speaker=speaker)


@pytest.mark.parametrize(("resolved", "gold", "verdict"), [
    ("Ann Vole", "Vole", "right"),
    ("Ann Vole", "Ann Vole, the mayor", "right"),
    ("Ben Tamm", "Ann Vole", "wrong"),
    ("Ben Tamm", "the mayor of Leeds, Ann Vole,", "wrong"),
    ("Ben Tamm", "CNN", "wrong"),
    ("Ann Vole", "she", "unverifiable"),
    ("Ann Vole", "which", "unverifiable"),
    ("Ann Vole", "who", "unverifiable"),
    ("Ann Vole", "a top aide", "unverifiable"),
    ("Ann Vole", "the bespectacled, 71-year-old diplomat", "unverifiable"),
    ("Ann Vole", "Some", "unverifiable"),
])
def test_a_resolution_is_judged_only_against_a_gold_that_names_someone(
        resolved: str, gold: str, verdict: str) -> None:
    assert judge(_quote(resolved), gold) == verdict
