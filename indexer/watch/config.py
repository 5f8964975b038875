"""A watch's configuration file (TOML): its sources, alerts and settings.

Owns reading CONFIG.toml into a `WatchConfig`: a `[settings]` table whose
names are rows of search.config's SETTINGS (watch_contact, watch_rate, ...;
checked and typed there, so an ONRECORD_WATCH_* variable and `--setting` work
the same way), one `[[source]]` table per source (name, kind, url or
urls, interval), and one `[[alert]]` table per saved search (name; query,
speaker, names, institutions, outlets, mode; webhook and/or email).  The file's settings sit between the environment and
`--setting`: defaults < env < file < --setting < flags.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from onrecord.search import (
    DEFAULT_COLLECTION,
    SEARCH_MODES,
    Config,
    ConfigError,
    SearchRequest,
    is_collection_name,
    load_config,
)

# What a source is: a feed (RSS or Atom), a sitemap (urlset, sitemap index or
# news sitemap), a list of article URLs (inline `urls`, or a `url` serving
# one URL a line), or a site's home page (the feeds it announces are read).
SOURCE_KINDS: tuple[str, ...] = ("feed", "sitemap", "urls", "site")
DEFAULT_INTERVAL = 900.0  # seconds between two runs of one source
MIN_INTERVAL = 60.0  # a source polled more often than this is a mistake
SOURCE_KEYS: frozenset[str] = frozenset({"name", "kind", "url", "urls", "interval", "collection"})
# An alert's keys: what it searches (a query, a speaker, a list of names,
# filters) and where it is delivered.
ALERT_KEYS: frozenset[str] = frozenset({"name", "query", "speaker", "names", "institutions", "outlets", "mode",
                                        "webhook", "email"})


@dataclass(frozen=True, slots=True)
class Source:
    """One watched source: its unique `name`, `kind` (SOURCE_KINDS), the
    `url` to read (None for an inline list), inline `urls`, the seconds
    between two runs, and the `collection` its articles are indexed in
    (who may read them, issue #36)."""

    name: str
    kind: str
    url: str | None
    urls: tuple[str, ...] = ()
    interval: float = DEFAULT_INTERVAL
    collection: str = DEFAULT_COLLECTION


@dataclass(frozen=True, slots=True)
class Alert:
    """A saved search: its unique `name`, the request it runs (a speaker or
    names are its speakers, ORed; quotes mode unless `mode` says), and
    where its matches go: a webhook URL, e-mail addresses."""

    name: str
    request: SearchRequest
    webhook: str | None = None
    emails: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WatchConfig:
    """The sources, alerts and the Config (fetch and delivery settings among
    its fields) of a watch."""

    sources: tuple[Source, ...]
    config: Config
    alerts: tuple[Alert, ...] = ()


def load_watch_config(path: Path, settings: Iterable[str] = (), env: dict[str, str] | None = None,
                      **overrides: Any) -> WatchConfig:
    """Return the watch configuration in the TOML file `path`, its settings
    overlaid by `settings` ("name=value", as --setting) and `overrides`
    (flags).  Raises ConfigError (one line) for an unreadable file, an
    unknown key, a bad source or value, or a missing watch_contact (a
    fetcher must say who runs it)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not a readable TOML file ({exc})") from None
    unknown = sorted(set(data) - {"settings", "source", "alert"})
    if unknown:
        raise ConfigError(f"{path}: unknown table(s) {', '.join(unknown)} (settings, source, alert)")
    table = data.get("settings", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [settings] must be a table")
    pairs = {name: _raw(value) for name, value in table.items()}
    for pair in settings:
        name, _sep, raw = pair.partition("=")
        pairs[name.strip()] = raw
    config = load_config(env=env, settings=pairs, **overrides)
    if not config.watch_contact:
        raise ConfigError(f"{path}: set watch_contact (your e-mail address or URL) under [settings]: "
                          "every request names who runs the watch")
    sources = tuple(parse_source(entry, n) for n, entry in enumerate(data.get("source", []), 1))
    if not sources:
        raise ConfigError(f"{path}: no [[source]] to watch")
    names = [s.name for s in sources]
    if len(set(names)) != len(names):
        raise ConfigError(f"{path}: two sources share a name; each needs its own")
    alerts = tuple(parse_alert(entry, n) for n, entry in enumerate(data.get("alert", []), 1))
    check_alerts(alerts, config, str(path))
    return WatchConfig(sources, config, alerts)


def _raw(value: Any) -> str:
    """Return a TOML value as the text a --setting would give."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_source(entry: Any, n: int) -> Source:
    """Return the `n`th [[source]] table as a Source; raises ConfigError."""
    check_table(entry, SOURCE_KEYS, f"source {n}")
    kind = entry.get("kind")
    if kind not in SOURCE_KINDS:
        raise ConfigError(f"source {n}: kind must be one of {', '.join(SOURCE_KINDS)}, not {kind!r}")
    url = entry.get("url")
    urls = entry.get("urls", [])
    if not isinstance(urls, list) or not all(isinstance(u, str) for u in urls):
        raise ConfigError(f"source {n}: urls must be a list of URLs")
    if (url is None) == (not urls) or (urls and kind != "urls"):
        raise ConfigError(f"source {n}: give url, or (kind urls only) an inline urls list; not both")
    for address in ([url] if url is not None else urls):
        check_url(address, f"source {n}")
    interval = entry.get("interval", DEFAULT_INTERVAL)
    if not isinstance(interval, int | float) or isinstance(interval, bool) or interval < MIN_INTERVAL:
        raise ConfigError(f"source {n}: interval must be a number of seconds >= {MIN_INTERVAL:g}")
    collection = entry.get("collection", DEFAULT_COLLECTION)
    if not is_collection_name(collection):
        raise ConfigError(f"source {n}: collection {collection!r} is not a collection name: "
                          "use 1 to 40 of a-z, 0-9, _ and -")
    name = entry.get("name") or url or f"source {n}"
    return Source(str(name), kind, url, tuple(urls), float(interval), collection)


def check_table(entry: Any, keys: frozenset[str], label: str) -> None:
    """Check that `entry` is a TOML table of `keys` only; raises ConfigError
    (one line, naming the keys it may hold)."""
    if not isinstance(entry, dict):
        raise ConfigError(f"{label}: must be a table")
    unknown = sorted(set(entry) - keys)
    if unknown:
        raise ConfigError(f"{label}: unknown key(s) {', '.join(unknown)} ({', '.join(sorted(keys))})")


def check_url(url: Any, label: str) -> str:
    """Return `url` if it is an http(s) URL with a host; raises ConfigError."""
    parts = urlsplit(url) if isinstance(url, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"{label}: {url!r} is not an http(s) URL")
    return url


def parse_alert(entry: Any, n: int) -> Alert:
    """Return the `n`th [[alert]] table as an Alert; raises ConfigError."""
    check_table(entry, ALERT_KEYS, f"alert {n}")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"alert {n}: give it a name")
    speakers = _texts(entry, "names", n) + ((_text(entry, "speaker", n),) if "speaker" in entry else ())
    query = _text(entry, "query", n) if "query" in entry else ""
    if not query and not speakers:
        raise ConfigError(f"alert {name!r}: give a query, a speaker or a list of names")
    mode = entry.get("mode", "quotes" if speakers else "paragraphs")
    if mode not in SEARCH_MODES:
        raise ConfigError(f"alert {name!r}: mode must be one of {', '.join(SEARCH_MODES)}")
    request = SearchRequest(query=query, speakers=speakers, institutions=_texts(entry, "institutions", n),
                            outlets=_texts(entry, "outlets", n), mode=mode)
    webhook = check_url(entry["webhook"], f"alert {name!r} webhook") if "webhook" in entry else None
    emails = _texts(entry, "email", n) if isinstance(entry.get("email"), list) else (
        (_text(entry, "email", n),) if "email" in entry else ())
    if webhook is None and not emails:
        raise ConfigError(f"alert {name!r}: give a webhook URL, an email address, or both")
    if any("@" not in e or any(c in e for c in "\r\n,<>") for e in emails):
        raise ConfigError(f"alert {name!r}: email must be plain addresses (name@example.org)")
    return Alert(name.strip(), request, webhook, emails)


