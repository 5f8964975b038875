"""Rewrite the tree into the onrecord.* namespace with search/ in rooms.
Run from a repo root. Idempotent-ish: run once after merges."""
import re, subprocess, sys
from pathlib import Path

ROOMS = {
    "storage": ["schema", "store", "segments", "durability", "leftovers", "checking", "damage",
                "documents", "clusters", "records", "identity", "searchers", "windows",
                "whoosh_internals"],
    "query": ["querying", "queryterms", "docsets", "collecting", "ranking", "postings",
              "resultcache", "suggesting"],
    "features": ["facets", "snippets", "sightings", "entities", "outlines", "exporting",
                 "citations", "versions"],
    "": ["model", "config", "errors", "deadline", "engine", "__init__"],
}
ROOM_OF = {m: r for r, ms in ROOMS.items() for m in ms}
root = Path(".")
mods = [p.stem for p in (root / "search").glob("*.py")]
unknown = [m for m in mods if m not in ROOM_OF]
if unknown:
    sys.exit(f"assign rooms for: {unknown}")

def search_target(mod: str) -> str:
    room = ROOM_OF[mod]
    return f"onrecord.search.{room}.{mod}" if room else f"onrecord.search.{mod}"

PKG = r"(search|indexer|web|cli)"
def rewrite(text: str) -> str:
    # from search import a, b  (modules) / from search import names (package API)
    def from_pkg(m):
        ind, pkg, names = m.group(1), m.group(2), m.group(3)
        if pkg == "search":
            parts = [n.strip() for n in names.split(",")]
            first = parts[0].split(" as ")[0].strip()
            if first in ROOM_OF and ROOM_OF[first] and len(parts) == 1:
                room = ROOM_OF[first]
                return f"{ind}from onrecord.search.{room} import {names}"
        return f"{ind}from onrecord.{pkg} import {names}"
    text = re.sub(rf"^([ \t]*)from {PKG} import (.+)$", from_pkg, text, flags=re.M)
    def dotted(m):
        kw, pkg, mod, rest = m.group(1), m.group(2), m.group(3), m.group(4) or ""
        if pkg == "search" and mod in ROOM_OF:
            return f"{kw}{search_target(mod)}{rest}"
        return f"{kw}onrecord.{pkg}.{mod}{rest}"
    text = re.sub(rf"^([ \t]*(?:from|import) ){PKG}\.(\w+)((?:\.\w+)*)", dotted, text, flags=re.M)
    return text

files = [p for p in root.rglob("*.py") if ".venv" not in p.parts and ".git" not in p.parts]
for p in files:
    s = p.read_text()
    n = rewrite(s)
    if n != s:
        p.write_text(n)
for room in ("storage", "query", "features"):
    d = root / "search" / room
    d.mkdir(exist_ok=True)
    init = d / "__init__.py"
    if not init.exists():
        init.write_text("")
    for m in ROOMS[room]:
        src = root / "search" / f"{m}.py"
        if src.exists():
            subprocess.run(["git", "mv", str(src), str(d / f"{m}.py")], check=True)
