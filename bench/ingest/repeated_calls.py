"""Which attribution functions one article asks twice with equal arguments (issue #31's speed work).

Run from the repo root: `python -m bench.ingest.repeated_calls [--every 8] [--top 40] [--only NAME ...]`.

Owns the count that says whether memoising a function within an article can pay: every
plain function of the attribution package (as imported by every `onrecord.indexer`
module, so `from x import f` call sites count too) and the methods of `Frame` and
`DocSpeakers` are wrapped; per article, a call is a repeat when the same function was
already called with equal arguments in that article.  Arguments compare by value: a
frame by (base, masked text), a regex match by (span, pattern), the article's registry
as one value (its state is NOT compared: a repeat of a registry call may still get
another answer), a callable by name, anything else by itself or its repr.  Functions
behind `functools.lru_cache` are not wrapped (they are memoised already).

Prints one row per function (calls, distinct calls, repeats), most repeats first.  The
counts say where equal work recurs, not what it costs: weigh them with a profile's
cumulative times.  The wrappers slow the run several times; never time with them.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
import types
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Any

from bench.extraction import REPO, extract_text
from bench.extraction_speed import corpus_files, read_texts

_PACKAGE = "onrecord.indexer.annotate.attribution"


class RepeatCounter:
    """Calls and distinct calls per function name, distinct within one article (`new_article`)."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.distinct: Counter[str] = Counter()
        self._seen: set[Hashable] = set()

    def new_article(self) -> None:
        """Forget the calls seen so far (returns nothing): repeats count within an article."""
        self._seen.clear()

    def note(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Count one call of `name` (returns nothing), distinct when its arguments are new in the article."""
        self.calls[name] += 1
        key = (name, tuple(arg_key(a) for a in args), tuple(sorted((k, arg_key(v)) for k, v in kwargs.items())))
        if key not in self._seen:
            self._seen.add(key)
            self.distinct[name] += 1

    def rows(self, only: Iterable[str] = ()) -> list[tuple[str, int, int, int]]:
        """Return (name, calls, distinct, repeats) per function, most repeats first (`only`: names holding one)."""
        wanted = list(only)
        rows = [(n, c, self.distinct[n], c - self.distinct[n]) for n, c in self.calls.items()
                if not wanted or any(w in n for w in wanted)]
        return sorted(rows, key=lambda r: (-r[3], r[0]))


def arg_key(arg: Any, depth: int = 0) -> Hashable:
    """Return a hashable value standing for `arg` as equal calls compare it (see the module docstring)."""
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
    from onrecord.indexer.annotate.attribution.spans.frames import Frame
    if isinstance(arg, (str, int, float, bool, type(None))):
        return arg
    if isinstance(arg, Frame):
        return ("frame", arg.base, arg.s)
    if isinstance(arg, DocSpeakers):
        return "registry"
    if isinstance(arg, re.Match):
        return ("match", arg.span(), arg.re.pattern)
    if isinstance(arg, (list, tuple)) and depth < 2:
        return tuple(arg_key(a, depth + 1) for a in arg)
    if callable(arg):
        return ("callable", getattr(arg, "__qualname__", repr(arg)))
    try:
        hash(arg)
        return arg
    except TypeError:
        return repr(arg)


def counted(name: str, func: Callable[..., Any], counter: RepeatCounter) -> Callable[..., Any]:
    """Return `func` wrapped so that each call is noted in `counter` under `name`."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        counter.note(name, args, kwargs)
        return func(*args, **kwargs)
    return wrapper


def instrument(counter: RepeatCounter) -> int:
    """Wrap the package's functions wherever a module holds them and Frame's and DocSpeakers' methods;
    return how many functions were wrapped."""
    package = importlib.import_module(_PACKAGE)
    for info in pkgutil.walk_packages(package.__path__, _PACKAGE + "."):
        importlib.import_module(info.name)
    wrapped: dict[types.FunctionType, Callable[..., Any]] = {}
    for modname, module in list(sys.modules.items()):
        if module is None or not modname.startswith("onrecord.indexer"):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, types.FunctionType) and value.__module__.startswith(_PACKAGE):
                if value not in wrapped:
                    wrapped[value] = counted(f"{value.__module__.rsplit('.', 1)[-1]}.{value.__name__}", value, counter)
                setattr(module, attr, wrapped[value])
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
    from onrecord.indexer.annotate.attribution.spans.frames import Frame
    for cls in (Frame, DocSpeakers):
        for attr, value in list(vars(cls).items()):
            if isinstance(value, types.FunctionType) and not attr.startswith("__"):
                setattr(cls, attr, counted(f"{cls.__name__}.{attr}", value, counter))
                wrapped[value] = value
    return len(wrapped)


def main(argv: list[str] | None = None) -> int:
    """Count the repeated calls over every `--every`-th corpus file; print the table; return 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=str(REPO.parent / "shared" / "corpus" / "bbc"))
    ap.add_argument("--every", type=int, default=8, help="every N-th file of the sorted corpus")
    ap.add_argument("--top", type=int, default=40, help="rows to print")
    ap.add_argument("--only", nargs="*", default=[], help="functions whose name holds one of these")
    args = ap.parse_args(argv)
    corpus = Path(args.corpus)
    texts = read_texts(corpus, corpus_files(corpus, args.every))
    counter = RepeatCounter()
    print(f"{instrument(counter)} functions wrapped; {len(texts)} articles")
    for source, text in texts:
        counter.new_article()
        extract_text(text, source)
    print(f"{'function':50s} {'calls':>9s} {'distinct':>9s} {'repeats':>9s}")
    for name, calls, distinct, repeats in counter.rows(args.only)[:args.top]:
        print(f"{name:50s} {calls:9d} {distinct:9d} {repeats:9d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
