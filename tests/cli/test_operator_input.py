"""Operator input: what an operator types or points the commands at is
checked, and a fault is one line and an exit status, never a traceback, a
hang or a run that fails every file (#29 item 15).

Covers the speakers and institutions files (devices, FIFOs, deep nesting,
malformed content), `serve --host`, the public_url loopback guard, long
file names, file names holding terminal escape sequences, and the Allow
header of a 405.
"""
from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from onrecord.cli import main
from onrecord.search.config import ConfigError, load_config
from onrecord.search.storage.opening import ram_index
from onrecord.web.app import create_app

STORY = 'Budget row\n\n"We will not back down," said Alice Smith, the council leader.\n'
GOOD_SPEAKERS = {"speakers": [{"name": "Alice Smith", "aliases": ["A. Smith"]}]}
GOOD_INSTITUTIONS = {"institutions": [{"name": "Fens Water Board", "aliases": ["FWB"]}]}
FILE_VARIABLES = ["ONRECORD_SPEAKERS", "ONRECORD_INSTITUTIONS"]


@pytest.fixture()
def inputs(tmp_path: Path) -> Path:
    """Return a folder of three small articles."""
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(3):
        (folder / f"{n}.txt").write_text(f"Story {n}. " + STORY, encoding="utf-8")
    return folder


def run(args: list[str], env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, args, env=env, color=True)


