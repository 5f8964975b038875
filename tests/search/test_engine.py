"""Tests for search.engine: query language, filters, facets, sorting,
paging, suggestions, safe snippets, get_article and input validation."""
from __future__ import annotations

import datetime as dt
import sys

import pytest

from onrecord.search.engine import search
from onrecord.search.errors import NotFoundError, QueryError
from onrecord.search.facetdefs import FACETS
from onrecord.search.features.articleview import get_article
from onrecord.search.model import Article, Mention, Metadata, Paragraph, Quote, SearchRequest, SearchResult
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed

SNIPPET_TEXT = "Critics' verdict: the hospital plan <script>alert(\"x\")</script> is a sham."


def make_article(doc_id: str, meta: Metadata,
                 paras: list[tuple[str, list[str], list[str], str | None]]) -> Article:
    """paras: (text, speakers, institutions, quoted words or None)."""
    paragraphs = []
    for n, (text, speakers, institutions, quoted) in enumerate(paras, 1):
        start = text.find(quoted) if quoted else 0
        quotes = [Quote(text=quoted, start=start, end=start + len(quoted),
                        speaker=speakers[0] if speakers else None,
                        speaker_mention=Mention(speakers[0], 5, 9) if speakers else None)
                  ] if quoted else []
        paragraphs.append(Paragraph(id=f"{doc_id}-p{n}", n=n, start=n * 100,
                                    end=n * 100 + len(text), text=text, quotes=quotes,
                                    speakers=speakers, institutions=institutions))
    return Article(id=doc_id, source=f"{doc_id}.txt", text="", meta=meta,
                   paragraphs=paragraphs)


CORPUS = [
    make_article("a1", Metadata("Spending row", "The Ledger", "Jo Bloggs", "http://l/1",
                                dt.date(2023, 5, 1)), [
        ('The government spending plan was "reckless", said Ann Smallman.',
         ["Ann Smallman"], ["Treasury"], "reckless"),
        ("Budgets rose in 2023 despite the plan.", [], ["Treasury"], None),
        ("Minister Carl Reyes said the hospital budget would be protected.",
         ["Carl Reyes"], ["Health Department"], None),
    ]),
    make_article("a2", Metadata("Ward closures", "Daily Post", None, None,
                                dt.date(2022, 1, 10)), [
        ('"We will not cut hospital beds," said Carl Reyes and Ann Smallman.',
         ["Carl Reyes", "Ann Smallman"], [], "We will not cut hospital beds,"),
        (SNIPPET_TEXT, [], [], None),
    ]),
    make_article("a3", Metadata("Weather", "Daily Post", None, None, None), [
        ("Rain fell across the valley on Tuesday.", [], [], None),
    ]),
    make_article("a4", Metadata("Resignation", "Ledger Weekly", None, None,
                                dt.date(2024, 2, 2)), [
        ("Ann Smallman resigned from the Treasury.", ["Ann Smallman"], ["Treasury"], None),
    ]),
]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(CORPUS)


def run(index: Index, query: str = "", **kwargs: object) -> SearchResult:
    return search(index, SearchRequest(query=query, per_page=100, **kwargs))  # type: ignore[arg-type]


def ids(result: SearchResult) -> set[str]:
    return {h.paragraph_id for h in result.hits}


@pytest.mark.parametrize("query, expected", [
    ('"hospital beds"', {"a2-p1"}),
    ('"beds hospital"', set()),
    ("hospital plan", {"a2-p2"}),
    ("hospital AND plan", {"a2-p2"}),
    ("rain OR resigned", {"a3-p1", "a4-p1"}),
    ("hospital NOT beds", {"a1-p3", "a2-p2"}),
    ("hospital -beds", {"a1-p3", "a2-p2"}),
    ("budget", {"a1-p2", "a1-p3"}),
    ("budg*", {"a1-p2", "a1-p3"}),
    ("speaker:smallman", {"a1-p1", "a2-p1", "a4-p1"}),
    ('speaker:"carl reyes"', {"a1-p3", "a2-p1"}),
    ("institution:treasury", {"a1-p1", "a1-p2", "a4-p1"}),
    ('institution:"health department"', {"a1-p3"}),
    ("outlet:post", {"a2-p1", "a2-p2", "a3-p1"}),
    ("quote:reckless", {"a1-p1"}),
    ("quote:hospital", {"a2-p1"}),
    ('quote:"cut hospital"', {"a2-p1"}),
    ("quote:government", set()),
    ("year:2022", {"a2-p1", "a2-p2"}),
    ("title:weather", {"a3-p1"}),
])
def test_query_language(index: Index, query: str, expected: set[str]) -> None:
    result = run(index, query)
    assert ids(result) == expected
    assert result.total == len(expected)


