"""The one place that maps exceptions to HTTP status codes and error pages.

QueryError -> 400, NotFoundError -> 404, IndexUnavailableError -> 503,
BusyError -> 503 with a Retry-After header, werkzeug HTTP errors keep their
own code (and a 405 its Allow header), anything else -> 500 with a generic message (the traceback goes
to the log, never to the client).
Requests under /api/ and /healthz get JSON {"error": ..., "status": ...};
everything else gets an HTML page.  A 400 on the search page re-renders the
search form with the message beside the query box and the input kept.
An unavailable index shows its public text and repair steps, never the
operator's (which names the index's path and the exception): that goes to
the server log, once a minute per message.
"""
from __future__ import annotations

import time

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from onrecord.search import MAX_NAMES, BusyError, IndexUnavailableError, NotFoundError, QueryError
from onrecord.web.serving.params import hidden_filters, raw_form, unknown_param_notes
from onrecord.web.serving.state import get_state

STATUS_BY_ERROR: tuple[tuple[type[Exception], int], ...] = (
    (QueryError, 400),
    (NotFoundError, 404),
    (IndexUnavailableError, 503),
    (BusyError, 503),
)
GENERIC_500 = "Something went wrong on our side. The error has been logged; please try again."
REPAIR_HINT = "Run `onrecord index seeds` to build the index."
DEFAULT_MESSAGES = {404: "Nothing with that id is in the index.", 503: "The search index is not available."}
# An unavailable index whose error brings no public text of its own.
UNAVAILABLE_REPAIR = ("To fix this, on the server: run `onrecord check` to see why; `onrecord "
                      "index` builds or rebuilds the index.")
LOG_EVERY_SECONDS = 60.0  # the same unavailable-index message is logged at most this often
_logged: dict[str, float] = {}
# Headers of werkzeug's HTTP errors that the page keeps (its Content-Type is ours).
KEPT_HEADERS = frozenset({"Allow"})
TITLES = {400: "Bad request", 404: "Not found", 503: "Search is unavailable", 500: "Server error"}


def status_for(exc: BaseException) -> int:
    """Return the HTTP status code for `exc` (500 for anything unexpected)."""
    if isinstance(exc, HTTPException):
        return exc.code or 500
    for error_type, status in STATUS_BY_ERROR:
        if isinstance(exc, error_type):
            return status
    return 500


def message_for(exc: BaseException, status: int) -> str:
    """Return the user-facing message: the error's own text for our named
    errors, werkzeug's description for HTTP errors, a generic one for 500."""
    if status >= 500 and status != 503:
        return GENERIC_500
    if isinstance(exc, IndexUnavailableError):
        return exc.public or DEFAULT_MESSAGES[503]
    if isinstance(exc, HTTPException):
        return exc.description or exc.name
    text = str(exc).strip() or DEFAULT_MESSAGES.get(status, "The request could not be handled.")
    if status == 503 and "onrecord index" not in text and not isinstance(exc, BusyError):
        text = f"{text} {REPAIR_HINT}"
    return text


def repair_for(exc: BaseException) -> str:
    """Return the repair steps shown under an unavailable index's message
    ('' for any other error)."""
    if not isinstance(exc, IndexUnavailableError):
        return ""
    return exc.repair or UNAVAILABLE_REPAIR


def log_unavailable(exc: IndexUnavailableError) -> None:
    """Log the operator's text of `exc` (the index's path, the cause), at
    most once per LOG_EVERY_SECONDS for the same text: a damaged index
    answers every request with it."""
    text = str(exc)
    now = time.monotonic()
    if now - _logged.get(text, -LOG_EVERY_SECONDS) < LOG_EVERY_SECONDS:
        return
    if len(_logged) > 100:
        _logged.clear()
    _logged[text] = now
    cause = exc.__cause__
    current_app.logger.warning("index unavailable on %s: %s%s", request.path, text,
                               f" [{type(cause).__name__}]" if cause is not None else "")


def wants_json() -> bool:
    """Return whether the current request is an API call or a page's .json
    twin (an export's errors stay pages: a browser started that download)."""
    path = request.path
    return (path.startswith("/api/") or path == "/healthz"
            or (path.endswith(".json") and path != "/export.json"))


def handle_error(exc: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """Return the error response for `exc`: JSON for the API, HTML
    otherwise, with the headers it needs (Retry-After when busy)."""
    status = status_for(exc)
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, BusyError) else {}
    if isinstance(exc, HTTPException):  # a 405 says which methods are allowed (RFC 9110)
        headers.update((name, value) for name, value in exc.get_headers() if name in KEPT_HEADERS)
    if status == 500:
        # Log the traceback for operators; the client only sees GENERIC_500.
        current_app.logger.exception("unhandled error on %s", request.path)
    if isinstance(exc, IndexUnavailableError):
        log_unavailable(exc)
    message = message_for(exc, status)
    hint = repair_for(exc)
    if wants_json():
        text = f"{message} {hint}" if hint else message
        return jsonify({"error": text, "status": status}), status, headers
    if status == 400 and request.endpoint == "pages.search_page":
        return render_search_error(message), status, headers
    if status == 400 and request.endpoint == "lookup.lookup_page":
        return render_lookup_error(message), status, headers
    busy = isinstance(exc, BusyError)
    title = "Busy" if busy else TITLES.get(status, getattr(exc, "name", "Error"))
    page = render_template("error.html", status=status, title=title, message=message, hint=hint)
    return page, status, headers


def render_search_error(message: str) -> str:
    """Return the search page with `message` beside the query box."""
    return render_template("search.html", form=raw_form(request.args, _query_chars()),
                           hidden=hidden_filters(request.args), error=message, result=None, links=None,
                           param_notes=unknown_param_notes(request.args.keys()))


def render_lookup_error(message: str) -> str:
    """Return the look-up page with `message` above the names box (which
    keeps the list, so it can be cut down and sent again)."""
    return render_template("lookup.html", text=request.args.get("names") or "", error=message,
                           as_csv=bool(request.args.get("csv")), data=None, max_names=MAX_NAMES)


def _query_chars() -> int:
    """Return the app's max_query_chars setting (the longest query echoed)."""
    return get_state().config.max_query_chars


def register_error_handlers(app: Flask) -> None:
    """Install handle_error for every exception on `app`."""
    app.register_error_handler(HTTPException, handle_error)
    app.register_error_handler(Exception, handle_error)
