"""The facets: one row per facet, read by every layer that lists them.

Owns FACETS.  The schema makes and fills each row's count field, the facet
table counts it (search.features.facets), search.query.querying filters on
its filter field by its rule, web.serving.params and web.pages.links read and write its
URL parameter, the search page shows its label, the CLI offers its option,
and SearchResult.facets (the JSON) is keyed by its name.  A new facet is one
row here (plus its SearchRequest attribute when it filters by names) and a
test.  Pure data: no Whoosh, no Flask.

Filter rules (issue #10: "search means what it says"):
  "any"   a selected value matches the facet's exact, case-preserving value
          (the count field's term, so the count shown beside a value is
          the total after clicking it); several values of ONE facet are
          ORed, different facets ANDed (as in Aleph and Datasette);
          an excluded value (SearchRequest.excluded) removes the
          paragraphs that have it exactly;
  "year"  a value selects its calendar year as the request's since/until
          (clicking it again clears both); no SearchRequest attribute.
Field queries typed in the search box (speaker:blair) stay word-based:
they search the word-analysed filter fields, not these exact values.

The verbatim switch (SearchRequest.verbatim, issue #32): a row with a
`verbatim_source` has a second count field, verbatim_field, holding only
the values that come from verbatim (direct or partial) quotes; under the
switch that field is both counted and filtered on (field_for), so a count
is still the total after clicking.  The speaker row has one: reported
speech names a speaker too, and the switch keeps to who was quoted word
for word.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from onrecord.search.model import EVIDENCE, KIND_LABELS, Metadata, Paragraph, QuoteKind

FilterRule = Literal["any", "year"]
# The URL/API parameter excluding a value of facet NAME is EXCLUDE_PREFIX + NAME.
EXCLUDE_PREFIX = "not_"
# A row's facet values for one paragraph of an article: what the schema
# writes to the row's count field.
FacetSource = Callable[[Metadata, Paragraph], list[str]]
# The kinds whose words are (partly) the speaker's own, in quote marks:
# what the verbatim switch keeps.
VERBATIM_KINDS: frozenset[QuoteKind] = frozenset({"direct", "partial"})


@dataclass(frozen=True, slots=True)
class FacetDef:
    """One facet.

    name          URL/API parameter, SearchResult.facets (JSON) key, and the
                  facet name links and templates pass around
    label         its heading on the search page
    count_field   the index field whose case-preserving terms are counted
                  and shown as the facet's values
    filter_field  the index field a selected value filters on: the
                  count field itself (exact values) for a name facet,
                  "published" for a year (a date range from since/until)
    rule          how selected values filter (see the module docstring)
    request_attr  the SearchRequest tuple holding the selected values, None
                  for the "year" rule (it sets since/until)
    source        fills count_field at index time (the schema makes it a
                  comma-separated KEYWORD field); None when the schema
                  defines and fills the field itself (year)
    cli_help      help of the `onrecord search --<name>` option; None: no
                  option (a year is --since/--until)
    profile       its values have entity pages (/speaker/<name>)
    verbatim_source  fills verbatim_field: the values of the paragraph's
                  verbatim quotes only (see the module docstring); None:
                  the switch leaves this facet alone
    """

    name: str
    label: str
    count_field: str
    filter_field: str
    rule: FilterRule
    request_attr: str | None
    source: FacetSource | None
    cli_help: str | None = None
    profile: bool = False
    verbatim_source: FacetSource | None = None

    @property
    def verbatim_field(self) -> str | None:
        """Return the count field of the verbatim switch ("verbatim_speaker_facet"), or None."""
        return f"verbatim_{self.count_field}" if self.verbatim_source else None

    def field_for(self, verbatim: bool, counting: bool = True) -> str:
        """Return the field this facet counts (`counting`) or filters on:
        its verbatim_field under the verbatim switch when it has one."""
        if verbatim and self.verbatim_field:
            return self.verbatim_field
        return self.count_field if counting else self.filter_field

    @property
    def cli_option(self) -> str | None:
        """Return the CLI option of this facet's filter ("--speaker"), or None."""
        return f"--{self.name}" if self.cli_help else None

    @property
    def exclude_param(self) -> str:
        """Return the URL/API parameter excluding a value ("not_speaker")."""
        return f"{EXCLUDE_PREFIX}{self.name}"

    @property
    def cli_exclude_option(self) -> str | None:
        """Return the CLI option excluding a value ("--not-speaker"), or None."""
        return f"--not-{self.name}" if self.cli_help else None


