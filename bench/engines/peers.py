"""The engines the benchmark compares onrecord with, behind one interface.

Owns, for each engine, building its index from the same annotated
paragraphs and answering a BenchQuery the way its users would: total hits,
the four facets (speaker, institution, outlet, year; top 20 values each)
and the top 10 hits with highlighted snippets.

- onrecord: search.engine.search() over search.store (public API only).
- tantivy (reference): same paragraphs and fields; facets via terms
  aggregations over raw fast fields, snippets via SnippetGenerator.
- whoosh-naive (peer): stock Whoosh as a newcomer would use it: a plain
  schema, add_document, sorting.FieldFacet groupedby, HtmlFormatter.
"""
from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from bench.engines.queries import BenchQuery
from onrecord.search import Article, freeze_survivors, load_config, open_index, search, warm_index

ENGINES = ("onrecord", "tantivy", "whoosh-naive")
TOP_HITS = 10
TOP_FACET_VALUES = 20
_WRITER_HEAP = 512_000_000


class Engine(Protocol):
    def run(self, query: BenchQuery) -> int: ...

    def close(self) -> None: ...


def _datetime(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day)


def _paragraph_rows(articles: Iterable[Article]) -> Iterable[dict[str, Any]]:
    """Yield one engine-neutral row per paragraph."""
    for article in articles:
        meta = article.meta
        for para in article.paragraphs:
            yield {"paragraph_id": para.id, "text": para.text, "title": meta.title or "",
                   "speaker": list(dict.fromkeys(para.speakers)),
                   "institution": list(dict.fromkeys(para.institutions)),
                   "outlet": meta.outlet, "published": meta.published,
                   "year": str(meta.published.year) if meta.published else None,
                   "has_quote": bool(para.quotes)}


class OnrecordEngine:
    """onrecord's own search over an index built by write_articles."""

    def __init__(self, path: Path, result_cache: bool = False, warm: bool = True) -> None:
        # The timed passes repeat the same queries: with the result cache on
        # they would time a dictionary lookup, not a search, so it is off
        # by its setting.  (The web row runs the real server, cache included.)
        settings = {} if result_cache else {"result_cache_size": "0"}
        # read-only as `serve` opens: a bench pointed at another session's index (or a
        # cached build) must not remove its superseded files or touch its records
        self.index = open_index(path, config=load_config(env={}, settings=settings), readonly=True)
        self.partial: set[str] = set()
        self.frozen = warm
        if warm:  # as `serve` does before it listens (warm_on_start): timed in the probe's open_s
            warm_index(self.index)
            # ... and then takes the warm caches out of the collector's full passes (web.app's
            # warm_app): without it a first pass at 1M times 100-300 ms passes over the ~0.8 GB
            # warm heap on whichever queries cross the threshold, which no server pays
            freeze_survivors()

    def run(self, query: BenchQuery) -> int:
        result = search(self.index, query.to_request())
        if result.partial:  # cut by the per-query deadline: counted in the table
            self.partial.add(query.name)
        return result.total

    def close(self) -> None:
        """Close the index; what the open froze is given back to the collector."""
        self.index.close()
        if self.frozen:
            gc.unfreeze()


# ---------------------------------------------------------------- tantivy

def _tantivy_schema() -> Any:
    import tantivy

    sb = tantivy.SchemaBuilder()
    sb.add_text_field("paragraph_id", stored=True, tokenizer_name="raw")
    sb.add_text_field("text", stored=True, tokenizer_name="en_stem")
    sb.add_text_field("title", stored=True, tokenizer_name="en_stem")
    for name in ("speaker", "institution", "outlet", "year"):
        sb.add_text_field(name, stored=True, fast=True, tokenizer_name="raw")
    sb.add_date_field("published", stored=True, indexed=True, fast=True)
    sb.add_boolean_field("has_quote", indexed=True)
    return sb.build()


class TantivyBuilder:
    """Adds paragraphs to a new tantivy index at `path` in batches."""

    def __init__(self, path: Path) -> None:
        import tantivy

        self.t = tantivy
        path.mkdir(parents=True, exist_ok=True)
        self.index = tantivy.Index(_tantivy_schema(), path=str(path))
        self.writer = self.index.writer(heap_size=_WRITER_HEAP)

    def add(self, articles: Iterable[Article]) -> int:
        """Add every paragraph of `articles`; return how many."""
        written = 0
        for row in _paragraph_rows(articles):
            doc = {k: v for k, v in row.items() if v not in (None, [], "")}
            if row["published"]:
                doc["published"] = _datetime(row["published"])
            self.writer.add_document(self.t.Document(**doc))
            written += 1
        return written

    def finish(self) -> None:
        """Commit and wait for merges (the index is then complete)."""
        self.writer.commit()
        self.writer.wait_merging_threads()


def build_tantivy(path: Path, articles: Iterable[Article]) -> int:
    """Index every paragraph of `articles` into a new tantivy index at
    `path`; return how many."""
    builder = TantivyBuilder(path)
    written = builder.add(articles)
    builder.finish()
    return written


