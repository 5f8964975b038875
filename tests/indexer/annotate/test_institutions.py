"""Tests for indexer.annotate.institutions.institutions: registry loading, matching, alias
learning and the annotate stage (including the three seed articles)."""
from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from onrecord.indexer.annotate.annotator import load_annotation_files
from onrecord.indexer.annotate.institutions.institutions import (
    annotate_institutions,
    find_institutions,
    learn_aliases,
    match_institution,
)
from onrecord.indexer.annotate.institutions.registry import InstitutionRegistry, RegistryError, load_registry
from onrecord.search.config import load_config
from onrecord.search.model import Article, Metadata, Paragraph

MET = "Metropolitan Police Service"
IOPC = "Independent Office for Police Conduct"
SEEDS = sorted((Path(__file__).resolve().parents[3] / "seeds").glob("*.txt"))


@pytest.fixture(scope="module")
def registry() -> InstitutionRegistry:
    return load_registry()


def names(text: str, registry: InstitutionRegistry, extra: dict[str, str] | None = None) -> list[str]:
    return [m.name for m in find_institutions(text, registry, extra)]


def make_article(text: str) -> Article:
    """Chunk `text` on blank lines into Paragraphs with absolute offsets."""
    paragraphs = []
    for n, m in enumerate(re.finditer(r"\S(?:.*?\S)?(?=\s*\n\s*\n|\s*$)", text, re.S), start=1):
        paragraphs.append(Paragraph(id=f"t-{n}", n=n, start=m.start(), end=m.end(), text=m.group()))
    return Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=paragraphs)


@pytest.mark.parametrize(("text", "expected"), [
    ("The Metropolitan police said it would review the case.", [MET]),
    ("The Metropolitan Police said it would review the case.", [MET]),
    ("A spokesman for the Met said officers attended.", [MET]),
    ("The MPS confirmed the arrest.", [MET]),
    ("Met Police officers attended the scene.", [MET]),
    ("Met Commissioner Dame Jane Doe apologised.", [MET]),
    ("Detectives from Scotland Yard were called in.", [MET]),
    ("the Met's handling of the case was criticised", [MET]),
    ("An Independent Office of Police Conduct inquiry began.", [IOPC]),
    ("The Independent Office for Police Conduct said so.", [IOPC]),
    ("The IOPC has concluded its inquiry.", [IOPC]),
    ("referred to the independent office of police complaints", [IOPC]),
    ("The Met Office issued a yellow weather warning.", ["Met Office"]),
    ("She met police officers on Tuesday.", []),
    ("They met the minister and met again later.", []),
    ("The metropolitan area grew.", []),
    ("Metropolitan life is busy.", []),
    ("She told the BBC she was angry.", ["BBC"]),
    ("the Crown Prosecution Service and the CPS", ["Crown Prosecution Service"] * 2),
    ("Labour and the Tories clashed; the Conservatives lost.", ["Labour Party", "Conservative Party", "Conservative Party"]),
    ("the labour market tightened", []),
    ("the Fed raised interest rates", ["Federal Reserve"]),
    ("Fed up with delays, residents protested.", []),
    ("The WHO warned of a pandemic.", ["World Health Organization"]),
    ("people who warned of a pandemic", []),
    ("The Prison Service released him.", ["HM Prison Service"]),
    ("He was a former archdeacon in the Church of England.", ["Church of England"]),
    ("The UN and the EU and Nato met.", ["United Nations", "European Union", "NATO"]),
    ("Supporters of the GOP and Democrats.", ["Republican Party", "Democratic Party"]),
    ("The Home Office and the Home office.", ["Home Office", "Home Office"]),
    ("She walked through Fryent Country Park.", []),
    ("The Law Lords ruled that the detentions were unlawful.", ["Law Lords"]),  # #31: a court, not a peer
    ("The nine law lords said the powers were discriminatory.", ["Law Lords"]),
    ("Lord Vole and two other lords voted against it.", []),
])
def test_find_institutions_canonical_names(registry: InstitutionRegistry, text: str,
                                           expected: list[str]) -> None:
    assert names(text, registry) == expected


def test_find_institutions_offsets_and_surface(registry: InstitutionRegistry) -> None:
    text = "Critics said the Met Police and MPS failed."
    mentions = find_institutions(text, registry)
    assert [(m.surface, text[m.start:m.end]) for m in mentions] == [
        ("Met Police", "Met Police"), ("MPS", "MPS")]