@pytest.mark.parametrize("kwargs, expected", [
    # Several values of one facet: OR (search.facetdefs), as in Aleph/Datasette.
    ({"speakers": ("Ann Smallman", "Carl Reyes")}, {"a1-p1", "a1-p3", "a2-p1", "a4-p1"}),
    ({"speakers": ("ann smallman",)}, {"a1-p1", "a2-p1", "a4-p1"}),
    ({"institutions": ("Treasury",)}, {"a1-p1", "a1-p2", "a4-p1"}),
    ({"outlets": ("Daily Post", "Ledger Weekly")}, {"a2-p1", "a2-p2", "a3-p1", "a4-p1"}),
    ({"since": dt.date(2023, 1, 1)}, {"a1-p1", "a1-p2", "a1-p3", "a4-p1"}),
    ({"until": dt.date(2022, 1, 10)}, {"a2-p1", "a2-p2"}),
    ({"since": dt.date(2023, 5, 1), "until": dt.date(2023, 5, 1)}, {"a1-p1", "a1-p2", "a1-p3"}),
    ({"quotes_only": True}, {"a1-p1", "a2-p1"}),
    ({"quotes_only": True, "speakers": ("Carl Reyes",)}, {"a2-p1"}),
])
def test_filters_with_empty_query(index: Index, kwargs: dict, expected: set[str]) -> None:
    assert ids(run(index, **kwargs)) == expected


def test_filters_narrow_a_text_query(index: Index) -> None:
    assert ids(run(index, "hospital", outlets=("The Ledger",))) == {"a1-p3"}


def test_date_filter_excludes_undated(index: Index) -> None:
    assert "a3-p1" not in ids(run(index, since=dt.date(1900, 1, 1)))


def test_facets_count_the_whole_filtered_set_on_every_page(index: Index) -> None:
    pages = [search(index, SearchRequest(outlets=("Daily Post", "The Ledger"),
                                         page=p, per_page=2)) for p in (1, 2, 3)]
    assert [len(r.hits) for r in pages] == [2, 2, 2]
    facets = {k: [(v.value, v.count) for v in vs] for k, vs in pages[0].facets.items()}
    assert facets == {
        "speaker": [("Ann Smallman", 2), ("Carl Reyes", 2)],
        "kind": [("verbatim", 2)],
        "evidence": [],
        "institution": [("Treasury", 2), ("Health Department", 1)],
        # The selected facet is counted without its own selection, so the
        # outlets not picked stay listed to be added with OR.
        "outlet": [("Daily Post", 3), ("The Ledger", 3), ("Ledger Weekly", 1)],
        "author": [("Jo Bloggs", 3)],
        "year": [("2023", 3), ("2022", 2)],
    }
    assert pages[1].facets == pages[0].facets == pages[2].facets


def test_facets_keep_top_20_by_count_then_value() -> None:
    idx = ram_index()
    names = [f"Speaker {chr(65 + i)}" for i in range(25)]
    paras = [(f"Paragraph about taxes {i}.", [names[i], names[0]] if i else [names[0]], [], None)
             for i in range(25)]
    write_articles(idx, [make_article("z1", Metadata(), paras)])
    speakers = search(idx, SearchRequest(query="taxes")).facets["speaker"]
    assert len(speakers) == 20
    assert speakers[0].value == "Speaker A" and speakers[0].count == 25
    assert [v.value for v in speakers[1:3]] == ["Speaker B", "Speaker C"]


@pytest.mark.parametrize("sort, first_dates", [
    ("newest", ["2024-02-02", "2023-05-01"]),
    ("oldest", ["2022-01-10", "2022-01-10"]),
])
def test_date_sorts_put_undated_last(index: Index, sort: str, first_dates: list[str]) -> None:
    hits = run(index, sort=sort).hits
    assert [h.published for h in hits[:2]] == first_dates
    assert hits[-1].published is None
    dated = [h.published for h in hits if h.published]
    assert dated == sorted(dated, reverse=(sort == "newest"))
    assert all(h.score == 0.0 for h in hits)


