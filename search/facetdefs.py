"""The facets: one row per facet, read by every layer that lists them.

Owns FACETS.  The schema makes and fills each row's count field, the facet
table counts it (search.features.facets), search.query.querying filters on
its filter field by its rule, web.params and web.links read and write its
URL parameter, the search page shows its label, the CLI offers its option,
and SearchResult.facets (the JSON) is keyed by its name.  A new facet is one
row here (plus its SearchRequest attribute when it filters by names) and a
test.  Pure data: no Whoosh, no Flask.

Filter rules, as they are today (issue #10 will change them here):
  "all"   every selected value must match: one Term per value, ANDed
          (a paragraph quoting both speakers);
  "any"   at least one selected value matches: the Terms ORed (an article
          has one outlet);
  "year"  a value selects its calendar year as the request's since/until
          (clicking it again clears both); no SearchRequest attribute.
Name values match the filter field's lowercased whole names
(search.storage.schema.split_names), not the case-preserving facet value.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from onrecord.search.model import Metadata, Paragraph

FilterRule = Literal["all", "any", "year"]
# A row's facet values for one paragraph of an article: what the schema
# writes to the row's count field.
FacetSource = Callable[[Metadata, Paragraph], list[str]]


@dataclass(frozen=True, slots=True)
class FacetDef:
    """One facet.

    name          URL/API parameter, SearchResult.facets (JSON) key, and the
                  facet name links and templates pass around
    label         its heading on the search page
    count_field   the index field whose case-preserving terms are counted
                  and shown as the facet's values
    filter_field  the index field a selected value filters on ("published"
                  for a year: a date range from since/until)
    rule          how selected values filter (see the module docstring)
    request_attr  the SearchRequest tuple holding the selected values, None
                  for the "year" rule (it sets since/until)
    source        fills count_field at index time (the schema makes it a
                  comma-separated KEYWORD field); None when the schema
                  defines and fills the field itself (year)
    cli_help      help of the `onrecord search --<name>` option; None: no
                  option (a year is --since/--until)
    profile       its values have entity pages (/speaker/<name>)
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

    @property
    def cli_option(self) -> str | None:
        """Return the CLI option of this facet's filter ("--speaker"), or None."""
        return f"--{self.name}" if self.cli_help else None


def paragraph_speakers(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the people quoted in the paragraph."""
    return para.speakers


def paragraph_institutions(_meta: Metadata, para: Paragraph) -> list[str]:
    """Return the institutions the paragraph names."""
    return para.institutions


def article_outlet(meta: Metadata, _para: Paragraph) -> list[str]:
    """Return the article's outlet as one value (a comma in it is dropped)."""
    return [meta.outlet] if meta.outlet else []


def article_authors(meta: Metadata, _para: Paragraph) -> list[str]:
    """Return the article's authors: the byline split at commas (a list of
    authors in the input arrives joined with ", ", see indexer.reader)."""
    return meta.author.split(",") if meta.author else []


FACETS: tuple[FacetDef, ...] = (
    FacetDef("speaker", "Speakers", "speaker_facet", "speaker", "all", "speakers",
             paragraph_speakers, "Only paragraphs quoting this speaker (repeat: AND).",
             profile=True),
    FacetDef("institution", "Institutions", "institution_facet", "institution", "all",
             "institutions", paragraph_institutions,
             "Only paragraphs naming this institution (AND).", profile=True),
    FacetDef("outlet", "Outlets", "outlet_facet", "outlet", "any", "outlets",
             article_outlet, "Only articles from this outlet (repeat: OR)."),
    FacetDef("author", "Authors", "author_facet", "author", "any", "authors",
             article_authors, "Only articles by this author (repeat: OR)."),
    FacetDef("year", "Years", "year", "published", "year", None, None),
)
FACETS_BY_NAME: dict[str, FacetDef] = {facet.name: facet for facet in FACETS}
FACET_NAMES: tuple[str, ...] = tuple(FACETS_BY_NAME)
# The facets filtered by the names in a SearchRequest attribute (not year).
NAME_FACETS: tuple[FacetDef, ...] = tuple(f for f in FACETS if f.request_attr is not None)
