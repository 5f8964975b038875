"""Who may read: the login and logout pages and the check every request
passes when the access_control setting is on.

Owns the session cookie (HttpOnly, SameSite=Lax, Secure when served over
https), the CSRF tokens of the forms that change state (the login form's
before there is a session: a cookie and a field that must match; after, the
session's own token), and which pages need no login (/login, /healthz and
static files).  Without a session a page redirects to /login; the JSON API,
exports, feeds and .json twins answer 401, since a script cannot fill in a
form.  With access_control off (a reporter on a laptop), nothing is checked.
"""
from __future__ import annotations

import functools
import hmac
import ipaddress
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, g, redirect, render_template, request, url_for
from werkzeug.exceptions import Forbidden, Unauthorized
from werkzeug.wrappers import Response

from onrecord.search import Config, SearchRequest, Visibility, parse_networks
from onrecord.web.access.accounts import USER_NAME, AccountError, AccountStore, accounts_path
from onrecord.web.access.audit import audit_path, make_record, queue_record
from onrecord.web.access.grants import GrantStore
from onrecord.web.serving.params import TOKEN_PARAM, parse_search_request
from onrecord.web.serving.state import get_state

bp = Blueprint("access", __name__)

SESSION_COOKIE = "onrecord_session"
LOGIN_CSRF_COOKIE = "onrecord_login_csrf"
# Endpoints anyone may reach: the login form, the load balancer's check and
# the stylesheet, script and icons the login page itself needs.
OPEN_ENDPOINTS = frozenset({"access.login", "api.healthz", "static"})
# Answers a script reads (a 401 it can act on, not a login page's HTML).
MACHINE_SUFFIXES = (".json", ".csv", ".atom")
MACHINE_PREFIXES = ("/api/", "/captures/")  # the JSON API; WARC records (web.watch.captures)


def account_store() -> AccountStore:
    """Return the AccountStore of the current app's config."""
    config = get_state().config
    return _store_at(config.accounts_db, config.index_dir)


@functools.lru_cache(maxsize=8)
def _store_at(accounts_db: str, index_dir: Path) -> AccountStore:
    """Return the AccountStore of these two settings, made once: every
    request asks for it, and what it caches is per thread and file
    (accounts.AccountStore.cached), not per object."""
    return AccountStore(accounts_path(Config(index_dir=index_dir, accounts_db=accounts_db)))


@functools.lru_cache(maxsize=8)
def _audit_file(accounts_db: str, index_dir: Path) -> Path:
    """Return the audit log's path for these two settings, worked out once."""
    return audit_path(Config(index_dir=index_dir, accounts_db=accounts_db))


def install_access(app: Flask) -> None:
    """Register the login pages on `app`, the check before each request
    and the audit record after it."""
    app.register_blueprint(bp)
    app.before_request(require_login)
    app.after_request(audit_request)


def audit_request(response: Response) -> Response:
    """Return `response` after appending who asked for what to the audit
    log, when access control is on (static files aside)."""
    config = get_state().config
    if config.access_control and request.endpoint != "static":
        url = request.full_path.rstrip("?")
        audit("request", g.get("user") or "", url, response.status_code, config)
    return response


def audit(what: str, user: str, url: str = "", status: int = 0, config: Config | None = None) -> None:
    """Queue one record of this request's address for the audit log (of
    `config`, default the app's): written by the log's writer thread
    within audit.FLUSH_INTERVAL seconds.  A log that cannot be written is
    reported to the server log, and the reader still gets the answer (no
    500 for the operator's full disk)."""
    config = config or get_state().config
    path = _audit_file(config.accounts_db, config.index_dir)
    queue_record(path, make_record(user, request.remote_addr or "", what, url, status))


def reader_collections() -> Visibility:
    """Return the collections this request's reader may read, for search/
    to apply (None: all, when access control is off).  Checked against
    the accounts file on every request (require_login reads them with
    the reader; GrantStore.readable's cache ends when the file changes),
    so a grant or revocation takes effect on the reader's next one."""
    config = get_state().config
    if not config.access_control:
        return None
    user = g.get("user")
    if not user:
        return frozenset()  # an open page: it shows nothing of the index
    if "collections" not in g:
        g.collections = GrantStore(_store_at(config.accounts_db, config.index_dir)).readable(user)
    found: Visibility = g.collections
    return found


def reader_request() -> SearchRequest:
    """Return the search this request's URL describes, kept to the
    collections its reader may read: how every route that searches gets
    its request, so none can forget the reader.  Raises QueryError for a
    bad parameter."""
    return parse_search_request(request.args, get_state().config, reader_collections())


def require_login() -> Response | None:
    """Set g.user to the signed-in account (None when access control is
    off or the page is open); return a redirect to /login for a page, or
    raise Unauthorized (401) for a machine-read answer, when nobody is."""
    g.user = None
    config = get_state().config
    if not config.access_control or request.endpoint in OPEN_ENDPOINTS:
        return None
    store = _store_at(config.accounts_db, config.index_dir)
    with store.one_check():  # the reader and their grants: one check of the accounts file
        answer = find_reader(config, store)
        if g.user:
            g.collections = GrantStore(store).readable(g.user)
    return answer