def test_relevance_scores_are_positive_floats(index: Index) -> None:
    hits = run(index, "hospital").hits
    assert hits and all(isinstance(h.score, float) and h.score > 0 for h in hits)


def test_paging_beyond_the_last_page_is_empty_with_total(index: Index) -> None:
    result = search(index, SearchRequest(query="hospital", page=50, per_page=2))
    assert result.hits == [] and result.total == 3 and result.pages == 2


def test_pages_do_not_overlap_and_cover_everything(index: Index) -> None:
    seen = [h.paragraph_id for p in (1, 2, 3, 4)
            for h in search(index, SearchRequest(page=p, per_page=2, sort="oldest")).hits]
    assert len(seen) == len(set(seen)) == 7


def test_suggestion_corrects_a_typo_when_nothing_matches(index: Index) -> None:
    result = run(index, "hosptal")
    assert result.total == 0 and result.suggestion == "hospital"


def test_suggestion_prefers_the_nearest_word_over_a_frequent_one() -> None:
    idx = ram_index()
    paras = [("The year ahead looks hard, the year says.", [], [], None)] * 6
    paras.append(("Blair spoke on Monday.", [], [], None))
    write_articles(idx, [make_article("s1", Metadata(), paras)])
    assert search(idx, SearchRequest(query="blar")).suggestion == "blair"


def test_no_suggestion_when_something_matches(index: Index) -> None:
    assert run(index, "hospital").suggestion is None


def test_snippet_escapes_markup_and_quotes_but_marks_matches(index: Index) -> None:
    snippet = run(index, "sham").hits[0].snippet
    assert "<mark>sham</mark>" in snippet
    assert "<script" not in snippet and '"' not in snippet and "'" not in snippet
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in snippet
    assert "Critics&#x27; verdict" in snippet


def test_snippet_marks_stemmed_forms_and_prefixes(index: Index) -> None:
    assert "<mark>Budgets</mark>" in run(index, "budget", institutions=("Treasury",)).hits[0].snippet
    assert "<mark>Budgets</mark>" in run(index, "budg*", institutions=("Treasury",)).hits[0].snippet


def test_snippet_without_query_is_escaped_start_of_paragraph() -> None:
    idx = ram_index()
    long_text = "Ministers & \"aides\" met. " + "More words follow here. " * 40
    write_articles(idx, [make_article("b1", Metadata(), [(long_text, [], [], None)])])
    snippet = search(idx, SearchRequest()).hits[0].snippet
    assert snippet.startswith("Ministers &amp; &quot;aides&quot; met.")
    assert "<mark>" not in snippet and len(snippet) < 360 and snippet.endswith("\u2026")


def test_hit_carries_metadata(index: Index) -> None:
    hit = run(index, "reckless").hits[0]
    assert (hit.doc_id, hit.n, hit.title, hit.outlet, hit.published, hit.url) == (
        "a1", 1, "Spending row", "The Ledger", "2023-05-01", "http://l/1")
    assert hit.speakers == ["Ann Smallman"] and hit.institutions == ["Treasury"]
    assert hit.quotes[0]["speaker"] == "Ann Smallman"


@pytest.mark.parametrize("query", [
    '"unbalanced quote', "*", "*abc", "a*", "x" * 2000,
    "(" * 1500 + "hospital" + ")" * 1500, " ".join(["word"] * 65),
])
def test_bad_queries_raise_query_error(index: Index, query: str) -> None:
    with pytest.raises(QueryError):
        run(index, query)


@pytest.mark.parametrize("query", [
    "NOT NOT hospital", "hospital AND", "OR OR", "(hospital", "hospital)",
    "foo:bar", "AND", "speaker:", "((((hospital))))", "the", "?", "hospital^3",
])
def test_odd_queries_run_or_raise_query_error(index: Index, query: str) -> None:
    try:
        result = run(index, query)
    except QueryError as exc:
        assert str(exc)
    else:
        assert result.total >= 0


@pytest.mark.parametrize("kwargs, message", [
    ({"per_page": 0}, "per_page"),
    ({"per_page": 101}, "per_page"),
    ({"page": 0}, "page"),
    ({"since": dt.date(2024, 1, 2), "until": dt.date(2024, 1, 1)}, "since"),
    ({"sort": "random"}, "sort"),
])
def test_bad_requests_raise_query_error(index: Index, kwargs: dict, message: str) -> None:
    with pytest.raises(QueryError, match=message):
        search(index, SearchRequest(**kwargs))  # type: ignore[arg-type]