def test_find_institutions_prefers_longest_match(registry: InstitutionRegistry) -> None:
    mentions = find_institutions("the Metropolitan Police Service said", registry)
    assert [(m.name, m.surface) for m in mentions] == [(MET, "Metropolitan Police Service")]


def test_blank_extra_aliases_are_ignored(registry: InstitutionRegistry) -> None:
    assert names("The Met said.", registry, {"": "Nobody", "  ": "Nobody", "Acme": ""}) == [MET]


def test_extra_alias_wins_a_tie_over_registry(registry: InstitutionRegistry) -> None:
    extra = {"MPS": "Mars Probe Society"}
    assert names("The MPS launched a probe.", registry, extra) == ["Mars Probe Society"]


@pytest.mark.parametrize(("phrase", "expected"), [
    ("the Met", MET), ("The Met", MET), ("Met", MET), ("MPS", MET),
    ("Metropolitan police", MET), ("the Metropolitan Police", MET), ("Met's", MET),
    ("the IOPC", IOPC), ("Independent Office of Police Conduct", IOPC),
    ("the BBC", "BBC"), ("the Met Office", "Met Office"),
    ("the force", None), ("police", None), ("the police", None), ("the watchdog", None),
    ("met", None), ("the Met said", None), ("", None), ("Sir Mark Rowley", None),
])
def test_match_institution(registry: InstitutionRegistry, phrase: str, expected: str | None) -> None:
    assert match_institution(phrase, registry) == expected


@pytest.mark.parametrize(("text", "surface", "canonical"), [
    ("A report by the Independent Office for Police Conduct (IOPC) found", "IOPC", IOPC),
    ("files went to the Crown Prosecution Service (CPS) for a decision", "CPS", "Crown Prosecution Service"),
    ("The Office for National Statistics (ONS) said prices rose.", "ONS", "Office for National Statistics"),
    ("The Securities and Exchange Commission (SEC) sued.", "SEC", "Securities and Exchange Commission"),
    ("The Department of Justice (DoJ) declined to comment.", "DoJ", "Department of Justice"),
    ("under the North West Command Unit at the time", "North West Command Unit", "North West Command Unit"),
    ("Thames Valley Police Chief Constable Jo Bloggs said", "Thames Valley Police", "Thames Valley Police"),
    ("a statement from the Department of Trade and Industry", "Department of Trade and Industry",
     "Department of Trade and Industry"),
    ("the UK's Office of Fair Trading ruled", "Office of Fair Trading", "Office of Fair Trading"),
    ("Both bodies, the Probation Service and others", "Probation Service", "Probation Service"),
    ("the Bank of England Governor said", "Bank of England", None),  # the registry has it already
    ("agents of the US Federal Bureau of Investigation", "US Federal Bureau of Investigation", "FBI"),
])
def test_learn_aliases_finds_definitions_and_org_phrases(registry: InstitutionRegistry, text: str,
                                                        surface: str, canonical: str | None) -> None:
    assert learn_aliases(text, registry).get(surface) == canonical


@pytest.mark.parametrize(("text", "not_learned"), [
    ("They were found in Fryent Country Park in Wembley.", "Fryent Country Park"),
    ("screens use Liquid Crystal Display (LCD) panels", "LCD"),
    ("Mrs Smallman spoke outside the Old Bailey.", "Old Bailey"),
    ("Police received over 100 calls.", "Police"),
    ("Detective Chief Inspector Simon Harding said", "Detective Chief Inspector Simon Harding"),
])
def test_learn_aliases_skips_places_people_and_jargon(registry: InstitutionRegistry, text: str,
                                                     not_learned: str) -> None:
    assert not_learned not in learn_aliases(text, registry)


def test_learned_acronym_resolves_later_paragraph() -> None:
    article = make_article(
        "The Office for National Statistics (ONS) published figures.\n\n"
        "Economists said the data was weak.\n\n"
        "The ONS will publish again in May.\n")
    out = annotate_institutions(article)
    assert [p.institutions for p in out.paragraphs] == [
        ["Office for National Statistics"], [], ["Office for National Statistics"]]


