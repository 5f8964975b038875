"""onrecord's command line: thin wrappers over library functions.

The composition root: the only module that imports indexer, search and web
together.  Every command turns flags into a Config / SearchRequest, calls one
library function and prints its result; errors become a one-line message on
stderr and a non-zero exit status, never a traceback.  What is printed for a
person passes through terminal_text: a file name or an article's text
cannot drive the terminal with escape sequences.
"""
from __future__ import annotations

import datetime as dt
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from onrecord.cli.options import COLLECTION_OPTION, INDEX_OPTION, SETTING_OPTION
from onrecord.cli.results import format_result
from onrecord.cli.settings_doc import settings_markdown
from onrecord.cli.summary import format_problems, format_source_run, format_summary, terminal_text
from onrecord.cli.users import audit_command, users_command
from onrecord.search import (
    NAME_FACETS,
    SEARCH_MODES,
    ConfigError,
    FacetDef,
    OnrecordError,
    SearchMode,
    SearchRequest,
    SortOrder,
    describe_settings,
    load_config,
    serve_port,
)

T = TypeVar("T")  # what _or_exit's call returns


class _Commands(click.Group):
    """The command group; a bad configuration value (an ONRECORD_* setting
    or a --setting) is one line and exit 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ConfigError as exc:
            click.echo(f"onrecord: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=_Commands)
@click.version_option(package_name="onrecord")
def main() -> None:
    """onrecord: search news articles by quote, speaker, institution and date."""


@main.command("index")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@INDEX_OPTION
@click.option("--wait", "lock_wait", type=float, default=None,
              help="Seconds to wait while another indexer holds the index's write lock "
                   "(default 10: the write_lock_timeout setting).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes of the local cluster (default: one per core); fewer use "
                   "less memory.")
@click.option("--cluster", default=None, metavar="tcp://HOST:8786",
              help="Index on the workers of this Dask scheduler (default $ONRECORD_CLUSTER; "
                   "unset: a local cluster, or this process for small inputs).")
@click.option("--file-budget", type=float, default=None,
              help="Seconds a file may take to process before it is skipped "
                   "(default 60, or $ONRECORD_FILE_BUDGET; inf: no limit).")
@click.option("--accept-updates", is_flag=True, default=None,
              help="Take a version of an indexed article that keeps under half its text (or is "
                   "mostly new) as an update; without it, such a version is a conflict kept apart.")
@click.option("--include-all", is_flag=True,
              help="Also index files a folder walk leaves out as plainly not articles "
                   "(README, LICENSE, CHANGELOG and the like); a file named here always is.")
@COLLECTION_OPTION
@SETTING_OPTION
def index_command(paths: tuple[Path, ...], index_dir: Path | None, lock_wait: float | None,
                  workers: int | None, cluster: str | None, file_budget: float | None,
                  accept_updates: bool | None, include_all: bool, collection: str,
                  settings: tuple[str, ...]) -> None:
    """Ingest files and folders (.txt, .html, .json, .jsonl, .warc, .warc.gz) into the index.

    Exits 0 when every file was indexed, 1 when some were skipped, 2 when
    the index is busy (another indexer), cannot be written (disk full,
    read-only) or the Dask cluster cannot be reached or failed."""
    from onrecord.cli.progress import ProgressLine
    from onrecord.indexer.annotate.annotator import load_annotation_files
    from onrecord.indexer.parse.html import quiet_trafilatura
    from onrecord.indexer.pipeline import ingest_paths
    from onrecord.search import open_index

    if cluster is not None:  # checked like --setting cluster=..., which it beats
        settings = (*settings, f"cluster={cluster}")
    config = load_config(settings=settings, index_dir=index_dir, file_budget=file_budget,
                         write_lock_timeout=lock_wait, accept_updates=accept_updates or None)
    _or_exit(lambda: load_annotation_files(config))  # a bad speakers or institutions file: one line, first
    quiet_trafilatura()  # its per-page warnings: a skipped page is in the summary already
    index = _or_exit(lambda: open_index(config.index_dir, create=True, config=config))
    progress = ProgressLine(sys.stderr)
    try:
        summary = _or_exit(lambda: ingest_paths(paths, index, workers=workers, config=config,
                                                on_progress=progress, include_all=include_all,
                                                collection=collection))
    finally:
        progress.close()
        index.close()
    click.echo(format_summary(summary, config.index_dir))
    for path, kept_as, claimed, why in summary.conflicts:
        click.echo(terminal_text(f"  conflict {path}: kept apart as /doc/{kept_as}, not merged into "
                                 f"/doc/{claimed}: {why}"))
    for line in format_problems(summary):
        click.echo(line, err=True)
    sys.exit(1 if summary.skipped else 0)


@main.command("watch")
@click.argument("config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--once", is_flag=True,
              help="Run the sources that are due once and exit (for cron); without it, keep "
                   "running, sleeping until the next source is due.")
@INDEX_OPTION
@SETTING_OPTION
def watch_command(config_file: Path, once: bool, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Fetch the feeds, sitemaps and URL lists in CONFIG_FILE (TOML) and index
    their new and changed articles; every response is kept as WARC.

    Exits 2 on a bad configuration (watch_contact unset, an unknown key) or
    an index that cannot be opened.  A source that fails is printed and
    tried again at its next run; with --once the exit status is then 1."""
    from onrecord.indexer.parse.html import quiet_trafilatura
    from onrecord.indexer.watch.config import load_watch_config
    from onrecord.indexer.watch.watcher import close_watch, open_watch, run_watch
    from onrecord.search import open_index

    watch_config = load_watch_config(config_file, settings, index_dir=index_dir)
    quiet_trafilatura()
    config = watch_config.config
    index = _or_exit(lambda: open_index(config.index_dir, create=True, config=config))
    watch = open_watch(watch_config, index)
    failed: list[str] = []

    def echo_runs(runs: list[Any]) -> None:
        for run in runs:
            line, problems = format_source_run(run)
            click.echo(line)
            if problems:
                click.echo("\n".join(problems), err=True)
            if run.error:
                failed.append(run.name)
        sent, unsent = watch.delivered.sent, watch.delivered.failed
        if sent or unsent:  # messages, each carrying up to 50 items of one alert
            click.echo(f"alerts: {sent} message(s) sent, {unsent} failed (tried again later)")

    try:
        _or_exit(lambda: run_watch(watch, once, on_run=echo_runs))
    except KeyboardInterrupt:
        click.echo("onrecord: watch stopped", err=True)
    finally:
        close_watch(watch)
        index.close()
    sys.exit(1 if failed else 0)


