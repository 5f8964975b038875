"""The word lists and keys the saved-HTML metadata readers go by.

Owns the tables of indexer.parse.html.meta, indexer.parse.html.dates and
indexer.parse.html.bylines: which <meta> keys state a publication date, which
words label a date a reader sees ("Published", "Last updated on") or a
byline ("By", "Written by:"), which words a byline search picks up that name
nobody, and how far from the headline a date or byline is looked for.
A newcomer adds a key or a word with one row here; the modules build their
patterns from these tables.  Also the one reading both searches share:
texts_around(), the visible texts before and after the headline.
"""
from __future__ import annotations

from typing import Any

from lxml import etree

_VISIBLE = "[normalize-space()][not(ancestor::script or ancestor::style or ancestor::noscript)]"
_TEXTS_AFTER = etree.XPath(f"following::text(){_VISIBLE}[position() <= $n]")
_TEXTS_BEFORE = etree.XPath(f"preceding::text(){_VISIBLE}[position() <= $n]")


def texts_around(node: Any, before: int, after: int) -> tuple[list[str], list[str]]:
    """Return the up to `before` visible text nodes before `node` (nearest
    last, document order) and the up to `after` after it, as strings."""
    return ([str(t) for t in _TEXTS_BEFORE(node, n=before)],
            [str(t) for t in _TEXTS_AFTER(node, n=after)])

# <meta> property/name/itemprop keys (lowercased) that state the publication
# date, in the order they are trusted.
DATE_META_KEYS = ("article:published_time", "date", "pubdate", "publishdate", "publish-date",
                  "publish_date", "published", "dc.date", "dc.date.issued", "dcterms.date",
                  "dcterms.created", "datepublished", "parsely-pub-date", "sailthru.date",
                  "og:published_time", "article.published", "published_time",
                  "citation_publication_date")

# Words that label a date shown near the headline, by what the date is.
PUBLISHED_LABELS = frozenset({"published", "posted", "released", "created", "written", "first"})
UPDATED_LABELS = frozenset({"updated", "modified", "reviewed", "revised", "edited", "refreshed"})
# Words a date label may also hold ("Last updated on:", "Date:", "Page updated").
DATE_LABEL_FILLERS = frozenset({"last", "on", "at", "date", "page", "article", "originally", "was"})

# Labels of a dateline a template put inside the <h1> after the headline
# ("... Posted on July 1, 2024 by admin"): cut from the title.
HEADLINE_DATELINE_LABELS = ("posted", "published", "updated")
# Separators before a byline a template put inside the <h1> ("Title • Ann Lee").
HEADLINE_BYLINE_SEPARATORS = (" • ", " | ", " - ", " – ", " — ", " · ")

# Texts before/after the headline (non-blank text nodes) searched for the
# date a reader sees: a byline and date sit just above or below it.
DATE_TEXTS_BEFORE = 4
DATE_TEXTS_AFTER = 15
# Texts after/before the headline searched for a byline.
BYLINE_TEXTS_BEFORE = 3
BYLINE_TEXTS_AFTER = 12
# Texts right under the headline where a name without a label is a byline.
BARE_NAME_TEXTS = 3

# Words that introduce a byline ("By Ann Lee", "Written by: Ann Lee").
# ("Reviewed by" introduces a reviewer, not the author.)
BYLINE_LEADS = ("written by", "posted by", "words by", "authored by", "author", "authors", "by")
# Words before a lone "by" that make the names a reviewer's or an editor's
# ("Medically reviewed" / "by" / "A"), not the author's.
BYLINE_OTHER_ROLES = frozenset({"reviewed", "checked", "edited", "verified", "illustrated", "photographed"})
# Texts that join one more name to a byline split over elements ("A", ", and", "B").
BYLINE_JOINERS = frozenset({",", "and", ", and", "&", ", &"})
# What a byline search picks up that names nobody: "Written By", "Updated
# March", "Dec" (month names are added by indexer.parse.html.meta).
BYLINE_LABELS = frozenset({"by", "written", "author", "authors", "the", "updated", "posted", "published",
                           "on", "admin", "editor", "editors", "staff"})
# Texts that end a byline's names: what follows them is a date, a role or a
# reading time ("Ann Lee · 5 min read", "Ann Lee | Dec 17, 2025").
BYLINE_ENDS = (" \u00b7 ", " | ", " \u2022 ", " \u2014 ", " - ", " on ")
# The most words a byline's names hold ("A, B and C" with credentials).
BYLINE_MAX_WORDS = 24
