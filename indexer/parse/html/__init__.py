"""Saved HTML pages: the article's blocks and the metadata the page states.

Owns reading a page (`parser`: one lxml parse, trafilatura's choice of the
body walked into typed blocks by `blocks`, the former heuristics in
`fallback` where trafilatura keeps little) and its metadata (`meta`: title,
outlet, canonical URL; `jsonld`: the object describing the article;
`dates`: the publication date; `bylines`: the authors shown by the
headline), with the keys and word lists they go by in `tables`.
"""