def assert_one_line(result: Result, *words: str) -> None:
    """Assert `result` stopped with exit status 2 and one line on stderr
    holding `words`: no traceback, no per-file skips."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("onrecord: ")
    for word in words:
        assert word in lines[0], lines[0]
    assert "internal error" not in result.output and "skipped" not in result.output


# ------------------------------------------------ speakers and institutions files

@pytest.mark.parametrize("variable", FILE_VARIABLES)
@pytest.mark.parametrize("command", ["index", "extract"])
def test_a_device_is_refused_not_read(tmp_path: Path, inputs: Path, variable: str, command: str) -> None:
    started = time.monotonic()
    result = run(_args(command, inputs, tmp_path), env={variable: "/dev/zero"})
    assert_one_line(result, "/dev/zero", "not a regular file")
    assert time.monotonic() - started < 10


@pytest.fixture()
def fifo(tmp_path: Path) -> Iterator[Path]:
    """Return a FIFO; from 3 s on a watchdog feeds whoever waits on it, so
    that a reader blocked on it returns (the test fails rather than hangs)."""
    path = tmp_path / "speakers.fifo"
    os.mkfifo(path)
    done = threading.Event()

    def release() -> None:
        done.wait(3)
        while not done.wait(0.2):
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: nobody is waiting on it
                continue
            os.write(fd, b"{}")
            os.close(fd)

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    yield path
    done.set()
    watchdog.join()


@pytest.mark.parametrize("variable", FILE_VARIABLES)
def test_a_fifo_is_refused_without_waiting(tmp_path: Path, inputs: Path, fifo: Path, variable: str) -> None:
    started = time.monotonic()
    result = run(_args("index", inputs, tmp_path), env={variable: str(fifo)})
    assert time.monotonic() - started < 3, "waited on the FIFO"
    assert_one_line(result, str(fifo), "not a regular file")


@pytest.mark.parametrize("variable", FILE_VARIABLES)
@pytest.mark.parametrize("nested", ["[" * 100_000, '{"speakers": ' + "[" * 50_000 + "]" * 50_000 + "}",
                                    '{"speakers": [{"name": ' + "[" * 900 + "]" * 900 + "}]}"])
def test_deep_nesting_is_one_line(tmp_path: Path, inputs: Path, variable: str, nested: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(nested.replace("speakers", "institutions") if variable.endswith("INSTITUTIONS")
                    else nested, encoding="utf-8")
    result = run(_args("index", inputs, tmp_path), env={variable: str(path)})
    assert_one_line(result, str(path))


@pytest.mark.parametrize(("variable", "content"), [
    ("ONRECORD_INSTITUTIONS", '{"institutions": [{"kind": "body"}]}'),
    ("ONRECORD_INSTITUTIONS", '{"institutions": 5}'),
    ("ONRECORD_INSTITUTIONS", "not json"),
    ("ONRECORD_INSTITUTIONS", '{"institutions": [{"name": ".."}]}'),
    ("ONRECORD_SPEAKERS", '{"speakers": [{"name": ["Ann"]}]}'),
    ("ONRECORD_SPEAKERS", "\xff\xfe"),
])
@pytest.mark.parametrize("command", ["index", "extract"])
def test_a_malformed_file_stops_the_command_once(tmp_path: Path, inputs: Path, variable: str,
                                                 content: str, command: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    result = run(_args(command, inputs, tmp_path), env={variable: str(path)})
    assert_one_line(result, str(path), "malformed")


def test_an_oversized_file_is_refused(tmp_path: Path, inputs: Path) -> None:
    from onrecord.indexer.annotate.operatorfiles import MAX_BYTES

    path = tmp_path / "big.json"
    with path.open("wb") as big:  # sparse: the size alone refuses it, nothing is read
        big.truncate(MAX_BYTES + 1)
    result = run(_args("index", inputs, tmp_path), env={"ONRECORD_SPEAKERS": str(path)})
    assert_one_line(result, str(path), f"over {MAX_BYTES:,} bytes")


def test_good_files_still_work(tmp_path: Path, inputs: Path) -> None:
    speakers, institutions = tmp_path / "s.json", tmp_path / "i.json"
    speakers.write_text(json.dumps(GOOD_SPEAKERS), encoding="utf-8")
    institutions.write_text("\ufeff" + json.dumps(GOOD_INSTITUTIONS), encoding="utf-8")  # a BOM is fine
    result = run(_args("index", inputs, tmp_path),
                 env={"ONRECORD_SPEAKERS": str(speakers), "ONRECORD_INSTITUTIONS": str(institutions)})
    assert result.exit_code == 0, result.output
    assert "Indexed 3 articles" in result.output


def _args(command: str, inputs: Path, tmp_path: Path) -> list[str]:
    if command == "index":
        return ["index", str(inputs), "--index", str(tmp_path / "index")]
    return ["extract", *sorted(str(p) for p in inputs.iterdir())]


# ------------------------------------------------ serve --host

@pytest.mark.parametrize("host", ["bad host", "::1::", "x:80", "-a", "a..b", "\x1b[31m"])
def test_a_bad_host_is_one_line(tmp_path: Path, host: str) -> None:
    result = run(["serve", "--host", host, "--port", "5999", "--index", str(tmp_path / "i")])
    assert_one_line(result, "--host")


def test_a_bad_onrecord_host_is_one_line(tmp_path: Path) -> None:
    result = run(["serve", "--port", "5999", "--index", str(tmp_path / "i")], env={"ONRECORD_HOST": "no such"})
    assert_one_line(result, "ONRECORD_HOST")


def test_a_host_that_resolves_to_nothing_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-formed name that is no address (no DNS asked: getaddrinfo
    answers as it does for an unknown name): waitress's ValueError was a
    traceback."""
    def no_such_name(*_args: object, **_kwargs: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_name)
    result = run(["serve", "--host", "nowhere.invalid", "--port", "5999", "--index", str(tmp_path / "i")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1].startswith("onrecord: cannot listen on nowhere.invalid")


@pytest.mark.parametrize(("host", "bound"), [("[::1]", "::1"), ("localhost", "localhost"),
                                              ("127.0.0.1", "127.0.0.1")])
def test_good_hosts_are_kept(host: str, bound: str) -> None:
    assert load_config(env={}, host=host).host == bound


# ------------------------------------------------ public_url

@pytest.mark.parametrize("url", [
    "http://127.1/", "http://0x7f000001/", "http://2130706433/", "http://[::ffff:127.0.0.1]/",
    "http://0177.0.0.1/", "http://0x7f.1/", "http://[::ffff:7f00:1]/", "http://0/", "http://127.0.0.1./",
    "https://user:pw@news.example/", "https://user@news.example/",
])
def test_public_url_refuses_loopback_spellings_and_credentials(url: str) -> None:
    with pytest.raises(ConfigError, match="public_url"):
        load_config(env={}, settings=[f"public_url={url}"])


@pytest.mark.parametrize("url", ["https://news.example", "https://10.0.0.5/desk", "https://1.2.3.4",
                                 "https://127.example.org", "https://0x7f.example"])
def test_public_url_keeps_real_hosts(url: str) -> None:
    assert load_config(env={}, settings=[f"public_url={url}"]).public_url == url


# ------------------------------------------------ file names

def test_a_250_character_file_name_is_indexed(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / ("a" * 250 + ".txt")).write_text(STORY, encoding="utf-8")
    result = run(["index", str(folder), "--index", str(tmp_path / "index")])
    assert result.exit_code == 0, result.output
    assert "Indexed 1 article" in result.output and "internal error" not in result.output
    extracted = run(["extract", str(next(folder.iterdir()))])
    assert extracted.exit_code == 0 and "Alice Smith" in extracted.output


@pytest.mark.parametrize("name", ["x\x1b[31mred.txt", "y\x1b]0;pwned\x07.txt", "z\r\u202eevil.txt"])
def test_file_names_cannot_drive_the_terminal(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / name).write_text("", encoding="utf-8")  # skipped as empty: its name is printed
    result = run(["index", str(folder), "--index", str(tmp_path / "index")])
    assert result.exit_code == 1
    assert "empty file" in result.stderr
    for raw in ("\x1b", "\x07", "\r", "\u202e"):
        assert raw not in result.output
    assert "\\x1b" in result.stderr or "\\r" in result.stderr
    extracted = run(["extract", str(folder / name)])
    assert "\x1b" not in extracted.output and "\r" not in extracted.output and extracted.exit_code == 1


def test_article_text_cannot_drive_the_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text('Budget row \x1b]0;pwned\x07 here.\n\n"No," said Alice Smith.\n',
                                  encoding="utf-8")
    assert run(["index", str(folder), "--index", str(tmp_path / "index")]).exit_code == 0
    result = run(["search", "budget", "--index", str(tmp_path / "index")])
    assert result.exit_code == 0 and "Budget row" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


# ------------------------------------------------ 405

@pytest.mark.parametrize(("method", "path"), [("post", "/"), ("put", "/api/search"),
                                              ("delete", "/speakers"), ("post", "/export.csv")])
def test_a_405_names_the_allowed_methods(method: str, path: str) -> None:
    client = create_app(ram_index()).test_client()
    response = getattr(client, method)(path)
    assert response.status_code == 405
    assert "GET" in {m.strip() for m in response.headers.get("Allow", "").split(",")}
