"""Files that are not UTF-8 are read by guess (indexer.read.encodings): cp1252
first when it reads cleanly, then the detector; only undecodable or binary
bytes are refused, and every guess is named."""
from __future__ import annotations

import codecs
import json
import random
from pathlib import Path

import pytest

from onrecord.indexer.errors import ReadError
from onrecord.indexer.parse.parser import parse_source
from onrecord.indexer.read.encodings import MOJIBAKE_LABEL, decode_html, decode_text, encoding_label
from onrecord.indexer.read.reader import read_source

# Short accented sentences, the kind a detector alone misreads as cp1250 or worse.
LATIN_SAMPLES = [
    "Caf\u00e9 society",
    "Le maire a dit \u00ab non \u00bb \u00e0 la r\u00e9forme.",
    "M\u00fcller said the \u00a35m deal was \u201cfair\u201d.",
    "Se\u00f1or Pe\u00f1a\u2019s apology \u2014 too late?",
    "S\u00e3o Paulo: a elei\u00e7\u00e3o n\u00e3o acabou.",
    "Stra\u00dfe und Gr\u00fc\u00dfe aus K\u00f6ln",
    "The \u20ac20bn fund \u2026 was approved",
    "Bj\u00f6rk played Troms\u00f8 and \u00c5re on one tour.",
    "A \u00a31.2m grant went to the caf\u00e9 on Rue de l\u2019\u00c9glise.\n\n" * 40,
]
# Longer texts in other encodings: cp1252 would read them as mojibake.
OTHER_SAMPLES = [
    ("cp1251", "\u041c\u0438\u043d\u0438\u0441\u0442\u0440 \u0437\u0430\u044f\u0432\u0438\u043b, "
               "\u0447\u0442\u043e \u0440\u0435\u0444\u043e\u0440\u043c\u0430 \u0431\u0443\u0434\u0435\u0442 "
               "\u043f\u0440\u043e\u0434\u043e\u043b\u0436\u0435\u043d\u0430 \u0432 \u0441\u043b\u0435\u0434\u0443"
               "\u044e\u0449\u0435\u043c \u0433\u043e\u0434\u0443."),
    ("koi8-r", "\u041c\u044d\u0440 \u0433\u043e\u0440\u043e\u0434\u0430 \u043e\u0431\u0435\u0449\u0430\u043b "
               "\u043e\u0442\u043a\u0440\u044b\u0442\u044c \u043d\u043e\u0432\u0443\u044e "
               "\u0431\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a\u0443 \u0432\u0435\u0441\u043d\u043e\u0439."),
    ("iso-8859-7", "\u039f \u03c5\u03c0\u03bf\u03c5\u03c1\u03b3\u03cc\u03c2 \u03b4\u03ae\u03bb\u03c9\u03c3\u03b5 "
                   "\u03cc\u03c4\u03b9 \u03b7 \u03bc\u03b5\u03c4\u03b1\u03c1\u03c1\u03cd\u03b8\u03bc\u03b9\u03c3\u03b7 "
                   "\u03b8\u03b1 \u03c3\u03c5\u03bd\u03b5\u03c7\u03b9\u03c3\u03c4\u03b5\u03af."),
    ("gb18030", "\u90e8\u957f\u8868\u793a\u6539\u9769\u5c06\u5728\u660e\u5e74\u7ee7\u7eed\u8fdb\u884c\u3002"),
    ("cp1250", "Minister powiedzia\u0142, \u017ce reforma b\u0119dzie kontynuowana w przysz\u0142ym roku. "
               "\u017badnych zmian w bud\u017cecie nie przewiduje si\u0119, a rz\u0105d zapowiada dalsze "
               "rozmowy ze zwi\u0105zkami zawodowymi."),
]


LATIN_1_ONLY = [t for t in LATIN_SAMPLES if all(ord(ch) < 256 for ch in t)]


@pytest.mark.parametrize(("codec", "text"), [("cp1252", t) for t in LATIN_SAMPLES]
                         + [("latin-1", t) for t in LATIN_1_ONLY])
def test_latin_text_is_read_as_windows_1252(tmp_path: Path, codec: str, text: str) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(text.encode(codec))
    src = read_source(path)
    assert (src.text, src.guessed_encoding) == (text, "windows-1252")


@pytest.mark.parametrize(("codec", "text"), OTHER_SAMPLES, ids=[c for c, _ in OTHER_SAMPLES])
def test_other_encodings_are_detected_not_read_as_cp1252(codec: str, text: str) -> None:
    decoded = decode_text(text.encode(codec))
    assert decoded.text == text
    assert decoded.guessed not in (None, "windows-1252")


def test_utf8_and_bom_files_say_what_they_are() -> None:
    assert decode_text("Caf\u00e9".encode()).guessed is None
    assert decode_text(codecs.BOM_UTF16_LE + "Caf\u00e9".encode("utf-16-le")).guessed is None


