"""JSON-LD in a saved page: the object that describes the article.

Owns reading a page's ld+json scripts into objects and finding the first
one typed as an article (NewsArticle, BlogPosting, Report...), with @graph lists
opened and {"@id": ...} references resolved, and naming the people and
organisations it links to.  Broken JSON is common on real pages and skipped.
"""
from __future__ import annotations

import json
import re
from typing import Any

import lxml.html

ARTICLE_TYPES = re.compile(r"(Article|BlogPosting|Report|Posting)$")


def jsonld_objects(tree: lxml.html.HtmlElement) -> list[dict[str, Any]]:
    """Return every JSON-LD object of the page's ld+json scripts, in order
    (lists and @graph opened; broken scripts skipped)."""
    objects: list[dict[str, Any]] = []
    for script in tree.iter("script"):
        if "ld+json" not in (script.get("type") or "").lower():
            continue
        try:
            data = json.loads(script.text or "")
        except (ValueError, RecursionError):  # pages ship broken JSON-LD often
            continue
        objects.extend(_flatten(data))
    return objects


def article_object(objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the first of `objects` typed as an article ({} if none),
    with @id references to publisher/author resolved."""
    by_id = {o["@id"]: o for o in objects if isinstance(o.get("@id"), str)}
    for obj in objects:
        types = obj.get("@type")
        types = types if isinstance(types, list) else [types]
        if any(isinstance(t, str) and ARTICLE_TYPES.search(t) for t in types):
            return {k: _resolve(v, by_id) for k, v in obj.items()}
    return {}


def _flatten(data: Any) -> list[dict[str, Any]]:
    """Return the objects of a JSON-LD document (lists and @graph opened)."""
    pending, out = [data], []
    while pending:
        item = pending.pop(0)
        if isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            out.append(item)
            if isinstance(item.get("@graph"), list):
                pending.extend(item["@graph"])
    return out


def _resolve(value: Any, by_id: dict[str, dict[str, Any]]) -> Any:
    """Return the object a bare {"@id": ...} reference points to, else value."""
    if isinstance(value, dict) and set(value) == {"@id"}:
        return by_id.get(value["@id"], value)
    if isinstance(value, list):
        return [_resolve(v, by_id) for v in value]
    return value


def name_of(value: Any) -> str | None:
    """Return the name of a JSON-LD person/organisation (or list of them),
    several names written "A, B and C"; None when there is none."""
    if isinstance(value, list):
        names = list(dict.fromkeys(n for n in (name_of(v) for v in value) if n))
        if len(names) > 1:
            return ", ".join(names[:-1]) + " and " + names[-1]
        return names[0] if names else None
    if isinstance(value, dict):
        value = value.get("name")
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def first_value(objects: list[dict[str, Any]], key: str) -> Any:
    """Return `key`'s value in the first of `objects` that has one (a
    WebPage's datePublished where no article object is typed), else None."""
    for obj in objects:
        value = obj.get(key)
        if value:
            return value
    return None
