"""A watch's configuration file (TOML): its sources and its fetch settings.

Owns reading CONFIG.toml into a `WatchConfig`: a `[settings]` table whose
names are rows of search.config's SETTINGS (watch_contact, watch_rate, ...;
checked and typed there, so an ONRECORD_WATCH_* variable and `--setting` work
the same way), and one `[[source]]` table per source (name, kind, url or
urls, interval).  The file's settings sit between the environment and
`--setting`: defaults < env < file < --setting < flags.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from onrecord.search import Config, ConfigError, load_config

# What a source is: a feed (RSS or Atom), a sitemap (urlset, sitemap index or
# news sitemap), a list of article URLs (inline `urls`, or a `url` serving
# one URL a line), or a site's home page (the feeds it announces are read).
SOURCE_KINDS: tuple[str, ...] = ("feed", "sitemap", "urls", "site")
DEFAULT_INTERVAL = 900.0  # seconds between two runs of one source
MIN_INTERVAL = 60.0  # a source polled more often than this is a mistake
SOURCE_KEYS: frozenset[str] = frozenset({"name", "kind", "url", "urls", "interval"})


@dataclass(frozen=True, slots=True)
class Source:
    """One watched source: its unique `name`, `kind` (SOURCE_KINDS), the
    `url` to read (None for an inline list), inline `urls`, and the seconds
    between two runs."""

    name: str
    kind: str
    url: str | None
    urls: tuple[str, ...] = ()
    interval: float = DEFAULT_INTERVAL


@dataclass(frozen=True, slots=True)
class WatchConfig:
    """The sources and the Config (fetch settings among its fields) of a watch."""

    sources: tuple[Source, ...]
    config: Config


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
    unknown = sorted(set(data) - {"settings", "source"})
    if unknown:
        raise ConfigError(f"{path}: unknown table(s) {', '.join(unknown)} (settings, source)")
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
    return WatchConfig(sources, config)


def _raw(value: Any) -> str:
    """Return a TOML value as the text a --setting would give."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_source(entry: Any, n: int) -> Source:
    """Return the `n`th [[source]] table as a Source; raises ConfigError."""
    if not isinstance(entry, dict):
        raise ConfigError(f"source {n}: must be a table")
    unknown = sorted(set(entry) - SOURCE_KEYS)
    if unknown:
        raise ConfigError(f"source {n}: unknown key(s) {', '.join(unknown)}")
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
    name = entry.get("name") or url or f"source {n}"
    return Source(str(name), kind, url, tuple(urls), float(interval))


def check_url(url: Any, label: str) -> str:
    """Return `url` if it is an http(s) URL with a host; raises ConfigError."""
    parts = urlsplit(url) if isinstance(url, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"{label}: {url!r} is not an http(s) URL")
    return url
