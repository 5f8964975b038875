"""Alerts: a watch's saved searches, matched against each batch of articles
it indexes, and delivered by webhook and e-mail.

Owns `Alerts`.  After a batch is committed, `match(doc_ids)` runs each
alert's search over those articles alone (search.matching_in: one search
of the new commit, kept to their documents) and returns outbox rows, one
per alert, channel and item: a paragraph (a quote in quotes mode) keyed by
its id and a hash of its words, so an edit that still matches is news and
the unchanged paragraphs of an updated article are not.  The watcher
writes the rows in the transaction that remembers the batch's fetches; a
row already in the outbox is ignored, so an item is delivered at most once
per alert and channel, even when a run killed before that transaction
indexes the batch again.  `deliver(state, now)` sends the due rows grouped
per alert and channel (MAX_ITEMS a message): a JSON POST whose body is
signed with HMAC-SHA256 of alert_secret (SIGNATURE_HEADER: "sha256=<hex>";
DELIVERY_HEADER names the batch, so a receiver can drop the repeat a kill
between sending and marking may cause), and an e-mail through smtp_host.
Success marks the rows sent; failure retries them after BACKOFF.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import smtplib
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from onrecord.indexer.watch.config import Alert
from onrecord.indexer.watch.state import OutboxRow, WatchState
from onrecord.search import Config, FeedEntry, Index, OnrecordError, matching_in

# Seconds before the next try after n failed ones (the last repeats): a
# receiver down for a deploy gets the alert minutes later, one down for a
# day gets it when it is back, without being hammered meanwhile.
BACKOFF: tuple[float, ...] = (60.0, 300.0, 1800.0, 7200.0, 21600.0)
MAX_ITEMS = 50  # items one webhook call or e-mail carries
SIGNATURE_HEADER = "X-Onrecord-Signature"
DELIVERY_HEADER = "X-Onrecord-Delivery"
Sender = Callable[[Alert, bytes, str], None]  # (alert, body, delivery id); raises DeliveryError


class DeliveryError(Exception):
    """A webhook or e-mail that could not be delivered (str: why)."""


@dataclass(slots=True)
class DeliveryCount:
    """What one delivery round did: messages sent and failed."""

    sent: int = 0
    failed: int = 0


class Alerts:
    """The alerts of one watch, matching through `index` and sending with
    `config`'s secret and SMTP server (senders replaceable for tests)."""

    def __init__(self, alerts: tuple[Alert, ...], config: Config, index: Index,
                 send_webhook: Sender | None = None, send_email: Sender | None = None) -> None:
        self.alerts = {alert.name: alert for alert in alerts}
        self.config = config
        self.index = index
        self.senders: dict[str, Sender] = {"webhook": send_webhook or self.post_webhook,
                                           "email": send_email or self.send_email}

    def match(self, doc_ids: list[str]) -> tuple[list[OutboxRow], list[str]]:
        """Return the outbox rows of what each alert matches among the
        articles `doc_ids`, and the alerts whose search failed (why)."""
        rows: list[OutboxRow] = []
        problems: list[str] = []
        if not doc_ids:
            return rows, problems
        for alert in self.alerts.values():
            try:
                entries = matching_in(self.index, alert.request, doc_ids)
            except OnrecordError as exc:
                problems.append(f"alert {alert.name}: {exc}")
                continue
            for entry in entries:
                payload = json.dumps(item_payload(entry, self.config.public_url), ensure_ascii=False)
                rows.extend(OutboxRow(alert.name, channel, item_key(entry), payload)
                            for channel in channels(alert))
        return rows, problems

    def deliver(self, state: WatchState, now: float) -> DeliveryCount:
        """Send the outbox rows due at `now`, a message per alert and
        channel (MAX_ITEMS at most); return the messages sent and failed."""
        count = DeliveryCount()
        groups: dict[tuple[str, str], list[OutboxRow]] = {}
        for row in state.due_alerts(now):
            groups.setdefault((row.alert, row.channel), []).append(row)
        for (name, channel), rows in groups.items():
            alert = self.alerts.get(name)
            if alert is None or channel not in channels(alert):
                continue  # taken out of the config since: kept, not sent
            for start in range(0, len(rows), MAX_ITEMS):
                batch = rows[start:start + MAX_ITEMS]
                if self._send(alert, channel, batch, state, now):
                    count.sent += 1
                else:
                    count.failed += 1
        return count

    def _send(self, alert: Alert, channel: str, rows: list[OutboxRow], state: WatchState, now: float) -> bool:
        """Send one message of `rows`; mark them sent, or failed with their
        next try; return True when sent."""
        delivery = hashlib.sha256("\n".join([alert.name, channel, *(r.item for r in rows)]).encode()).hexdigest()[:32]
        body = json.dumps({"alert": alert.name, "delivery": delivery,
                           "items": [json.loads(r.payload) for r in rows]}, ensure_ascii=False).encode("utf-8")
        try:
            self.senders[channel](alert, body, delivery)
        except DeliveryError as exc:
            wait = BACKOFF[min(max(r.attempts for r in rows), len(BACKOFF) - 1)]
            state.mark_failed(rows, str(exc), now + wait)
            return False
        state.mark_sent(rows, now)
        return True

    def post_webhook(self, alert: Alert, body: bytes, delivery: str) -> None:
        """POST `body` (JSON) to the alert's webhook, signed; raises
        DeliveryError unless it answers 2xx."""
        assert alert.webhook is not None  # channels() lists webhook only then
        signature = "sha256=" + sign(self.config.alert_secret, body)
        headers = {"Content-Type": "application/json", SIGNATURE_HEADER: signature, DELIVERY_HEADER: delivery,
                   "User-Agent": f"onrecord-watch ({self.config.watch_contact})"}
        request = urllib.request.Request(alert.webhook, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.config.watch_timeout) as response:
                status = response.status
        except urllib.error.HTTPError as exc:
            raise DeliveryError(f"webhook answered HTTP {exc.code}") from None
        except (OSError, ValueError) as exc:
            raise DeliveryError(f"webhook not reached: {exc}") from None
        if not 200 <= status < 300:
            raise DeliveryError(f"webhook answered HTTP {status}")

    def send_email(self, alert: Alert, body: bytes, delivery: str) -> None:
        """Send the items in `body` to the alert's addresses through
        smtp_host; raises DeliveryError when the server refuses or is down."""
        items = json.loads(body)["items"]
        message = EmailMessage()
        message["Subject"] = f"onrecord alert {alert.name}: {len(items)} new"
        message["From"] = self.config.smtp_from
        message["To"] = ", ".join(alert.emails)
        message["X-Onrecord-Delivery"] = delivery
        message.set_content("\n\n".join(email_lines(item) for item in items) + "\n")
        try:
            with smtplib.SMTP(self.config.smtp_host, self.config.smtp_port, timeout=self.config.watch_timeout) as smtp:
                smtp.send_message(message)
        except (OSError, smtplib.SMTPException) as exc:
            raise DeliveryError(f"e-mail not sent: {exc}") from None


