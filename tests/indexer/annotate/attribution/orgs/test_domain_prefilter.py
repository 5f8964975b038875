"""may_hold_domain: the string test before DOMAIN_RE's whole-text scan never hides an address."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.orgs.orgnames import DOMAIN_ENDINGS, DOMAIN_RE, may_hold_domain
from onrecord.indexer.annotate.attribution.orgs.orgruns import org_name_runs


@pytest.mark.parametrize("ending", DOMAIN_ENDINGS)
def test_each_ending_is_found(ending: str) -> None:
    text = f"Fans posted the file on Suprnova.{ending} last week."
    assert may_hold_domain(text)
    # (the regex's own reading: "Suprnova.org.uk" stops at its first ending, "Suprnova.org")
    found = [(m.start(), m.group()) for m in DOMAIN_RE.finditer(text)]
    assert [start for start, _ in found] == [24]
    assert found[0] in org_name_runs(text, [])


@pytest.mark.parametrize("text", [
    "Acme said it would sell the Com unit. Its tv arm stays.",  # endings without their "."
    "The site Suprnova.Com closed.",  # an ending the regex does not read (capitalised)
    "Prices rose. Net profit fell.",
    "",
])
def test_no_ending_no_address(text: str) -> None:
    assert not may_hold_domain(text)
    assert not DOMAIN_RE.search(text)


def test_ending_without_address() -> None:
    # the string test passes, the regex still decides: "ann.org" has no capital
    text = "Write to ann.org or the desk."
    assert may_hold_domain(text)
    assert not DOMAIN_RE.search(text)
