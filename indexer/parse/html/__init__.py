"""Saved HTML pages: the article's blocks and the metadata the page states.

Owns reading a page (`parser`: one lxml parse, trafilatura's choice of the
body walked into typed blocks by `blocks`, the former heuristics in
`fallback` where trafilatura keeps little, a pull quote repeating the story's words
left out by `pullquotes`) and its metadata (`meta`: title,
outlet, canonical URL; `jsonld`: the object describing the article;
`dates`: the publication date; `bylines`: the authors shown by the
headline), with the keys and word lists they go by in `tables`; and quiet_trafilatura(),
here so that a program can quiet trafilatura without importing it (the
package's modules import trafilatura and lxml: ~0.2 s of CPU a process).
"""
from __future__ import annotations

import logging


def quiet_trafilatura() -> None:
    """Silence trafilatura's log below CRITICAL for this process: it logs
    every page it discards as a warning, and the pipeline reports a skipped
    page already, in its own words.  A program's entry point calls it (the
    CLI's index and extract, an indexing worker's setup): importing this
    module leaves the logging of the program that imports it alone."""
    logging.getLogger("trafilatura").setLevel(logging.CRITICAL)
