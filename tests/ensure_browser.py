"""Find, or install, the Chromium that the browser tests drive.

Owns `find_chromium()` (used by tests/browser_server.py) and, run as a
script (`make test` does, before pytest), setting one up on a fresh machine:
Debian's Chromium through apt-get when running as root, else Playwright's
own browser download.  When neither works it says what to do and exits 1,
so `make test` stops with a readable line instead of 16 failed browser tests.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

# Where a browser may already be, in the order tried.  $ONRECORD_CHROMIUM
# names any other build.
SYSTEM_CHROMIUMS: tuple[str, ...] = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
APT_PACKAGE = "chromium"


def find_chromium() -> Path | None:
    """Return the Chromium executable to drive, or None when there is none:
    $ONRECORD_CHROMIUM, then Debian's build, then Playwright's download."""
    named = os.environ.get("ONRECORD_CHROMIUM")
    if named:
        return Path(named) if Path(named).is_file() else None
    for candidate in SYSTEM_CHROMIUMS:
        if Path(candidate).is_file():
            return Path(candidate)
    return _playwright_chromium()


def _playwright_chromium() -> Path | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = Path(p.chromium.executable_path)
    except Exception:  # no driver or no browser registry: treated as "not installed"
        return None
    return path if path.is_file() else None


def _run(command: list[str]) -> bool:
    print("ensure_browser: " + " ".join(command), file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(command, env=env, check=False).returncode == 0


def install_chromium() -> bool:
    """Try apt-get (as root) and then Playwright's download; return True
    when a Chromium is found afterwards."""
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        if _run(["apt-get", "update", "-qq"]) and \
                _run(["apt-get", "install", "-y", "-qq", APT_PACKAGE]):
            return find_chromium() is not None
    _run([sys.executable, "-m", "playwright", "install", "chromium"])
    return find_chromium() is not None


def main() -> int:
    """Exit status 0 when a Chromium is ready, 1 with advice otherwise."""
    found = find_chromium()
    if found is None and install_chromium():
        found = find_chromium()
    if found is None:
        print("ensure_browser: no Chromium for the browser tests, and none could be installed.\n"
              "  As root: apt-get install chromium   (Debian/Ubuntu)\n"
              "  Or:      .venv/bin/python -m playwright install chromium\n"
              "  Or set ONRECORD_CHROMIUM=/path/to/chromium", file=sys.stderr)
        return 1
    print(f"ensure_browser: using {found}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