def find_reader(config: Config, store: AccountStore) -> Response | None:
    """Set g.user (and g.csrf for a session) to the reader a trusted proxy,
    an API token or a session cookie names; return a redirect to /login
    for a page, or raise Unauthorized (401) for a machine-read answer or
    a revoked token, when nobody is."""
    g.user = proxy_user(config)
    if g.user is not None:
        return None
    path = request.path
    machine = path.startswith(MACHINE_PREFIXES) or path.endswith(MACHINE_SUFFIXES)
    token = api_token(machine)
    if token is not None:
        g.user = store.token_user(token)
        if g.user is None:  # a revoked token says so, rather than a login page
            raise Unauthorized("This API token is not valid (revoked, or mistyped).")
        return None
    session = store.session(request.cookies.get(SESSION_COOKIE, ""))
    if session is not None:
        g.user, g.csrf = session.user, session.csrf
        return None
    if machine or request.method != "GET":
        raise Unauthorized("Sign in first, or send an API token (Authorization: Bearer TOKEN; "
                           "token=TOKEN in a feed's or export's URL).")
    return redirect(url_for("access.login", next=request.full_path.rstrip("?")))


def proxy_user(config: Config) -> str | None:
    """Return the reader a trusted proxy names in the proxy_user_header
    (single sign-on in front of onrecord), or None: no trusted_proxies in
    `config`, no header, or a request not from a trusted_proxies address
    (anyone can send the header, so it is read only from the proxy).
    Raises Forbidden for a trusted proxy's name that is not a user name."""
    if not config.trusted_proxies:  # the common case: no header read at all
        return None
    name = request.headers.get(config.proxy_user_header, "").strip()
    if not name or not from_trusted_proxy(config.trusted_proxies):
        return None
    if not USER_NAME.fullmatch(name):
        raise Forbidden("The sign-on proxy sent a user name onrecord cannot use.")
    return name


def from_trusted_proxy(trusted: str) -> bool:
    """Return True if the request comes from an address in `trusted`
    (the trusted_proxies setting, already checked by search.config)."""
    try:
        address = ipaddress.ip_address((request.remote_addr or "").split("%")[0])
    except ValueError:
        return False
    return any(address in network for network in trusted_networks(trusted))


@functools.lru_cache(maxsize=4)
def trusted_networks(trusted: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """Return the networks of the trusted_proxies setting, parsed once per
    value rather than on every request."""
    return tuple(parse_networks(trusted))


def api_token(machine: bool) -> str | None:
    """Return the API token the request carries: an Authorization Bearer
    header on any request, or a token= parameter on a machine-read answer
    (a feed reader cannot send headers); None when it carries none."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    if machine and request.method == "GET" and TOKEN_PARAM in request.args:
        return request.args[TOKEN_PARAM]
    return None


@bp.route("/login", methods=["GET", "POST"])
def login() -> Response | str | tuple[str, int]:
    """Show the login form (GET) or sign in (POST: user, password, csrf,
    next) and redirect to `next` on this site; a wrong password shows the
    form again with 401, too many failures with 429."""
    if not get_state().config.access_control:
        return redirect(url_for("pages.search_page"))
    target = safe_next(request.values.get("next", ""))
    if request.method == "GET":
        return _login_form(target, "", 200)
    check_login_csrf()
    name = request.form.get("user", "").strip()
    try:
        token, session = account_store().login(
            name, request.form.get("password", ""), request.remote_addr or "?",
            lifetime=get_state().config.session_hours * 3600)
    except AccountError as exc:
        status = 429 if "too many" in str(exc) else 401
        audit("login_failed", name, status=status)
        return _login_form(target, str(exc), status, name)
    audit("login", name)
    response = redirect(target)
    set_cookie(response, SESSION_COOKIE, token, expires=session.expires)
    response.delete_cookie(LOGIN_CSRF_COOKIE, path="/")
    return response


@bp.post("/logout")
def logout() -> Response:
    """End this browser's session (the form's csrf must match it) and go
    to the login page."""
    if get_state().config.access_control:
        check_session_csrf()
        account_store().logout(request.cookies.get(SESSION_COOKIE, ""))
        audit("logout", g.get("user") or "")
    response = redirect(url_for("access.login"))
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


def _login_form(target: str, error: str, status: int, name: str = "") -> tuple[str, int]:
    """Return the login page with a fresh login CSRF token (also set as a
    cookie: the POST must carry both, equal) and `status`."""
    token = secrets.token_urlsafe(32)
    g.set_login_csrf = token
    return render_template("login.html", csrf=token, next=target, error=error, user_name=name), status


def set_login_csrf_cookie(response: Response) -> Response:
    """Return `response` with the login CSRF cookie a login form asked for."""
    token = g.get("set_login_csrf")
    if token:
        set_cookie(response, LOGIN_CSRF_COOKIE, token, max_age=3600)
    return response


def check_login_csrf() -> None:
    """Abort with 403 unless the form's csrf equals the login CSRF cookie:
    another site cannot read the cookie, so it cannot sign a reader in to
    an account of its choosing."""
    _check_csrf(request.cookies.get(LOGIN_CSRF_COOKIE, ""))


def check_session_csrf() -> None:
    """Abort with 403 unless the form's csrf is the session's token."""
    _check_csrf(g.get("csrf") or "")


def _check_csrf(expected: str) -> None:
    """Abort with 403 unless the form's csrf field equals `expected`
    (compared in constant time; an empty one never matches)."""
    sent = request.form.get("csrf", "")
    if not (expected and sent and hmac.compare_digest(sent, expected)):
        abort(403, "The form has expired or did not come from this site: reload it and try again.")


def set_cookie(response: Response, name: str, value: str, expires: float | None = None,
               max_age: int | None = None) -> None:
    """Set cookie `name` on `response` with onrecord's flags: HttpOnly,
    SameSite=Lax, the whole site, Secure when it is served over https."""
    secure = request.is_secure or get_state().config.public_url.startswith("https:")
    response.set_cookie(name, value, expires=expires, max_age=max_age, httponly=True, samesite="Lax",
                        secure=secure, path="/")


def safe_next(target: str) -> str:
    """Return `target` if it is a path on this site, else "/": a login
    link must not send the reader to another site afterwards."""
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.scheme or parts.netloc or "\\" in target:
        return "/"
    return target