def channels(alert: Alert) -> tuple[str, ...]:
    """Return the channels `alert` is delivered on."""
    return (("webhook",) if alert.webhook else ()) + (("email",) if alert.emails else ())


def item_key(entry: FeedEntry) -> str:
    """Return an item's key: its paragraph (and quote) and a hash of the words matched."""
    words = (entry.quote or {}).get("text", "") if entry.quote is not None else entry.text
    unit = entry.paragraph_id + (f":q{entry.qi}" if entry.qi is not None else "")
    return f"{unit}:{hashlib.sha256(str(words).encode('utf-8')).hexdigest()[:16]}"


def item_payload(entry: FeedEntry, public_url: str) -> dict[str, Any]:
    """Return what an alert says of one item (the webhook's JSON, the e-mail's lines)."""
    quote = entry.quote
    return {"item": item_key(entry), "doc_id": entry.doc_id, "paragraph_id": entry.paragraph_id, "n": entry.n,
            "title": entry.title, "outlet": entry.outlet, "published": entry.published, "url": entry.url,
            "permalink": (public_url.rstrip("/") if public_url else "") + entry.permalink, "text": entry.text,
            "speakers": entry.speakers,
            "quote": None if quote is None else {"text": quote.get("cited") or quote.get("text"),
                                                 "speaker": quote.get("speaker"), "kind": quote.get("label")}}


def email_lines(item: dict[str, Any]) -> str:
    """Return one item of an alert e-mail as plain text."""
    quote = item.get("quote")
    said = f"{quote['text']} — {quote.get('speaker') or 'unattributed'}" if quote else item["text"]
    source = ", ".join(str(v) for v in (item.get("title"), item.get("outlet"), item.get("published")) if v)
    return f"{said}\n{source}\n{item['permalink']}"


def sign(secret: str, body: bytes) -> str:
    """Return the hex HMAC-SHA256 of `body` under `secret`."""
    return hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
