"""Speaker and institution pages: /speakers, /institutions (lists with
counts, entity_list_page_size names a page, filtered by ?name=),
/speaker/<name> and /institution/<name> (profiles), each with a .json twin
rendered from the same dict (index_data, profile_data).

Views only call search.entities and render; the timeline geometry comes
from onrecord.web.pages.charts and the "also in" lines from web.pages.also_in.  Names travel
in the path as one fully percent-encoded segment (NameConverter, the
routes' `name` converter: "a/../b" is /speaker/a%2F%2E%2E%2Fb, which no
browser resolves to another page; the server decodes the path, and the
converter takes the rest of it, slashes and all, as the name).  An unknown
name raises NotFoundError -> 404.
"""
from __future__ import annotations

from typing import Any, Literal

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response

import onrecord.search as search_entities  # looked up per call, as search_layer elsewhere
from onrecord.search import EntityList, EntityProfile, NotFoundError, QueryError, article_openings
from onrecord.web.access.gate import reader_collections
from onrecord.web.outputs.api import json_page
from onrecord.web.outputs.feeds import feed_url_for
from onrecord.web.outputs.names import entity_url
from onrecord.web.pages.charts import build_timeline
from onrecord.web.pages.links import name_segment, page_window
from onrecord.web.serving.params import MAX_FILTER_CHARS, MAX_PAGE, parse_int
from onrecord.web.serving.state import get_state

bp = Blueprint("entities", __name__)

EntityKind = Literal["speaker", "institution"]
INDEX_TITLES: dict[str, str] = {"speaker": "Speakers", "institution": "Institutions"}
# What the timeline counts: a speaker's quotes, an institution's paragraphs.
TIMELINE_NOUNS: dict[str, str] = {"speaker": "quote", "institution": "paragraph"}
# EntityProfile list field -> its heading, per page kind; and the kind of the names it lists.
RELATED: dict[str, list[tuple[str, str]]] = {
    "speaker": [("institutions", "Institutions they name most")],
    "institution": [("speakers_for", "Who speaks for it"), ("speakers_about", "Who speaks about it")],
}
RELATED_KIND: dict[str, str] = {"institutions": "institution", "speakers_for": "speaker", "speakers_about": "speaker"}
# Most roles and related names listed (by count); the rest are summed up
# as "and N more", so a prolific speaker's page stays small.
SHOWN_ROLES = 10
SHOWN_RELATED = 30


class NameConverter(BaseConverter):
    """The `name` URL converter (registered by web.app): a speaker's or
    institution's name, built as one encoded segment (links.name_segment)
    and read back from the decoded path with any slashes in it.  Its
    rules keep doubled slashes ("a//b" is a name, not a path to merge)."""

    part_isolating = False
    regex = ".+?"
    weight = 200

    def to_url(self, value: str) -> str:
        return name_segment(str(value))


def index_url(kind: str, page: int = 1, name: str = "", fmt: str = "html") -> str:
    """Return the URL of page `page` of the speakers or institutions list
    (of its JSON twin when `fmt` is "json"), filtered by `name` if given."""
    endpoint = f"entities.{kind}s_index" + ("_json" if fmt == "json" else "")
    return url_for(endpoint, name=name or None, page=page if page > 1 else None)


# Each page's .json twin is its own endpoint (the "_json" suffix), so
# url_for of a page never picks the twin's rule.
@bp.get("/speakers", defaults={"fmt": "html"})
@bp.get("/speakers.json", endpoint="speakers_index_json", defaults={"fmt": "json"})
def speakers_index(fmt: str) -> str | Response:
    """Return one page of the speakers with their paragraph counts."""
    return render_index("speaker", fmt)


@bp.get("/institutions", defaults={"fmt": "html"})
@bp.get("/institutions.json", endpoint="institutions_index_json", defaults={"fmt": "json"})
def institutions_index(fmt: str) -> str | Response:
    """Return one page of the institutions with their paragraph counts."""
    return render_index("institution", fmt)


def index_data(kind: EntityKind, listing: EntityList, fmt: str = "json") -> dict[str, Any]:
    """Return the data of a list page: its names with their paragraph
    counts and profile pages, how many match in all (`total`) and how many
    the index knows (`known`), and the neighbouring pages' URLs (of the
    `fmt` twin; None at either end)."""
    def neighbour(page: int) -> str | None:
        return index_url(kind, page, listing.name_filter, fmt) if 1 <= page <= listing.pages else None

    return {"kind": kind, "title": INDEX_TITLES[kind], "name": listing.name_filter,
            "total": listing.total, "count": listing.total,  # its name before paging
            "known": listing.known, "page": listing.page,
            "pages": listing.pages, "per_page": listing.per_page,
            "previous": neighbour(listing.page - 1), "next": neighbour(listing.page + 1),
            "values": [{"name": fv.value, "count": fv.count, "url": entity_url(kind, fv.value)}
                       for fv in listing.values]}


