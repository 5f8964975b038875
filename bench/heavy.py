"""Heavy-input benchmark: attribution time on files with very many quotes,
and ingest peak memory per input byte (issue 17).

Run from the repo root: `python -m bench.heavy [--sizes 16000,32000,100000]
[--runs 3] [--skip-memory]`.  The generated articles are deterministic
(seeded); nothing is downloaded.
"""
from __future__ import annotations

import random

# Paragraph templates: the attribution shapes news copy uses most (cue after,
# cue before, partial quote, pronoun, institution, cue-less follow-on).
_TEMPLATES = (
    '"{words}," {name} said.',
    '{name} told the BBC: "{words}."',
    '{inst} said the plan was "{words}".',
    '"{words}," she added. "{words} again."',
    '"{words}," said {title} {last}.',
    '"{words}."',
    '{name}, who chairs the {inst} board, said: "{words}."',
    'According to {inst}, the decision was "{words}".',
)
_NAMES = ("Ann Vole", "Tom Reed", "Jane Porter", "Barry Gardiner", "Mina Smallman", "Kim Vole")
_TITLES = ("Mrs", "Mr", "Dr", "Sir")
_INSTITUTIONS = ("the IOPC", "the Met", "the council", "the Home Office")
_WORDS = ("we", "will", "appeal", "the", "ruling", "budget", "is", "rushed", "and", "unsafe",
          "nobody", "listened", "to", "families", "answers", "now", "police", "failed")


def quote_heavy_text(quotes: int, seed: int = 17, layout: str = "paragraphs") -> str:
    """Return an article of about `quotes` quotes.  layout "paragraphs": one
    quote paragraph per blank-line block; "lines": single-newline feed (one
    paragraph split into lines); "block": one paragraph with no breaks."""
    rng = random.Random(seed)
    sep = {"paragraphs": "\n\n", "lines": "\n", "block": " "}[layout]
    parts, made = ["Inquiry hears from families", "Ann Vole met Tom Reed and Jane Porter on Monday."], 0
    while made < quotes:
        template = _TEMPLATES[rng.randrange(len(_TEMPLATES))]
        name = _NAMES[rng.randrange(len(_NAMES))]
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 9))).capitalize()
        parts.append(template.format(words=words, name=name, last=name.split()[-1],
                                     title=rng.choice(_TITLES),
                                     inst=rng.choice(_INSTITUTIONS)))
        made += template.count("{words}")
    return parts[0] + "\n\n" + sep.join(parts[1:]) + "\n"