def test_get_article_orders_paragraphs_and_rebuilds_them() -> None:
    idx = ram_index()
    article = CORPUS[0]
    shuffled = Article(article.id, article.source, article.text, article.meta,
                       list(reversed(article.paragraphs)))
    write_articles(idx, [shuffled])
    stored = get_article(idx, "a1")
    assert [p.n for p in stored.paragraphs] == [1, 2, 3]
    assert stored.paragraphs == article.paragraphs
    assert stored.meta == article.meta and stored.id == "a1"


def test_get_article_term_spans_use_the_index_analyzer(index: Index) -> None:
    stored = get_article(index, "a1", "budget")
    texts = {p.n: p.text for p in stored.paragraphs}
    marked = {n: [texts[n][s:e] for s, e in spans] for n, spans in stored.term_spans.items()}
    assert marked == {2: ["Budgets"], 3: ["budget"]}


def test_get_article_ignores_query_errors(index: Index) -> None:
    stored = get_article(index, "a1", '"unbalanced *')
    assert stored.term_spans == {} and len(stored.paragraphs) == 3


@pytest.mark.parametrize("doc_id", ["missing", "../a1", "a1 OR a2", "", "a" * 300])
def test_get_article_unknown_or_malformed_id_is_not_found(index: Index, doc_id: str) -> None:
    with pytest.raises(NotFoundError):
        get_article(index, doc_id)


def broad_corpus() -> list[Article]:
    """30 articles x 10 paragraphs of varied length over a tiny vocabulary;
    some titles contain "alpha" too, so matches come from two fields."""
    vocab = ["alpha", "beta", "gamma", "delta", "kappa", "zeta", "omega", "theta"]
    titles = ["alpha news", "beta", "other"]
    articles = []
    for a in range(30):
        paras = [(" ".join(vocab[(a * 7 + n * 3 + i * i) % 8] for i in range(3 + (a * n) % 37)),
                  ["Ann Smallman"] if n % 2 else [], [], None) for n in range(1, 11)]
        articles.append(make_article(f"m{a}", Metadata(title=titles[a % 3]), paras))
    return articles


@pytest.mark.parametrize("query", ["alpha", "alpha beta", "alpha OR beta"])
def test_total_and_facets_count_every_match_of_a_broad_query(query: str) -> None:
    # Once the top-N is full, Whoosh prunes matcher branches that cannot beat
    # its minimum score; the total and facets must still count those docs.
    articles = broad_corpus()
    idx = ram_index()
    write_articles(idx, articles)
    wanted = query.replace(" OR ", " ").split()
    any_word = " OR " in query

    def matches(article: Article, para: Paragraph) -> bool:
        # The title is indexed on the article's first paragraph only.
        title = (article.meta.title or "") if para.n == 1 else ""
        words = set(para.text.split()) | set(title.split())
        return (any if any_word else all)(w in words for w in wanted)

    expected = [(a, p) for a in articles for p in a.paragraphs if matches(a, p)]
    result = search(idx, SearchRequest(query=query, per_page=3))
    assert result.total == len(expected)
    speaker_count = sum(1 for _, p in expected if p.speakers)
    assert [(v.value, v.count) for v in result.facets["speaker"]] == [("Ann Smallman", speaker_count)]


@pytest.mark.parametrize("request_", [SearchRequest(query="hosp*"), SearchRequest(sort="newest"),
                                      SearchRequest(query='"hospital beds"'), SearchRequest()])
def test_tiny_timeout_stops_every_kind_of_query(index: Index, request_: SearchRequest) -> None:
    result = search(index, request_, timeout=0.0)
    assert result.partial and result.note and result.total == 0 and result.hits == []


def test_tiny_timeout_returns_partial_results_with_a_note(index: Index) -> None:
    result = search(index, SearchRequest(query="hospital"), timeout=0.0)
    assert result.partial and result.note
    assert result.to_dict()["partial"] is True and result.to_dict()["note"] == result.note
    full = search(index, SearchRequest(query="hospital"), timeout=5.0)
    assert not full.partial and full.note is None and "partial" not in full.to_dict()
    assert full.total == 3 and result.total <= full.total