@pytest.mark.parametrize("bad", [b"\xe9", b"\xff\xfe", b"\x80"])
def test_mostly_utf8_with_bad_bytes_keeps_utf8_and_counts_them(bad: bytes) -> None:
    data = ("Na\u00efve d\u00e9j\u00e0 vu, said Ren\u00e9e. " * 10).encode() + bad + b" fin."
    decoded = decode_text(data)
    assert decoded.text.count("\ufffd") == len(bad)
    assert decoded.text.startswith("Na\u00efve d\u00e9j\u00e0 vu")
    assert decoded.guessed == f"utf-8 with {len(bad)} bad byte{'s' if len(bad) > 1 else ''} replaced"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_bytes_are_refused_as_undecodable(seed: int) -> None:
    rng = random.Random(seed)
    data = bytes(rng.randrange(1, 256) for _ in range(3000))  # no NUL: not caught as binary
    with pytest.raises(ReadError, match=r"not valid UTF-8 at byte \d+, and no other text encoding fits"):
        decode_text(data)


def test_nul_bytes_are_binary_whatever_the_encoding() -> None:
    with pytest.raises(ReadError, match="binary file"):
        decode_text("Caf\u00e9\x00".encode("cp1252"))


def test_json_in_cp1252_is_parsed_with_its_accents(tmp_path: Path) -> None:
    record = {"title": "R\u00e9sum\u00e9 of the \u00a35m deal", "author": "Ren\u00e9e Dupr\u00e9",
              "text": "\u201cIt was na\u00efve,\u201d she said."}
    path = tmp_path / "a.json"
    path.write_bytes(json.dumps(record, ensure_ascii=False).encode("cp1252"))
    src = read_source(path)
    (article,) = parse_source(src)
    assert src.guessed_encoding == "windows-1252"
    assert (article.meta.title, article.meta.author, article.text) == (
        record["title"], record["author"], record["text"])


@pytest.mark.parametrize(("page", "guessed"), [
    ("<p>Caf\u00e9 cr\u00e8me</p>", "windows-1252"),  # undeclared: a guess
    ('<meta charset="windows-1252"><p>Caf\u00e9 cr\u00e8me</p>', None),  # declared: stated
])
def test_html_guesses_only_when_undeclared(page: str, guessed: str | None) -> None:
    decoded = decode_html(page.encode("cp1252"))
    assert "Caf\u00e9 cr\u00e8me" in decoded.text
    assert decoded.guessed == guessed


def test_a_guessed_sidecar_is_named_as_such(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Plain UTF-8 text.", encoding="utf-8")
    (tmp_path / "a.meta.json").write_bytes('{"author": "Jos\u00e9 Pe\u00f1a"}'.encode("cp1252"))
    src = read_source(tmp_path / "a.txt")
    assert src.sidecar is not None and src.sidecar.author == "Jos\u00e9 Pe\u00f1a"
    assert src.guessed_encoding == "windows-1252 (its sidecar)"


@pytest.mark.parametrize(("python_name", "label"), [
    ("cp1252", "windows-1252"), ("cp1251", "windows-1251"), ("koi8_r", "koi8-r"),
    ("gb18030", "gb18030"), ("latin_1", "iso8859-1"),
])
def test_encoding_label(python_name: str, label: str) -> None:
    assert encoding_label(python_name) == label


def twice(text: str) -> bytes:
    """Return `text` encoded twice: its UTF-8 bytes read as windows-1252 (the
    five bytes it leaves undefined as Latin-1, as browsers do), saved as UTF-8."""
    def read(byte: int) -> str:
        try:
            return bytes([byte]).decode("cp1252")
        except UnicodeDecodeError:
            return chr(byte)
    return "".join(read(byte) for byte in text.encode("utf-8")).encode("utf-8")


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("a.txt", twice("Pet insurance doesn\u2019t have to cost \u20ac50 \u2014 she said \u201cno\u201d."),
     "Pet insurance doesn\u2019t have to cost \u20ac50 \u2014 she said \u201cno\u201d."),
    ("a.html", b'<meta charset="utf-8"><article><p>' + twice("The caf\u00e9\u2019s owner said \u201cyes\u201d.")
     + b"</p></article>", "The caf\u00e9\u2019s owner said \u201cyes\u201d."),
])
def test_text_encoded_twice_is_repaired_and_named(tmp_path: Path, name: str, data: bytes, expected: str) -> None:
    (tmp_path / name).write_bytes(data)
    src = read_source(tmp_path / name)
    assert expected in src.text and "\u00e2\u20ac" not in src.text
    assert src.guessed_encoding == MOJIBAKE_LABEL


@pytest.mark.parametrize("text", [*LATIN_SAMPLES, "The Spanish reply was \u201cas\u00ed\u201d \u2014 \u00bfqu\u00e9?",
                                  "\u00c2ge and \u00c9clair: \u00e0 la \u2026 \u00e9t\u00e9\u2026"])
def test_real_accented_text_is_not_repaired(tmp_path: Path, text: str) -> None:
    (tmp_path / "a.txt").write_bytes(text.encode("utf-8"))
    src = read_source(tmp_path / "a.txt")
    assert (src.text, src.guessed_encoding) == (text, None)