def render_index(kind: EntityKind, fmt: str = "html") -> str | Response:
    """Return page ?page= of every speaker or institution (those whose name
    contains ?name=), as HTML or JSON.  Raises QueryError (-> 400) for a bad
    page number or an overlong name, NotFoundError (-> 404) past the last page."""
    state = get_state()
    page = parse_int(request.args.get("page"), "page", 1, 1, MAX_PAGE)
    name = (request.args.get("name") or "").strip()
    if len(name) > MAX_FILTER_CHARS:
        raise QueryError(f"'name' is longer than {MAX_FILTER_CHARS} characters.")
    listing = search_entities.page_entities(state.index(), kind, page,
                                            state.config.entity_list_page_size, name, reader_collections())
    if fmt == "json":
        return json_page(index_data(kind, listing))
    return render_template("entities.html", kind=kind, title=INDEX_TITLES[kind], listing=listing,
                           json_url=index_url(kind, page, listing.name_filter, "json"),
                           all_url=index_url(kind), window=page_window(listing.page, listing.pages),
                           page_url=lambda n: index_url(kind, n, listing.name_filter))


@bp.get("/speaker/<name:name>", defaults={"fmt": "html"}, merge_slashes=False)
@bp.get("/speaker/<name:name>.json", endpoint="speaker_page_json", defaults={"fmt": "json"},
        merge_slashes=False)
def speaker_page(name: str, fmt: str) -> str | Response:
    """Return the profile of one speaker; 404 if the index never saw them."""
    return render_profile("speaker", name, fmt)


@bp.get("/institution/<name:name>", defaults={"fmt": "html"}, merge_slashes=False)
@bp.get("/institution/<name:name>.json", endpoint="institution_page_json", defaults={"fmt": "json"},
        merge_slashes=False)
def institution_page(name: str, fmt: str) -> str | Response:
    """Return the profile of one institution; 404 if it is not in the index."""
    return render_profile("institution", name, fmt)


def profile_data(kind: EntityKind, profile: EntityProfile) -> dict[str, Any]:
    """Return the data of a profile page: the counts, roles, timeline,
    related names and this page's quotes (with their citation fields)."""
    data: dict[str, Any] = {
        "kind": kind, "name": profile.name, "quote_count": profile.quote_count,
        "reported_count": profile.reported_count,
        # every quote listed, reported ones too: what quotes mode counts for this filter
        "statement_count": profile.statement_count, "counts": "quotes",
        "paragraph_count": profile.paragraph_count, "undated": profile.undated,
        "roles": [fv.to_dict() for fv in profile.roles],
        "timeline": [{"month": month, "count": count} for month, count in profile.timeline],
        "page": profile.page, "pages": profile.pages, "per_page": profile.per_page,
        "folded": profile.folded, "folded_apart": profile.folded_apart,
        "quotes": [record.to_dict() for record in profile.quotes],
    }
    for key, _heading in RELATED[kind]:
        data[key] = [{"name": fv.value, "count": fv.count, "url": entity_url(RELATED_KIND[key], fv.value)}
                     for fv in getattr(profile, key)]
    return data


def render_profile(kind: EntityKind, name: str, fmt: str = "html") -> str | Response:
    """Return the profile page of `name` as HTML or JSON (a redirect to the
    canonical spelling when it only matched case-insensitively, so shared
    URLs agree); raises NotFoundError (-> 404) for a blank, overlong or
    unknown name."""
    if not name.strip() or len(name) > MAX_FILTER_CHARS:
        raise NotFoundError(f"No {kind} with that name is in the index.")
    page = parse_int(request.args.get("page"), "page", 1, 1, MAX_PAGE)
    profile = search_entities.get_entity(get_state().index(), kind, name, page,
                                         get_state().config.entity_page_size, reader_collections())
    # Only a case difference redirects: the canonical name then matches
    # exactly on the next request, so this can never loop.
    if profile.name != name and profile.name.casefold() == name.casefold():
        return redirect(entity_url(kind, profile.name, page, fmt), code=301)
    if fmt == "json":
        return json_page(profile_data(kind, profile))
    chart = build_timeline(profile.timeline, TIMELINE_NOUNS[kind])
    return render_template("entity.html", kind=kind, profile=profile, chart=chart,
                           json_url=entity_url(kind, profile.name, page, "json"),
                           feed_url=feed_url_for(kind, profile.name),
                           openings=article_openings(get_state().index(),
                                                     [r.doc_id for r in profile.quotes if not r.title],
                                                     reader_collections()),
                           feed_title=f"onrecord: {profile.name}",
                           noun=TIMELINE_NOUNS[kind], search_url=filter_url(kind, profile.name),
                           quotes_url=filter_url(kind, profile.name, "quotes"),
                           order=quote_order(profile),
                           related=RELATED[kind], related_kind=RELATED_KIND,
                           shown_roles=SHOWN_ROLES, shown_related=SHOWN_RELATED,
                           window=page_window(profile.page, profile.pages),
                           page_url=lambda n: entity_url(kind, profile.name, n))


def quote_order(profile: EntityProfile) -> str:
    """Return how the profile's quotes are really ordered, for the heading
    over them: by date (undated last) when any is dated; when none is,
    the outline's fallback, article by article (search.features.outlines)."""
    if not profile.timeline:  # months of dated quotes: none, nothing is dated
        return "article by article (none is dated)"
    return "in date order, undated last" if profile.undated else "in date order"


def filter_url(kind: EntityKind, name: str, mode: str = "paragraphs") -> str:
    """Return the search page filtered to this speaker or institution, in
    `mode` (quotes: the quotes the page counts)."""
    # The filter's parameter is named by `kind`, so the values go in as one dict.
    values: dict[str, Any] = {kind: name, "sort": "newest"}
    if mode != "paragraphs":
        values["mode"] = mode
    return url_for("pages.search_page", **values)
