"""The printed benchmark table and the machine description.

Owns which metrics are rows (and how each is formatted), the columns
(onrecord, tantivy, whoosh-naive, ratio onrecord/tantivy), the rendering
of such a table (also for the quotes-mode rows, bench.querying.modes and
bench.ingest.quotes_cost), ratios and their verdict against a target, and the
machine info recorded with every result file.
"""
from __future__ import annotations

import math
import os
import platform
import statistics
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.engines.peers import ENGINES

# (row label, key in an engine's metrics, decimals)
ROWS: tuple[tuple[str, str, int], ...] = (
    ("paragraphs indexed", "paragraphs", 0),
    ("ingest end-to-end paragraphs/s", "e2e_para_per_s", 0),
    ("ingest end-to-end words/s", "e2e_words_per_s", 0),
    ("extraction alone paragraphs/s", "extract_para_per_s", 0),
    ("indexing alone paragraphs/s", "index_para_per_s", 0),
    ("indexing alone words/s", "index_words_per_s", 0),
    ("indexing CPU ms per paragraph (process + workers)", "index_cpu_ms_per_para", 3),
    ("indexing in one process paragraphs/s (BBC: commits of batch_articles)", "serial_index_para_per_s", 0),
    ("indexing in one process CPU ms per paragraph", "serial_index_cpu_ms_per_para", 3),
    ("index size on disk MB", "index_mb", 1),
    ("query p50 ms", "p50_ms", 2),
    ("query p95 ms", "p95_ms", 2),
    ("query max ms", "max_ms", 2),
    ("phrase query p50 ms", "phrase_p50_ms", 2),
    ("phrase query max ms", "phrase_max_ms", 2),
    ("common-phrase query p50 ms", "common_phrase_p50_ms", 2),
    ("common-phrase query max ms", "common_phrase_max_ms", 2),
    ("open s (onrecord: with the warm-up serve runs first)", "open_s", 2),
    ("first-pass query p50 ms", "first_p50_ms", 2),
    ("first-pass query p95 ms", "first_p95_ms", 2),
    ("queries cut by the deadline", "partial_queries", 0),
    ("queries failed", "query_errors", 0),
    ("RSS after open MB", "rss_open_mb", 0),
    ("serving RSS MB", "serving_rss_mb", 0),
    ("peak RSS (query phase) MB", "peak_rss_mb", 0),
    ("web p50 ms", "web_p50_ms", 2),
    ("web p99 ms", "web_p99_ms", 2),
    ("web requests/s", "web_requests_per_s", 0),
    ("web non-2xx", "web_non_2xx", 0),
    ("web server RSS MB", "web_server_rss_mb", 0),
)


def combine_runs(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the first run's dict with every numeric value replaced by its
    median over `runs`, and each such key's values listed under KEY_runs
    (so the JSON shows the spread behind each median)."""
    combined = dict(runs[0])
    if len(runs) == 1:
        return combined
    for key, value in runs[0].items():
        values = [_number(run.get(key)) for run in runs]
        if _number(value) is None or any(v is None for v in values):
            continue
        combined[key] = statistics.median(values)
        combined[f"{key}_runs"] = values
    combined["repeats"] = len(runs)
    return combined


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return None if math.isnan(value) else float(value)


def cell(value: Any, decimals: int) -> str:
    """Return a number with thousands separators and `decimals` decimals,
    or "-" for a missing one."""
    number = _number(value)
    if number is None:
        return "-"
    return f"{number:,.{decimals}f}"


def ratio(ours: Any, reference: Any) -> float | None:
    """Return ours / reference, or None when either is missing or the
    reference is 0."""
    a, b = _number(ours), _number(reference)
    if a is None or b is None or b == 0:
        return None
    return a / b


def _ratio(ours: Any, reference: Any) -> str:
    value = ratio(ours, reference)
    return "-" if value is None else f"{value:,.2f}"


def verdict(value: float | None, target: float) -> str:
    """Return "met" when `value` (a ratio where higher is worse) is at most
    `target`, "MISSED" above it, "-" when there is no value."""
    if value is None:
        return "-"
    return "met" if value <= target else "MISSED"


def format_table(title: str, engines: dict[str, dict[str, Any]]) -> str:
    """Return the metrics table of one corpus (rows without any value are
    left out)."""
    header = ["metric", *ENGINES, "onrecord/tantivy"]
    lines: list[list[str]] = []
    for label, key, decimals in ROWS:
        values = [engines.get(e, {}).get(key) for e in ENGINES]
        if all(_number(v) is None for v in values):
            continue
        cells = [cell(v, decimals) for v in values]
        lines.append([label, *cells, _ratio(values[0], values[1])])
    return render_table(title, header, lines)


def render_pairs(rows: list[tuple[str, str]]) -> str:
    """Return `rows` of (name, value) as lines, the names left-aligned to the widest."""
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def render_table(title: str, header: list[str], lines: list[list[str]]) -> str:
    """Return the rows `lines` under `header` and a `== title` line, the
    first column left-aligned and the others right-aligned to their widest
    cell."""
    widths = [max(len(row[i]) for row in [header, *lines]) for i in range(len(header))]

    def render(row: list[str]) -> str:
        return "  ".join([row[0].ljust(widths[0])] +
                         [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=False)])

    rule = "-" * len(render(header))
    return "\n".join([f"== {title}", render(header), rule, *map(render, lines)])


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _git_commit(repo: Path) -> str | None:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo,
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None


def machine_info(repo: Path) -> dict[str, Any]:
    """Return nproc, CPU model, memory, Python and engine versions, commit."""
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        memory_gb: float | None = round(pages / 1024**3, 1)
    except (ValueError, OSError):
        memory_gb = None
    return {
        "nproc": os.cpu_count(), "cpu_model": _cpu_model(), "memory_gb": memory_gb,
        "python": platform.python_version(), "platform": platform.platform(),
        "whoosh3": _version("whoosh3"), "tantivy": _version("tantivy"),
        "commit": _git_commit(repo),
    }