class TantivyEngine:
    """tantivy-py over the index build_tantivy wrote."""

    def __init__(self, path: Path) -> None:
        import tantivy

        self.t = tantivy
        self.index = tantivy.Index.open(str(path))
        self.schema = self.index.schema
        self.searcher = self.index.searcher()
        self.aggs = {name: {"terms": {"field": name, "size": TOP_FACET_VALUES}}
                     for name in ("speaker", "institution", "outlet", "year")}

    def build_query(self, q: BenchQuery) -> Any:
        t = self.t
        main = (self.index.parse_query(q.text, ["text", "title"],
                                       field_boosts={"text": 2.0, "title": 1.0},
                                       conjunction_by_default=True)
                if q.text else t.Query.all_query())
        must = [main]
        must += [t.Query.term_query(self.schema, "speaker", s) for s in q.speakers]
        must += [t.Query.term_query(self.schema, "institution", i) for i in q.institutions]
        if q.outlets:
            must.append(t.Query.boolean_query(
                [(t.Occur.Should, t.Query.term_query(self.schema, "outlet", o))
                 for o in q.outlets]))
        if q.since or q.until:
            must.append(t.Query.range_query(
                self.schema, "published", t.FieldType.Date,
                _datetime(q.since) if q.since else None,
                _datetime(q.until) if q.until else None))
        if q.quotes_only:
            must.append(t.Query.term_query(self.schema, "has_quote", True))
        if len(must) == 1:
            return main
        return t.Query.boolean_query([(t.Occur.Must, m) for m in must])

    def run(self, query: BenchQuery) -> int:
        t = self.t
        q = self.build_query(query)
        if query.sort == "relevance":
            result = self.searcher.search(q, TOP_HITS, count=True)
        else:
            order = t.Order.Desc if query.sort == "newest" else t.Order.Asc
            result = self.searcher.search(q, TOP_HITS, count=True,
                                          order_by_field="published", order=order)
        self.searcher.aggregate(q, self.aggs)
        snippets = t.SnippetGenerator.create(self.searcher, q, self.schema, "text")
        for _, address in result.hits:
            snippets.snippet_from_doc(self.searcher.doc(address)).to_html()
        return int(result.count or 0)

    def close(self) -> None:
        pass


# ----------------------------------------------------------- whoosh-naive

def _naive_schema() -> Any:
    from whoosh import fields

    return fields.Schema(
        paragraph_id=fields.ID(stored=True, unique=True),
        text=fields.TEXT(stored=True), title=fields.TEXT(stored=True),
        speaker=fields.KEYWORD(stored=True, commas=True),
        institution=fields.KEYWORD(stored=True, commas=True),
        outlet=fields.ID(stored=True), year=fields.ID(stored=True),
        published=fields.DATETIME(stored=True), has_quote=fields.BOOLEAN(stored=True))


def build_whoosh_naive(path: Path, articles: Iterable[Article]) -> int:
    """Index every paragraph into a new stock-Whoosh index at `path`, the
    plain way (one writer, add_document, one commit); return how many."""
    from whoosh import index

    path.mkdir(parents=True, exist_ok=True)
    ix = index.create_in(str(path), _naive_schema())
    writer = ix.writer()
    written = 0
    for row in _paragraph_rows(articles):
        doc = {k: v for k, v in row.items() if v not in (None, [], "")}
        for key in ("speaker", "institution"):
            if key in doc:
                doc[key] = ",".join(n.replace(",", " ") for n in doc[key])
        if row["published"]:
            doc["published"] = _datetime(row["published"])
        writer.add_document(**doc)
        written += 1
    writer.commit()
    return written


class WhooshNaiveEngine:
    """Stock Whoosh querying: MultifieldParser, filter, groupedby facets."""

    def __init__(self, path: Path) -> None:
        from whoosh import highlight, index, qparser, query, sorting

        self.q, self.sorting, self.highlight = query, sorting, highlight
        self.ix = index.open_dir(str(path))
        self.searcher = self.ix.searcher()
        self.parser = qparser.MultifieldParser(["text", "title"], self.ix.schema)

    def build_filter(self, q: BenchQuery) -> Any:
        Q = self.q
        parts: list[Any] = [Q.Term("speaker", s) for s in q.speakers]
        parts += [Q.Term("institution", i) for i in q.institutions]
        if q.outlets:
            parts.append(Q.Or([Q.Term("outlet", o) for o in q.outlets]))
        if q.since or q.until:
            parts.append(Q.DateRange("published", _datetime(q.since) if q.since else None,
                                     _datetime(q.until) if q.until else None))
        if q.quotes_only:
            parts.append(Q.Term("has_quote", True))
        return Q.And(parts) if parts else None

    def run(self, query: BenchQuery) -> int:
        s = self.sorting
        facets = [s.FieldFacet("speaker", allow_overlap=True),
                  s.FieldFacet("institution", allow_overlap=True),
                  s.FieldFacet("outlet"), s.FieldFacet("year")]
        q = self.parser.parse(query.text) if query.text else self.q.Every()
        kwargs: dict[str, Any] = {}
        if query.sort != "relevance":
            kwargs = {"sortedby": "published", "reverse": query.sort == "newest"}
        results = self.searcher.search(q, limit=TOP_HITS, filter=self.build_filter(query),
                                       groupedby=facets, **kwargs)
        results.formatter = self.highlight.HtmlFormatter()
        for name in ("speaker", "institution", "outlet", "year"):
            groups = results.groups(name)
            sorted(groups.items(), key=lambda kv: -len(kv[1]))[:TOP_FACET_VALUES]
        for hit in results:
            hit.highlights("text")
        return len(results)

    def close(self) -> None:
        self.searcher.close()
        self.ix.close()


def open_engine(name: str, path: Path) -> Engine:
    """Return the engine `name` (one of ENGINES) over its index at `path`.
    Raises ValueError for an unknown name."""
    classes = {"onrecord": OnrecordEngine, "tantivy": TantivyEngine,
               "whoosh-naive": WhooshNaiveEngine}
    if name not in classes:
        raise ValueError(f"unknown engine {name!r}; use one of {', '.join(ENGINES)}")
    return classes[name](path)