@main.command("check")
@INDEX_OPTION
@SETTING_OPTION
def check_command(index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Verify the index: every segment readable, counts and facets agree,
    no orphan files (superseded commits' files and a read-only directory
    are fine).  Prints how to repair; exits 0 when ok, 1 otherwise."""
    from onrecord.search import check_index

    config = load_config(settings=settings, index_dir=index_dir)
    report = check_index(config.index_dir)
    click.echo(terminal_text(report.format()))
    sys.exit(0 if report.ok else 1)


# The facets `onrecord search` filters on, one repeatable option each.
CLI_FACETS: tuple[FacetDef, ...] = tuple(f for f in NAME_FACETS if f.cli_option)


def facet_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add repeatable --<name> and --not-<name> options per CLI_FACETS row,
    in table order; they arrive in the command as keyword arguments <name>
    and not_<name>."""
    for facet in reversed(CLI_FACETS):  # click lists the last-applied option first
        command = click.option(str(facet.cli_exclude_option), facet.exclude_param,
                               multiple=True, help=f"Leave out exactly this {facet.name} "
                               "(repeatable).")(command)
        command = click.option(str(facet.cli_option), facet.name, multiple=True,
                               help=facet.cli_help)(command)
    return command


@main.command("search")
@click.argument("query", default="")
@facet_options
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), default=None, help="YYYY-MM-DD")
@click.option("--until", type=click.DateTime(["%Y-%m-%d"]), default=None, help="YYYY-MM-DD")
@click.option("--quotes-only", is_flag=True, help="Only paragraphs that contain a quote.")
@click.option("--named-only", is_flag=True,
              help="Only paragraphs with a quote whose speaker is named beside it "
                   "(not found through a pronoun, a description or an earlier quote).")
@click.option("--verbatim", is_flag=True,
              help="Keep to verbatim quotes (direct and partial): --quotes-only and the speaker "
                   "filter leave out reported speech.")