def test_facet_cache_is_refreshed_after_a_commit() -> None:
    idx = ram_index()
    write_articles(idx, CORPUS[:1])
    before = search(idx, SearchRequest(query="budget"))
    write_articles(idx, [make_article("n1", Metadata("New", "Daily Post"), [
        ("Dana Okafor said the budget was fine.", ["Dana Okafor"], ["Treasury"], None)])])
    after = search(idx, SearchRequest(query="budget"))
    assert after.total == before.total + 1
    assert "Dana Okafor" not in [v.value for v in before.facets["speaker"]]
    assert {v.value: v.count for v in after.facets["speaker"]}["Dana Okafor"] == 1
    assert {v.value: v.count for v in after.facets["outlet"]}["Daily Post"] == 1


_WORDS = "budget hospital tax court school police river vote minister council".split()


@pytest.fixture(scope="module")
def big_index() -> Index:
    """Three segments (three commits) of generated paragraphs, one article
    re-indexed so a segment has deletions."""
    import random
    rnd = random.Random(7)
    idx = ram_index()
    for batch in range(3):
        articles = []
        for a in range(40):
            texts = [" ".join(rnd.choice(_WORDS) for _ in range(rnd.randint(2, 30)))
                     for _ in range(rnd.randint(1, 5))]
            paras = [(t, [], [], t.split()[0] if rnd.random() < 0.4 else None) for t in texts]
            meta = Metadata(f"{rnd.choice(_WORDS)} story", "The Ledger", None, None,
                            dt.date(2020, 1, 1 + a % 28))
            articles.append(make_article(f"b{batch}a{a}", meta, paras))
        write_articles(idx, articles)
    write_articles(idx, [make_article("b0a0", Metadata("budget"), [("budget tax", [], [], None)])])
    return idx


@pytest.mark.parametrize("query", ["budget", "budget tax", "budget OR river", "tax -court",
                                   "\"budget tax\"", "\"river vote\" OR court",
                                   "budget NOT police", "title:budget", "vote minister council"])
@pytest.mark.parametrize("limit", [1, 10, 50])
@pytest.mark.parametrize("quotes_only", [False, True])
def test_bulk_ranking_equals_whoosh_collector(big_index: Index, query: str, limit: int,
                                              quotes_only: bool) -> None:
    from onrecord.search.query.collecting import collect, restrict_query
    from onrecord.search.query.docsets import Deadline
    from onrecord.search.query.querying import build_filter, build_parser, parse_query
    from onrecord.search.query.ranking import build_lengths, rank_top
    # The filtered variant also has a date range (a column scan, not postings).
    flt = build_filter(SearchRequest(quotes_only=quotes_only,
                                     since=dt.date(2020, 1, 10) if quotes_only else None))
    q = restrict_query(parse_query(build_parser(big_index.schema), query), flt)
    with big_index.reading() as searcher:
        plain = collect(searcher, q, True, limit, None, Deadline(None))
        bulk = collect(searcher, q, True, limit, None, Deadline(None),
                       lengths=lambda reader, name: build_lengths(reader, name))
        used_bulk = rank_top(searcher, q, limit, lambda reader, name: build_lengths(reader, name),
                             Deadline(None)) is not None
    # Same documents in the same order; scores equal up to float rounding
    # (the bulk pass sums the same terms in a different order).
    assert [d for d, _ in bulk.ranked] == [d for d, _ in plain.ranked]
    assert [s for _, s in bulk.ranked] == pytest.approx([s for _, s in plain.ranked], rel=1e-9)
    assert len(plain.ranked) == min(limit, len(plain.docnums))
    assert bulk.docnums == plain.docnums
    assert used_bulk  # the bulk pass was not silently given up


@pytest.mark.parametrize("query", ["budget", "budget OR river", "\"budget tax\"", "tax -court",
                                   "vote minister council"])
