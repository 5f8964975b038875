"""An ingest of text files imports no HTML reader: trafilatura and its
stack are imported on the first page, not by every process of a run (the
CLI, a local cluster's workers), which would each pay ~0.2 s of CPU."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HTML_STACK = ("trafilatura", "htmldate", "justext", "courlan")

# What `onrecord index` and a cluster worker import, then a text file
# extracted; prints the HTML reader's modules loaded after each step.
_RUN = """
import sys
from pathlib import Path
import onrecord.cli, onrecord.indexer.pipeline, onrecord.indexer.distributed.client
from onrecord.indexer.extraction import extract_outcome
stack = {stack!r}
print(sorted(name for name in stack if name in sys.modules))
outcome = extract_outcome(Path(sys.argv[1]))
assert outcome.reason is None and outcome.articles, outcome.reason
print(sorted(name for name in stack if name in sys.modules))
outcome = extract_outcome(Path(sys.argv[2]))
assert outcome.reason is None and outcome.articles, outcome.reason
print(sorted(name for name in stack if name in sys.modules))
"""


def test_a_text_ingest_imports_no_html_reader_until_a_page_comes(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text("Harbour report\n\nThe ferry ran late again, said the operator.\n", encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text("<html><head><title>Harbour report</title></head><body><article>"
                    "<p>The ferry ran late again on Tuesday, said the operator of the line.</p>"
                    "</article></body></html>", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _RUN.format(stack=HTML_STACK), str(story), str(page)],
                          capture_output=True, text=True, check=True, cwd=tmp_path)
    after_imports, after_text, after_page = done.stdout.splitlines()
    assert after_imports == "[]"
    assert after_text == "[]"
    assert "trafilatura" in after_page  # the first page brings it in
