"""Canonical URLs reduced to the one form that identifies an article.

Owns normalise_url(): two URLs that name the same page must give the same
string, because an article's id is a hash of it (indexer.chunk.chunker).  What
does not change the page is dropped or unified: the scheme (http and https
serve the same article), host case, a leading "www.", a trailing dot, the
default port, user info, the fragment, a trailing slash, tracking
parameters (TRACKING_PARAMS, TRACKING_PREFIXES) and the order of the
remaining query parameters.  Path case is kept: paths are case-sensitive.
"""
from __future__ import annotations

import re
from urllib.parse import SplitResult, parse_qsl, urlencode, urlsplit

# Query parameters that say how a reader arrived, not which page it is:
# campaign tags and ad/social click ids.  Any parameter starting with a
# prefix in TRACKING_PREFIXES is dropped too.
TRACKING_PREFIXES: tuple[str, ...] = ("utm_",)
TRACKING_PARAMS: frozenset[str] = frozenset({
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid",
    "ttclid", "li_fat_id", "igshid", "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi",
    "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "rb_clickid", "s_cid", "ncid",
    "cmpid", "ocid", "ito", "at_medium", "at_campaign", "ref_src", "ref_url", "smid",
})
_DEFAULT_PORTS = {80, 443}
_ESCAPE = re.compile(r"%[0-9a-fA-F]{2}")
# A bare "host.tld/path" (no scheme) is read as a web address.
_BARE_HOST = re.compile(r"^[\w.-]+\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)", re.I)


def normalise_url(url: str) -> str:
    """Return the identity form of `url`: "https://" + host + path (+ "?" +
    sorted non-tracking query).  A string that is not a web address comes
    back stripped and otherwise unchanged."""
    text = url.strip()
    if _BARE_HOST.match(text):
        text = "https://" + text
    try:
        parts = urlsplit(text)
        host = _host(parts)
    except ValueError:  # a malformed port or bracketed host: keep the text as it is
        return text
    if parts.scheme.lower() not in ("http", "https", "") or not host:
        return text
    path = _ESCAPE.sub(lambda m: m.group().upper(), parts.path).rstrip("/")
    query = sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                   if not is_tracking_param(k))
    return f"https://{host}{path}" + (f"?{urlencode(query)}" if query else "")


def is_tracking_param(name: str) -> bool:
    """Return True if the query parameter `name` only tracks the visit."""
    lowered = name.lower()
    return lowered in TRACKING_PARAMS or lowered.startswith(TRACKING_PREFIXES)


def _host(parts: SplitResult) -> str:
    """Return the lowercased host without "www.", trailing dot or default
    port.  Raises ValueError for a malformed port."""
    hostname = (parts.hostname or "").rstrip(".")
    port = parts.port
    if hostname.startswith("www."):
        hostname = hostname[4:]
    if ":" in hostname:  # IPv6 literal
        hostname = f"[{hostname}]"
    return hostname + (f":{port}" if port and port not in _DEFAULT_PORTS else "")
