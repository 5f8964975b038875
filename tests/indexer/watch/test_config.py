"""The watch's TOML file and `onrecord watch` on the command line."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.watch.config import load_watch_config
from onrecord.search import ConfigError, SearchRequest, open_index, search, watch_folder
from tests.indexer.watch.site import Page, Site
from tests.indexer.watch.test_alerts import SECRET, Receiver
from tests.warcbuild import article_page

GOOD = """
[settings]
watch_contact = "desk@example.org"
watch_rate = 0.5

[[source]]
name = "city"
kind = "feed"
url = "https://news.example.org/feed.xml"
interval = 600
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "watch.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_config_gives_sources_and_settings(tmp_path: Path) -> None:
    watch = load_watch_config(write(tmp_path, GOOD), env={})
    [source] = watch.sources
    assert (source.name, source.kind, source.url, source.interval) == ("city", "feed",
                                                                       "https://news.example.org/feed.xml", 600.0)
    assert (watch.config.watch_contact, watch.config.watch_rate) == ("desk@example.org", 0.5)


def test_a_source_names_its_collection_or_is_in_the_default_one(tmp_path: Path) -> None:
    assert load_watch_config(write(tmp_path, GOOD), env={}).sources[0].collection == "default"
    named = GOOD.replace("interval = 600", 'interval = 600\ncollection = "desk-b"')
    assert load_watch_config(write(tmp_path, named), env={}).sources[0].collection == "desk-b"


def test_the_file_beats_the_environment_and_a_setting_beats_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    assert load_watch_config(path, env={"ONRECORD_WATCH_RATE": "3"}).config.watch_rate == 0.5
    assert load_watch_config(path, env={"ONRECORD_WATCH_TIMEOUT": "3"}).config.watch_timeout == 3.0
    assert load_watch_config(path, ["watch_rate=4"], env={}).config.watch_rate == 4.0