def test_scores_in_numpy_equal_scores_in_python(big_index: Index, query: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from onrecord.search.query import ranking
    from onrecord.search.query.collecting import restrict_query
    from onrecord.search.query.docsets import Deadline
    from onrecord.search.query.querying import build_filter, build_parser, parse_query
    q = restrict_query(parse_query(build_parser(big_index.schema), query), build_filter(SearchRequest()))
    calls = []
    frombuffer = ranking.np.frombuffer

    def counted(*a: object, **k: object) -> object:  # ranking's own calls (phrases read positions by numpy too)
        if sys._getframe(1).f_globals["__name__"] == ranking.__name__:
            calls.append(1)
        return frombuffer(*a, **k)

    monkeypatch.setattr(ranking.np, "frombuffer", counted)

    def scores(numpy_min: int) -> dict[int, float] | None:
        monkeypatch.setattr(ranking, "_NUMPY_MIN", numpy_min)
        with big_index.reading() as searcher:
            return ranking.score_all(searcher, q, ranking.build_lengths, Deadline(None))

    in_python = scores(10**9)
    assert not calls
    in_numpy = scores(0)
    assert calls  # the numpy path was taken
    assert in_numpy == in_python  # the same floats, not merely close


@pytest.mark.parametrize("query,sort", [("budget OR river", "relevance"), ("\"budget tax\"", "relevance"),
                                        ("tax", "newest"), ("", "oldest"), ("title:bud*", "relevance")])
def test_extend_ranks_further_like_a_fresh_collect(big_index: Index, query: str, sort: str) -> None:
    from onrecord.search.query.collecting import build_sort_column, collect, extend, restrict_query
    from onrecord.search.query.docsets import Deadline
    from onrecord.search.query.querying import build_filter, build_parser, parse_query
    from onrecord.search.query.ranking import build_lengths
    q = parse_query(build_parser(big_index.schema), query)
    combined = restrict_query(q, build_filter(SearchRequest(sort=sort)))
    scored = q is not None and sort == "relevance"
    with big_index.reading() as searcher:
        field = {"newest": "newest_key", "oldest": "oldest_key"}.get(sort)
        keys = (lambda: build_sort_column(searcher, field)) if field else None
        small = collect(searcher, combined, scored, 5, keys, Deadline(None), build_lengths)
        fresh = collect(searcher, combined, scored, 60, keys, Deadline(None), build_lengths)
        extended = extend(small, 60)
    if query.endswith("*"):  # a prefix is ranked by Whoosh's collector: run it again
        assert extended is None
        return
    assert extended is not None and extended.ranked == fresh.ranked
    assert extended.docnums == fresh.docnums and len(fresh.ranked) > 5


@pytest.mark.parametrize("matches", [3, 40, 400, 1000])
@pytest.mark.parametrize("limit", [1, 10, 200])
def test_top_by_sort_keys_walk_and_heap_agree(matches: int, limit: int) -> None:
    import random
    from array import array

    from onrecord.search.query.collecting import SortColumn, _top_by_keys
    rnd = random.Random(matches * limit)
    keys = array("i", (rnd.randint(0, 50) for _ in range(1000)))  # many ties
    order = array("I", sorted(range(1000), key=keys.__getitem__))
    docnums = set(rnd.sample(range(1000), matches))
    expected = sorted(docnums, key=lambda d: (keys[d], d))[:limit]
    assert [d for d, _ in _top_by_keys(docnums, SortColumn(keys, order), limit)] == expected


@pytest.mark.parametrize("since,until", [(dt.date(2020, 1, 5), dt.date(2020, 1, 9)),
                                         (None, dt.date(2020, 1, 3)),
                                         (dt.date(2020, 1, 27), None),
                                         (dt.date(2021, 1, 1), None)])
def test_date_filters_count_what_the_stored_dates_say(big_index: Index, since, until) -> None:
    result = search(big_index, SearchRequest(since=since, until=until))
    with big_index.reading() as searcher:
        # paragraphs: not their quote documents (stored "qi")
        stored = [f for f in searcher.all_stored_fields() if "qi" not in f]
    big_index.records.fill(stored)  # each paragraph's article record
    days = [dt.date.fromisoformat(str(f["published"])[:10]) for f in stored if f.get("published")]
    expected = sum(1 for d in days if (since is None or d >= since) and (until is None or d <= until))
    assert result.total == expected


@pytest.mark.parametrize("speakers", [40, 300])  # byte column, then 4-byte column
def test_facet_table_over_segments_counts_like_the_stored_fields(speakers: int) -> None:
    import random
    from collections import Counter

    from onrecord.search.features.facets import build_facet_table, tally_facets
    rnd = random.Random(speakers)
    idx = ram_index()
    for batch in range(3):  # three segments; names recur across them
        write_articles(idx, [make_article(f"s{batch}-{a}", Metadata("t", f"Outlet {a % 3}"), [
            ("Words here.", rnd.sample([f"Person {i}" for i in range(speakers)], 2),
             [f"Body {rnd.randrange(5)}"], None) for _ in range(4)]) for a in range(40)])
    write_articles(idx, [make_article("s0-0", Metadata("t", "Outlet 9"), [
        ("Replaced.", ["Person 1"], [], None)])])  # a deletion in segment one
    with idx.reading() as searcher:
        table = build_facet_table(searcher)
        reader = searcher.reader()
        live = [d for d in range(reader.doc_count_all()) if not reader.is_deleted(d)]
        stored = {d: searcher.stored_fields(d) for d in live}
    idx.records.fill(stored.values())  # outlets are stored once, in the article records
    counts = tally_facets(table, set(live)).values
    for facet, field in (("speaker", "speaker"), ("institution", "institution"),
                         ("outlet", "outlet")):
        expected = Counter(v for f in stored.values() for v in (f.get(field) or "").split(",") if v)
        top = sorted(expected.items(), key=lambda kv: (-kv[1], kv[0]))[:20]
        assert [(v.value, v.count) for v in counts[facet]] == top


@pytest.mark.parametrize("fieldname", ["newest_key", "oldest_key"])
def test_int_columns_read_whole_equal_whooshs_reader(big_index: Index, fieldname: str) -> None:
    from onrecord.search.query.columns import order_by_value, read_int_column
    with big_index.reading() as searcher:
        reader = searcher.reader()
        expected = [int(v or 0) for v in reader.column_reader(fieldname)]
        values = read_int_column(reader, fieldname)
    assert list(values) == expected and len(set(expected)) > 2
    assert list(order_by_value(values)) == sorted(range(len(expected)),
                                                  key=lambda d: (expected[d], d))


@pytest.mark.parametrize("typecode", ["i", "q"])
def test_order_by_value_handles_negative_and_equal_values(typecode: str) -> None:
    from array import array

    from onrecord.search.query.columns import order_by_value
    values = array(typecode, [5, -3, 5, 0, -3, 2_000_000_000])
    assert list(order_by_value(values)) == [1, 4, 3, 0, 2, 5]
    assert list(order_by_value(array(typecode))) == []


def test_order_by_value_keeps_equal_values_in_index_order_at_scale() -> None:
    from array import array
    from random import Random

    from onrecord.search.query.columns import order_by_value
    rnd = Random(7)
    values = array("i", [rnd.randrange(-50, 50) for _ in range(5000)])
    assert list(order_by_value(values)) == sorted(range(len(values)), key=lambda d: (values[d], d))


@pytest.mark.parametrize("fieldname", ["text", "title"])
def test_field_lengths_read_whole_equal_whooshs(big_index: Index, fieldname: str) -> None:
    from onrecord.search.query.ranking import build_lengths
    with big_index.reading() as searcher:
        for leaf, _offset in searcher.reader().leaf_readers():
            lengths = build_lengths(leaf, fieldname)
            expected = [leaf.doc_field_length(d, fieldname, 1) or 1
                        for d in range(leaf.doc_count_all())]
            assert list(lengths) == expected


def test_facet_table_after_a_commit_reads_only_new_segments(monkeypatch) -> None:
    from onrecord.search.features import facets
    idx = ram_index()
    write_articles(idx, [make_article(f"f{a}", Metadata("t", "The Ledger"), [
        ("Words.", [f"Person {a}"], ["Treasury"], None)]) for a in range(30)])
    with idx.reading() as searcher:
        facets.build_facet_table(searcher, None, idx.facet_columns)  # every segment read and kept
    read: list[str] = []
    real = facets._read_column
    monkeypatch.setattr(facets, "_read_column",
                        lambda leaf, name: read.append(leaf.segment().segment_id()) or real(leaf, name))
    write_articles(idx, [make_article("new", Metadata("t", "The Gazette"), [
        ("More words.", ["Person 0"], [], None)])])
    with idx.reading() as searcher:
        segments = [leaf.segment().segment_id() for leaf, _ in searcher.reader().leaf_readers()]
        counts = {f: {v.value: v.count for v in vs} for f, vs in
                  search(idx, SearchRequest()).facets.items()}
    # the new segment's facet fields: one per row, and the verbatim switch's
    fields = [f.count_field for f in FACETS] + [f.verbatim_field for f in FACETS if f.verbatim_field]
    assert len(segments) == 2 and len(read) == len(fields)
    assert set(read) == {segments[-1]}
    assert counts["speaker"]["Person 0"] == 2 and counts["outlet"]["The Gazette"] == 1
