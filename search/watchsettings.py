"""The settings of `onrecord watch` (indexer.watch): how politely and
safely pages are fetched, and how alerts are delivered.

Owns WATCH_SETTINGS, rows of search.config's SETTINGS kept beside their
concern, the checks of their text values (check_watch_text) and
parse_rechecks (the re-check schedule).  search.config gathers the rows
into SETTINGS and Config; nothing here reads the environment.
"""
from __future__ import annotations

import math

from onrecord.search.errors import ConfigError
from onrecord.search.settingrow import Setting

WATCH_SETTINGS: tuple[Setting, ...] = (
    # How politely and safely pages are fetched
    Setting("watch_contact", "", str, "The operator's contact (an e-mail address or URL) sent in the "
            "User-Agent of every request `onrecord watch` makes; it refuses to start without one."),
    Setting("watch_rate", 1.0, float, "Requests per second `onrecord watch` sends one host at most "
            "(a longer robots.txt Crawl-delay wins)."),
    Setting("watch_host_concurrency", 2, int, "Requests `onrecord watch` has open to one host at once.",
            maximum=16),
    Setting("watch_timeout", 20.0, float, "Seconds one request may take (connecting, then the whole "
            "body) before it is given up."),
    Setting("watch_max_bytes", 10_000_000, int, "Bytes of one response body kept; a longer one is "
            "given up (and kept in the capture marked truncated)."),
    Setting("watch_max_redirects", 5, int, "Redirects one fetch may follow.", zero_ok=True, maximum=20),
    Setting("watch_max_retry_after", 3600.0, float, "Longest Retry-After (seconds) of a 429 or 503 "
            "that `onrecord watch` waits for before retrying; longer, the URL waits for the next run."),
    Setting("watch_rechecks", "1h,6h,24h,72h", str, "When `onrecord watch` fetches an article again "
            "after first seeing it (h or d after first sight, comma-separated); after the last, never."),
    Setting("watch_allow_private", False, bool, "Let `onrecord watch` fetch private, loopback and "
            "link-local addresses (off: a feed cannot point the fetcher into the newsroom's network)."),
    # Alerts: saved searches of the watch's config ([[alert]]) delivered after each pass
    Setting("alert_secret", "", str, "The key signing every alert webhook's body (HMAC-SHA256 in the "
            "X-Onrecord-Signature header); required when an alert has a webhook. Set it in the "
            "environment (ONRECORD_ALERT_SECRET) rather than in a file others read."),
    Setting("smtp_host", "", str, "The SMTP server alert e-mails are sent through; required when an "
            "alert has an e-mail address."),
    Setting("smtp_port", 25, int, "The SMTP server's port.", maximum=65535),
    Setting("smtp_from", "", str, "The From address of alert e-mails; required with smtp_host."),
)
SECRET_SETTINGS = frozenset({"alert_secret"})  # never printed by `onrecord settings`
# Text settings that go into a header: a line break would forge headers.
HEADER_TEXT = frozenset({"watch_contact", "smtp_from", "smtp_host"})


def check_watch_text(name: str, value: str, raw: str, label: str) -> str:
    """Return the watch's text setting `name` (`value`, stripped `raw`)
    checked: watch_rechecks normalised; watch_contact, smtp_from and
    smtp_host printable without brackets or backslashes (they go into
    headers).  Raises ConfigError naming `label`."""
    if name == "watch_rechecks":
        return ",".join(f"{seconds / 3600:g}h" for seconds in parse_rechecks(value, label))
    if name in HEADER_TEXT and not all(c.isprintable() and c not in "()\\" for c in value):
        raise ConfigError(f"{label}={raw!r} must be printable text without brackets or backslashes "
                          "(an e-mail address, URL or host name)")
    return value


def parse_rechecks(raw: str, label: str = "watch_rechecks") -> tuple[float, ...]:
    """Return the re-check times in `raw` ("1h,6h,24h,3d") as seconds after
    first sight, rising ("" or "none": no re-checks).  Raises ConfigError
    naming `label` for a time that is not a positive number of h or d, or
    one not later than the one before."""
    if raw.strip().lower() in ("", "none"):
        return ()
    times: list[float] = []
    for item in (part.strip().lower() for part in raw.split(",")):
        number, unit = item[:-1], item[-1:]
        hours = float(number) * (24 if unit == "d" else 1) if unit in ("h", "d") and _is_number(number) else 0.0
        if not 0 < hours <= 24 * 3650 or (times and hours * 3600 <= times[-1]):
            raise ConfigError(f"{label}: {item!r} is not a later time like 6h or 3d (rising, comma-separated)")
        times.append(hours * 3600)
    return tuple(times)


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False