@click.option("--sort", type=click.Choice(["relevance", "newest", "oldest"]), default="relevance")
@click.option("--mode", type=click.Choice(list(SEARCH_MODES)), default="paragraphs",
              help="List paragraphs, or quotes: the query matches inside one quote, whose speaker, "
                   "kind and evidence the filters select, and the counts count quotes.")
@click.option("--page", type=int, default=1)
@click.option("--per-page", type=int, default=None, help="Hits per page (default 10: the per_page setting).")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON API's answer.")
@INDEX_OPTION
@SETTING_OPTION
def search_command(query: str, since: dt.datetime | None, until: dt.datetime | None,
                   quotes_only: bool, named_only: bool, verbatim: bool, sort: SortOrder, mode: SearchMode,
                   page: int,
                   per_page: int | None, as_json: bool,
                   index_dir: Path | None, settings: tuple[str, ...],
                   **selected: tuple[str, ...]) -> None:
    """Search the index; prints hits with their permalinks (or --json)."""
    from onrecord.search import open_index, search

    config = load_config(settings=settings, index_dir=index_dir, per_page=per_page)
    picked: dict[str, Any] = {str(f.request_attr): selected[f.name] for f in CLI_FACETS}
    excluded = tuple((f.name, v) for f in CLI_FACETS for v in selected[f.exclude_param])
    request = SearchRequest(
        query=query, **picked, excluded=excluded,
        since=since.date() if since else None, until=until.date() if until else None,
        quotes_only=quotes_only, named_only=named_only, verbatim=verbatim, sort=sort, mode=mode, page=page,
        per_page=config.per_page,
    )
    index = _or_exit(lambda: open_index(config.index_dir, config=config))
    try:
        result = _or_exit(lambda: search(index, request))
    finally:
        index.close()
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False) if as_json else format_result(result))


@main.command("extract")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line, per file.")
@SETTING_OPTION
def extract_command(files: tuple[Path, ...], as_json: bool, settings: tuple[str, ...]) -> None:
    """Print the paragraphs, quotes, speakers, institutions and dates found
    in each file, in argument order.  A file that cannot be read prints
    {"source": ..., "error": ...} in its place and the exit status is 1."""
    from onrecord.indexer.annotate.annotator import load_annotation_files
    from onrecord.indexer.errors import IngestError
    from onrecord.indexer.parse.html import quiet_trafilatura
    from onrecord.indexer.pipeline import extract_file

    config = load_config(settings=settings)  # the speakers and institutions settings name files
    annotation_files = _or_exit(lambda: load_annotation_files(config))  # a bad one: one line, once
    quiet_trafilatura()
    failed = False
    for path in files:
        try:
            articles = extract_file(path, annotation_files=annotation_files)
        except (IngestError, OSError) as exc:
            failed = True
            _echo_error(path, str(exc), as_json)
            continue
        for article in articles:
            click.echo(json.dumps(article.to_dict(), ensure_ascii=False) if as_json
                       else format_article(article.to_dict()))
    sys.exit(1 if failed else 0)


def _echo_error(path: Path, reason: str, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"source": str(path), "error": reason, "paragraphs": []}))
    click.echo(terminal_text(f"onrecord: {path}: {reason}"), err=True)


def format_article(data: dict) -> str:
    """Return a readable listing of one extracted article's quotes
    (terminal_text), each shown as pages cite it: quote marks around the
    speaker's own words only, reported speech marked "(reported)"."""
    from onrecord.search import cite_quote_dict
    lines = [f"{data['source']}: {data['title'] or '(untitled)'} ({data['published'] or 'undated'})"]
    for para in data["paragraphs"]:
        for quote in para["quotes"]:
            lines.append(f"  p{para['n']} {quote['speaker'] or '?'} ({quote['cue'] or '-'}): "
                         f"{cite_quote_dict(quote)}")
    return terminal_text("\n".join(lines))


@main.command("serve")
@click.option("--host", default=None, help="Address to bind (default 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), default=None,
              help="Port (default 5000, or $ONRECORD_PORT, or $PORT).")
@click.option("--public-url", default=None,
              help="Public base URL for the permalinks in citations, exports and JSON "
                   "(default $ONRECORD_PUBLIC_URL; unset: site-relative links).")