def test_annotate_institutions_is_pure() -> None:
    article = make_article("The Met said so.\n\nThe IOPC agreed.\n")
    before = article.to_dict()
    out = annotate_institutions(article)
    assert article.to_dict() == before
    assert out is not article and out.paragraphs[0] is not article.paragraphs[0]
    assert [p.institutions for p in out.paragraphs] == [[MET], [IOPC]]


def test_annotate_institutions_sorted_unique() -> None:
    out = annotate_institutions(make_article("The BBC asked the Met, the MPS and the BBC.\n"))
    assert out.paragraphs[0].institutions == ["BBC", MET]


@pytest.mark.parametrize(("seed", "expected"), [
    (0, {MET, IOPC, "BBC", "North West Command Unit"}),
    (1, {MET, IOPC, "BBC", "North West Command Unit", "Church of England"}),
    (2, {MET, IOPC, "BBC", "HM Prison Service"}),
])
def test_seed_institutions_have_one_name_each(registry: InstitutionRegistry, seed: int,
                                              expected: set[str]) -> None:
    article = make_article(SEEDS[seed].read_text(encoding="utf-8"))
    out = annotate_institutions(article)
    found = {name for p in out.paragraphs for name in p.institutions}
    assert found == expected
    # No value is an alias of another value ("Met" beside MET, say).
    assert all(match_institution(v, registry) in (None, v) for v in found)


def test_seed_offsets_match_text() -> None:
    text = SEEDS[0].read_text(encoding="utf-8")
    article = make_article(text)
    assert all(text[p.start:p.end] == p.text for p in article.paragraphs)
    assert len(article.paragraphs) > 20


@pytest.mark.parametrize("given", ["variable", "setting"])
def test_the_institutions_setting_extends_registry(tmp_path: Path, given: str) -> None:
    police, bbc = tmp_path / "police.json", tmp_path / "bbc.json"
    police.write_text(json.dumps({"institutions": [
        {"name": "Kent Police", "kind": "police", "aliases": ["Kent police force"]}]}), encoding="utf-8")
    bbc.write_text(json.dumps({"institutions": [{"name": "BBC", "aliases": ["Auntie"]}]}), encoding="utf-8")
    paths = f"{police}{os.pathsep}{bbc}"
    config = load_config({"ONRECORD_INSTITUTIONS": paths} if given == "variable" else {},
                         [f"institutions={paths}"] if given == "setting" else [])
    reg = load_annotation_files(config).registry
    assert names("Kent Police and Auntie and the Met", reg) == ["Kent Police", "BBC", MET]
    assert names("Auntie", load_annotation_files(load_config({})).registry) == []


def test_default_registry_is_cached() -> None:
    assert load_registry() is load_registry()


@pytest.mark.parametrize("content", ["{not json", '{"other": []}', '{"institutions": [{"kind": "x"}]}',
                                     '{"institutions": [{"name": " "}]}', '{"institutions": 5}', "[]"])
def test_bad_alias_file_raises_registry_error(tmp_path: Path, content: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(RegistryError):
        load_registry(bad)


def test_missing_alias_file_raises_registry_error(tmp_path: Path) -> None:
    with pytest.raises(RegistryError, match="cannot read"):
        load_registry(tmp_path / "absent.json")


def test_packaged_registry_is_a_sensible_starter_set(registry: InstitutionRegistry) -> None:
    all_names = {i.name for i in registry.institutions}
    assert len(all_names) >= 60
    assert {MET, IOPC, "BBC", "FBI", "Bank of England", "Federal Reserve"} <= all_names


def test_many_paragraphs_annotate_quickly(registry: InstitutionRegistry) -> None:
    # Why: 2,225 BBC articles must annotate in seconds; one compiled regex
    # per registry keeps a long article well under a second.
    import time
    text = "\n\n".join(["The Met and the IOPC met the BBC in June 2020."] * 2000)
    started = time.perf_counter()
    out = annotate_institutions(make_article(text))
    assert time.perf_counter() - started < 3.0
    assert out.paragraphs[-1].institutions == ["BBC", IOPC, MET]


def test_replace_keeps_other_annotations() -> None:
    article = make_article("The Met said so.\n")
    article.paragraphs[0] = dataclasses.replace(article.paragraphs[0], speakers=["Jane Doe"], dates=["2020"])
    out = annotate_institutions(article)
    assert out.paragraphs[0].speakers == ["Jane Doe"] and out.paragraphs[0].dates == ["2020"]