def check_alerts(alerts: tuple[Alert, ...], config: Config, label: str) -> None:
    """Raise ConfigError for alerts sharing a name, a webhook without
    alert_secret or an e-mail without smtp_host and smtp_from."""
    names = [a.name for a in alerts]
    if len(set(names)) != len(names):
        raise ConfigError(f"{label}: two alerts share a name; each needs its own")
    if any(a.webhook for a in alerts) and not config.alert_secret:
        raise ConfigError(f"{label}: set alert_secret (ONRECORD_ALERT_SECRET): every webhook body is signed")
    if any(a.emails for a in alerts) and not (config.smtp_host and config.smtp_from):
        raise ConfigError(f"{label}: set smtp_host and smtp_from under [settings] to send alert e-mails")


def _text(entry: dict[str, Any], key: str, n: int) -> str:
    """Return the string `entry[key]` stripped; raises ConfigError."""
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"alert {n}: {key} must be text")
    return value.strip()


def _texts(entry: dict[str, Any], key: str, n: int) -> tuple[str, ...]:
    """Return the list of strings `entry[key]` (a lone string as one); raises ConfigError."""
    value = entry.get(key, [])
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) and v.strip() for v in values):
        raise ConfigError(f"alert {n}: {key} must be a list of names")
    return tuple(v.strip() for v in values)
