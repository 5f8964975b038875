"""WARC files built inline for the tests (warcio's WARCWriter, nothing
downloaded): HTML responses, and the records a WARC holds that are no page."""
from __future__ import annotations

import io

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

FETCHED = "2024-05-01T12:30:00Z"


def article_page(title: str, author: str, words: str) -> bytes:
    """Return a news page whose title, byline and body the HTML reader finds."""
    paragraphs = "".join(
        f"<p>{words} The council met on Tuesday to discuss the budget for the coming year, paragraph {n}.</p>"
        for n in range(1, 5))
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title>'
            f'<meta name="author" content="{author}"></head>'
            f"<body><article><h1>{title}</h1>{paragraphs}</article></body></html>").encode()


class WarcBuilder:
    """Records written one by one to an in-memory WARC (gzip'd or not)."""

    def __init__(self, gzip: bool = False) -> None:
        self.buffer = io.BytesIO()
        self.writer = WARCWriter(self.buffer, gzip=gzip)

    def response(self, url: str, body: bytes, status: str = "200 OK", content_type: str = "text/html; charset=utf-8",
                 date: str = FETCHED, extra: list[tuple[str, str]] | None = None) -> WarcBuilder:
        headers = StatusAndHeaders(status, [("Content-Type", content_type), *(extra or [])], protocol="HTTP/1.1")
        self._write(url, "response", body, http_headers=headers, date=date)
        return self

    def request(self, url: str) -> WarcBuilder:
        headers = StatusAndHeaders("GET / HTTP/1.1", [("Host", "news.example.org")], is_http_request=True)
        self._write(url, "request", b"", http_headers=headers)
        return self

    def resource(self, url: str, body: bytes, content_type: str) -> WarcBuilder:
        """A capture without an HTTP envelope (wget's, or a file archived as is)."""
        record = self.writer.create_warc_record(url, "resource", payload=io.BytesIO(body),
                                                warc_content_type=content_type,
                                                warc_headers_dict={"WARC-Date": FETCHED})
        self.writer.write_record(record)
        return self

    def metadata(self, url: str) -> WarcBuilder:
        record = self.writer.create_warc_record(url, "metadata", payload=io.BytesIO(b"outlinks: none\r\n"),
                                                warc_content_type="application/warc-fields")
        self.writer.write_record(record)
        return self

    def _write(self, url: str, kind: str, body: bytes, http_headers: StatusAndHeaders, date: str = FETCHED) -> None:
        record = self.writer.create_warc_record(url, kind, payload=io.BytesIO(body), http_headers=http_headers,
                                                warc_headers_dict={"WARC-Date": date})
        self.writer.write_record(record)

    def data(self) -> bytes:
        return self.buffer.getvalue()


def mixed_warc(gzip: bool = False) -> bytes:
    """Return a WARC of two HTML articles among a request, a PDF, a 404 and
    a redirect: what a crawl of a news site holds."""
    builder = WarcBuilder(gzip)
    builder.request("https://news.example.org/budget")
    builder.response("https://news.example.org/budget", article_page("Council agrees the budget", "Ada Lowe",
                                                                     '"We got this wrong," said Jane Doe.'),
                     date="2024-05-01T12:30:00Z")
    builder.response("https://news.example.org/report.pdf", b"%PDF-1.4 not a page", content_type="application/pdf")
    builder.response("https://news.example.org/gone", b"<html>Not found</html>", status="404 Not Found")
    builder.response("https://news.example.org/old", b"", status="301 Moved Permanently",
                     extra=[("Location", "https://news.example.org/budget")])
    builder.response("https://news.example.org/harbour", article_page("Harbour to reopen", "Olek Tamm",
                                                                      '"We are ready," said Olek Tamm.'),
                     date="2024-05-02T08:00:05Z")
    return builder.data()