@click.option("--processes", type=click.IntRange(1, 256), default=None,
              help="Serving processes sharing the port, each with its own caches (default 1, "
                   "or $ONRECORD_PROCESSES); one per core uses every core.")
@click.option("--public", is_flag=True,
              help="Allow a --host that is not a loopback address with access control off: "
                   "anyone who can reach the port reads the whole archive.")
@INDEX_OPTION
@SETTING_OPTION
def serve_command(host: str | None, port: int | None, public_url: str | None, processes: int | None,
                  public: bool, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Serve the search UI and JSON API with a production WSGI server
    (waitress; several processes on one port with --processes).  The index
    is opened read-only: serving never writes to its folder."""
    from onrecord.web.app import refuse_public_bind, serve

    if port is None:  # only serve reads the port variables: see serve_port
        try:
            port, warnings = serve_port()
        except ConfigError as exc:
            click.echo(f"onrecord: {exc}", err=True)
            sys.exit(2)
        for warning in warnings:
            click.echo(f"onrecord: warning: {warning}", err=True)
    if public_url is not None:  # checked like --setting public_url=..., which it beats
        settings = (*settings, f"public_url={public_url}")
    config = load_config(settings=settings, index_dir=index_dir, host=host, port=port,
                         processes=processes)
    refuse_public_bind(config.host, config.port, public, config.access_control)  # ConfigError: one line, exit 2
    many = f" with {config.processes} processes" if config.processes > 1 else ""
    click.echo(terminal_text(f"Serving {config.index_dir} on http://{config.host}:{config.port}/{many}"),
               err=True)
    try:
        serve(config)
    except OSError as exc:  # port taken, address not local, no permission
        click.echo(f"onrecord: cannot listen on {config.host}:{config.port}: {exc.strerror or exc}"
                   " (is another server running? pick another port with --port or PORT=)", err=True)
        sys.exit(2)
    except OnrecordError as exc:  # serving processes that keep failing to start
        click.echo(f"onrecord: {exc}", err=True)
        sys.exit(1)


@main.command("settings")
@SETTING_OPTION
@click.option("--json", "as_json", is_flag=True, help="One JSON object per setting.")
@click.option("--markdown", is_flag=True,
              help="Print the settings reference page (docs/settings.md): defaults, not current values.")
def settings_command(settings: tuple[str, ...], as_json: bool, markdown: bool) -> None:
    """List every setting: name, current value (defaults, then
    $ONRECORD_<NAME>, then --setting), default and what it does."""
    rows = describe_settings(load_config(settings=settings))
    if markdown:
        click.echo(settings_markdown(), nl=False)
        return
    if as_json:
        for name, value, default, help_text in rows:
            click.echo(json.dumps({"name": name, "value": _json_number(value),
                                   "default": _json_number(default), "help": help_text},
                                  allow_nan=False))
        return
    click.echo(format_settings(rows))


def _json_number(value: Any) -> Any:
    """Return `value`, or "inf" for an infinite float (strict JSON has no
    Infinity; file_budget=inf means no limit)."""
    return "inf" if isinstance(value, float) and math.isinf(value) else value


def format_settings(rows: list[tuple[str, Any, Any, str]]) -> str:
    """Return the settings as an aligned table, a changed value marked *."""
    cells = [(name, f"{value:g}" if isinstance(value, float) else str(value),
              f"{default:g}" if isinstance(default, float) else str(default), help_text)
             for name, value, default, help_text in rows]
    widths = [max(len(row[i]) for row in cells + [("name", "value", "default", "")]) for i in range(3)]
    lines = [f"{'name':<{widths[0]}}  {'value':<{widths[1]}}  {'default':<{widths[2]}}  help"]
    for (name, value, default, help_text), (_n, raw, raw_default, _h) in zip(cells, rows, strict=False):
        mark = "*" if raw != raw_default else " "
        lines.append(f"{name:<{widths[0]}}  {value:<{widths[1]}}{mark} {default:<{widths[2]}}  "
                     f"{help_text}")
    return "\n".join(lines)


def _or_exit(call: Callable[[], T]) -> T:
    """Run `call`; turn an OnrecordError into a message and exit status 2."""
    try:
        return call()
    except OnrecordError as exc:
        click.echo(terminal_text(f"onrecord: {exc}"), err=True)
        sys.exit(2)


main.add_command(users_command)
main.add_command(audit_command)
