"""What every browser test module shares: the console log of its `page`
fixture (each module opens its page its own way: desktop, phone)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser_server import ConsoleLog


@pytest.fixture
def console(page: Page) -> ConsoleLog:
    """Return the log of the page's console errors and uncaught page errors."""
    log = ConsoleLog()
    log.watch(page)
    return log