@pytest.mark.parametrize("line, broken, message", [
    ('watch_contact = "desk@example.org"', "", "set watch_contact"),
    ('kind = "feed"', 'kind = "page"', "kind must be one of"),
    ('url = "https://news.example.org/feed.xml"', 'url = "file:///etc/passwd"', "not an http"),
    ('url = "https://news.example.org/feed.xml"', "", "give url"),
    ("interval = 600", "interval = 1", "interval must be"),
    ("watch_rate = 0.5", "watch_rat = 0.5", "unknown setting"),
    ("interval = 600", 'interval = 600\ncollection = "Desk B"', "not a collection name"),
])
def test_a_bad_config_is_refused_in_one_line(tmp_path: Path, line: str, broken: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_watch_config(write(tmp_path, GOOD.replace(line, broken)), env={})


def test_a_contact_cannot_forge_a_header(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="printable"):
        load_watch_config(write(tmp_path, GOOD.replace('"desk@example.org"', '"a\\r\\nX-Evil: 1"')), env={})


def test_watch_once_on_the_command_line(site: Site, tmp_path: Path) -> None:
    site.routes["/news/a"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was approved."))
    config = write(tmp_path, f"""
[settings]
watch_contact = "desk@example.org"
watch_allow_private = true

[[source]]
name = "desk"
kind = "urls"
urls = ["{site.url('/news/a')}"]
""")
    index_dir = tmp_path / "index"
    result = CliRunner().invoke(main, ["watch", str(config), "--once", "--index", str(index_dir)], env={})
    assert result.exit_code == 0, result.output
    assert "desk: 1 listed, 1 fetched, 0 not modified, 1 new" in result.output
    assert list((watch_folder(index_dir) / "captures").glob("*.warc.gz"))
    index = open_index(index_dir)
    try:
        assert search(index, SearchRequest(query="harbour")).total > 0
    finally:
        index.close()


def test_watch_once_says_what_its_alerts_sent(site: Site, tmp_path: Path) -> None:
    site.routes["/news/a"] = Page(article_page("Harbour plan", "Ann Lee", "The harbour plan was approved."))
    receiver = Receiver()
    try:
        config = write(tmp_path, f"""
[settings]
watch_contact = "desk@example.org"
watch_allow_private = true

[[source]]
name = "desk"
kind = "urls"
urls = ["{site.url('/news/a')}"]

[[alert]]
name = "harbour"
query = "harbour"
webhook = "{receiver.url}"
""")
        result = CliRunner().invoke(main, ["watch", str(config), "--once", "--index", str(tmp_path / "i")],
                                    env={"ONRECORD_ALERT_SECRET": SECRET})
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
    assert result.exit_code == 0, result.output
    assert "alerts: 1 message(s) sent, 0 failed" in result.output and len(receiver.items()) == 1


def test_watch_refuses_to_start_without_a_contact(tmp_path: Path) -> None:
    config = write(tmp_path, GOOD.replace('watch_contact = "desk@example.org"', ""))
    result = CliRunner().invoke(main, ["watch", str(config), "--once", "--index", str(tmp_path / "i")], env={})
    assert result.exit_code == 2 and "set watch_contact" in result.output
    assert not (tmp_path / "i").exists()


def test_watch_once_exits_1_when_a_source_fails(site: Site, tmp_path: Path) -> None:
    config = write(tmp_path, f"""
[settings]
watch_contact = "desk@example.org"
watch_allow_private = true

[[source]]
name = "gone"
kind = "feed"
url = "{site.url('/no-such-feed.xml')}"
""")
    result = CliRunner().invoke(main, ["watch", str(config), "--once", "--index", str(tmp_path / "i")], env={})
    assert result.exit_code == 1
    assert "gone: 0 listed, 0 fetched" in result.output and "HTTP 404" in result.output


ALERTS = """
[[alert]]
name = "harbour"
query = "harbour OR port"
outlets = ["The Ledger"]
webhook = "https://hooks.example.org/onrecord"

[[alert]]
name = "council"
names = ["Ann Lee", "Bo Chan"]
speaker = "Cy Dee"
email = ["desk@example.org", "night@example.org"]
"""
ALERT_SETTINGS = {"ONRECORD_ALERT_SECRET": "k", "ONRECORD_SMTP_HOST": "mail.example.org",
                  "ONRECORD_SMTP_FROM": "onrecord@example.org"}


def test_alerts_are_saved_searches_with_their_deliveries(tmp_path: Path) -> None:
    watch = load_watch_config(write(tmp_path, GOOD + ALERTS), env=ALERT_SETTINGS)
    harbour, council = watch.alerts
    assert harbour.request == SearchRequest(query="harbour OR port", outlets=("The Ledger",))
    assert (harbour.webhook, harbour.emails) == ("https://hooks.example.org/onrecord", ())
    assert council.request == SearchRequest(speakers=("Ann Lee", "Bo Chan", "Cy Dee"), mode="quotes")
    assert (council.webhook, council.emails) == (None, ("desk@example.org", "night@example.org"))
    assert watch.config.alert_secret == "k"


@pytest.mark.parametrize("env, extra, message", [
    ({}, ALERTS, "alert_secret"),
    ({"ONRECORD_ALERT_SECRET": "k"}, ALERTS, "smtp_host"),
    (ALERT_SETTINGS, '[[alert]]\nname = "x"\nwebhook = "https://h.example.org/"\n', "query, a speaker"),
    (ALERT_SETTINGS, '[[alert]]\nname = "x"\nquery = "a"\n', "webhook URL, an email"),
    (ALERT_SETTINGS, '[[alert]]\nname = "x"\nquery = "a"\nwebhook = "file:///etc/passwd"\n', "not an http(s) URL"),
    (ALERT_SETTINGS, '[[alert]]\nname = "x"\nquery = "a"\nemail = "a@b.org\\r\\nBcc: c@d.org"\n', "plain addresses"),
    (ALERT_SETTINGS, '[[alert]]\nname = "x"\nquery = "a"\nemail = "a@b.org"\nsms = "1"\n', "unknown key"),
])
def test_bad_alerts_are_refused(tmp_path: Path, env: dict[str, str], extra: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_watch_config(write(tmp_path, GOOD + extra), env=env)


def test_the_alert_secret_is_never_printed(cli_runner: CliRunner) -> None:
    shown = cli_runner.invoke(main, ["settings"], env={"ONRECORD_ALERT_SECRET": "do-not-print-me"})
    assert shown.exit_code == 0 and "do-not-print-me" not in shown.output and "alert_secret" in shown.output


def test_the_worked_example_in_the_docs_loads(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "watching.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    watch = load_watch_config(write(tmp_path, example), env={"ONRECORD_ALERT_SECRET": "k"})
    assert len(watch.sources) == 4 and [a.name for a in watch.alerts] == ["harbour", "council leaders"]