def paragraph_speakers(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the people quoted in the paragraph."""
    return para.speakers


def verbatim_speakers(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the people quoted in the paragraph word for word: its
    speakers with a direct or partial quote in it (not reported speech)."""
    verbatim = {q.speaker for q in para.quotes if q.kind in VERBATIM_KINDS}
    return [name for name in para.speakers if name in verbatim]


def quote_kinds(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the kinds of the paragraph's quotes as users name them
    (model.KIND_LABELS), each once, in table order."""
    kinds = {q.kind for q in para.quotes}
    return [label for kind, label in KIND_LABELS.items() if kind in kinds]


def quote_evidences(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return how the speakers of the paragraph's quotes are known (the
    Quote.evidence values: named, pronoun, nominal, carried), each once,
    in model.EVIDENCE order."""
    found = {q.evidence for q in para.quotes if q.evidence}
    return [value for value in EVIDENCE if value in found]


def paragraph_institutions(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the institutions the paragraph names."""
    return para.institutions


def article_outlet(meta: Metadata, _para: Paragraph) -> list[str]:
    """Return the article's outlet as one value (a comma in it is dropped)."""
    return [meta.outlet] if meta.outlet else []


def article_authors(meta: Metadata, _para: Paragraph) -> list[str]:
    """Return the article's authors: the byline split at commas (a list of
    authors in the input arrives joined with ", ", see indexer.read.reader)."""
    return meta.author.split(",") if meta.author else []


FACETS: tuple[FacetDef, ...] = (
    FacetDef("speaker", "Speakers", "speaker_facet", "speaker_facet", "any", "speakers",
             paragraph_speakers, "Only paragraphs quoting exactly this speaker (repeat: OR).",
             profile=True, verbatim_source=verbatim_speakers),
    FacetDef("kind", "Quote kinds", "quote_kind_facet", "quote_kind_facet", "any", "kinds",
             quote_kinds, "Only paragraphs with a quote of this kind: verbatim, partial or "
             "reported (repeat: OR)."),
    FacetDef("evidence", "How the speaker is known", "evidence_facet", "evidence_facet", "any",
             "evidences", quote_evidences, "Only paragraphs with a quote whose speaker is known "
             "this way: named, pronoun, nominal or carried (repeat: OR)."),
    FacetDef("institution", "Institutions", "institution_facet", "institution_facet", "any",
             "institutions", paragraph_institutions,
             "Only paragraphs naming exactly this institution (repeat: OR).", profile=True),
    FacetDef("outlet", "Outlets", "outlet_facet", "outlet_facet", "any", "outlets",
             article_outlet, "Only articles from exactly this outlet (repeat: OR)."),
    FacetDef("author", "Authors", "author_facet", "author_facet", "any", "authors",
             article_authors, "Only articles by exactly this author (repeat: OR)."),
    FacetDef("year", "Years", "year", "published", "year", None, None),
)
FACETS_BY_NAME: dict[str, FacetDef] = {facet.name: facet for facet in FACETS}
FACET_NAMES: tuple[str, ...] = tuple(FACETS_BY_NAME)
# The facets filtered by the names in a SearchRequest attribute (not year).
NAME_FACETS: tuple[FacetDef, ...] = tuple(f for f in FACETS if f.request_attr is not None)
