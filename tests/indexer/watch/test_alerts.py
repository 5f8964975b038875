"""Alerts: a watch's saved searches matched against what each pass
indexed, delivered by a signed webhook (a receiver on loopback checks the
signature) and by e-mail (aiosmtpd on loopback), each item once per alert
across restarts and a kill between the index's commit and the state's
transaction, retried after a failure."""
from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from onrecord.indexer.watch import alerts as alerting
from onrecord.indexer.watch.config import Alert, Source
from onrecord.indexer.watch.state import WatchState
from onrecord.search import SearchRequest
from tests.indexer.watch.conftest import Watches
from tests.indexer.watch.site import Page, Site
from tests.warcbuild import article_page

SECRET = "s3cret-for-tests"


class Receiver:
    """A webhook endpoint on 127.0.0.1: records each POST (headers, body)
    and answers the statuses in `answers` first, then 204."""

    def __init__(self) -> None:
        self.posts: list[tuple[dict[str, str], bytes]] = []
        self.answers: list[int] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.posts.append((dict(self.headers), body))
                self.send_response(receiver.answers.pop(0) if receiver.answers else 204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def items(self) -> list[list[str]]:
        """Return the item keys of each POST whose signature checks out."""
        found = []
        for headers, body in self.posts:
            expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
            assert hmac.compare_digest(headers[alerting.SIGNATURE_HEADER], expected)
            found.append([item["item"] for item in json.loads(body)["items"]])
        return found


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    made = Receiver()
    yield made
    made.server.shutdown()
    made.server.server_close()


def two_paragraphs(first: str) -> bytes:
    """Return a news page whose first paragraph is `first`, its second always the same."""
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Harbour plan</title></head><body><article>'
            f"<h1>Harbour plan</h1><p>{first} The council met on Tuesday to discuss the harbour budget.</p>"
            "<p>Harbour workers gathered outside the town hall for most of the afternoon on Tuesday.</p>"
            "</article></body></html>").encode()


def harbour(site: Site, words: str = "The harbour plan was approved.") -> list[Source]:
    site.routes["/news/harbour"] = Page(two_paragraphs(words))
    site.routes["/news/budget"] = Page(article_page("Budget vote", "Bo Chan", "Councillors voted."))
    return [Source("list", "urls", None, (site.url("/news/harbour"), site.url("/news/budget")), 60.0)]


class Killed(BaseException):
    """A kill between the index's commit and the state's transaction."""


def test_webhook_items_are_signed_and_sent_once_across_a_kill_and_restarts(
        site: Site, watches: Watches, receiver: Receiver, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = harbour(site)
    alerts = (Alert("harbour", SearchRequest(query="harbour"), webhook=receiver.url),)

    def killed(*_args: Any) -> None:
        raise Killed
    monkeypatch.setattr(WatchState, "queue_alerts", killed)
    with pytest.raises(Killed):
        watches.open(sources, alerts, alert_secret=SECRET).run_due()
    monkeypatch.undo()
    watches.close()
    assert receiver.posts == []  # the articles are indexed; their alerts were never recorded
    watches.open(sources, alerts, alert_secret=SECRET).run_due()  # fetched again, indexed as unchanged
    [first] = receiver.items()
    assert first and all(key.startswith(first[0].split("-p")[0]) for key in first)  # the harbour article's
    watches.close()
    watches.wall += 86_401  # re-checked, unchanged: nothing new to say
    watches.open(sources, alerts, alert_secret=SECRET).run_due()
    assert len(receiver.posts) == 1
    watches.close()
    harbour(site, "The harbour plan was rejected.")  # an edit: its words are news again
    watches.wall += 48 * 3600  # the 72h re-check
    watches.open(sources, alerts, alert_secret=SECRET).run_due()
    second = receiver.items()[1]
    assert len(first) == 2 and len(second) == 1 and not set(second) & set(first)  # the edited paragraph alone
    body = json.loads(receiver.posts[1][1])
    assert body["alert"] == "harbour" and "rejected" in body["items"][0]["text"]


def test_a_failed_delivery_is_retried_after_its_backoff(site: Site, watches: Watches, receiver: Receiver) -> None:
    receiver.answers = [500]
    alerts = (Alert("harbour", SearchRequest(query="harbour"), webhook=receiver.url),)
    watch = watches.open(harbour(site), alerts, alert_secret=SECRET)
    watch.run_due()
    assert (watch.delivered.sent, watch.delivered.failed, len(receiver.posts)) == (0, 1, 1)
    watches.wall += alerting.BACKOFF[0] - 1
    watch.run_due()
    assert len(receiver.posts) == 1  # not before its backoff
    watches.wall += 2
    watch.run_due()
    assert (watch.delivered.sent, len(receiver.posts)) == (1, 2)
    assert receiver.posts[0][1] == receiver.posts[1][1]  # the same items, the same delivery id
    watch.run_due()
    assert len(receiver.posts) == 2


class Inbox:
    """aiosmtpd's handler: keeps each message received."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], str]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content.decode("utf-8")))
        return "250 Message accepted for delivery"


def test_an_alert_on_a_speaker_is_e_mailed_once(site: Site, watches: Watches) -> None:
    inbox = Inbox()
    with socket.socket() as probe:  # a free port: the controller checks it is up by connecting to it
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        site.routes["/news/ann"] = Page(article_page("Ann speaks", "Reporter",
                                                     '"The harbour will reopen," said Ann Lee.'))
        sources = [Source("list", "urls", None, (site.url("/news/ann"),), 60.0)]
        alerts = (Alert("ann", SearchRequest(speakers=("Ann Lee", "Bo Chan"), mode="quotes"),
                        emails=("desk@example.org",)),)
        settings = {"smtp_host": "127.0.0.1", "smtp_port": port, "smtp_from": "onrecord@example.org"}
        watch = watches.open(sources, alerts, **settings)
        watch.run_due()
        watches.wall += 86_401
        watch.run_due()
    finally:
        controller.stop()
    [(sender, to, content)] = inbox.messages
    assert sender == "onrecord@example.org" and to == ["desk@example.org"]
    assert "Subject: onrecord alert ann:" in content and "The harbour will reopen" in content
    assert "Ann Lee" in content and "/doc/" in content
