"""The posting format of the fields no query reads a posting's value of.

Owns Counted: Whoosh's Frequency format without its value bytes.  Whoosh 3
writes each posting's weight (its frequency times the field boost) in the
block's weights already, and every reader here scores, counts and filters
from the weights and ids alone: no query, snippet or facet reads a
stemmed, name or keyword field's 4-byte frequency value (phrases read
positions, and only of the Positions fields: `exact`, `said_exact`,
`quote_text`, `title`).  Those values were 3.04 of a 5,000-paragraph index's
48.90 MB (bench/RESULTS.md, speed50).  Weights and field lengths stay what
Frequency gives (a posting's frequency still counts into its field's
length), so scores are unchanged.

An index built before holds Frequency fields: upgrade_formats() (through
schema.upgrade_schema, which every searcher's and writer's opening runs)
gives the schema it read Counted, and Whoosh 3's reader then ignores the
old segments' values (a format of fixed value size 0 reads none), so old
and new segments are read alike and merge; the first commit writes the
upgraded schema to the table of contents.  Code before this format cannot
open an index whose table of contents names it: going back needs a reindex.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from whoosh import fields, formats
from whoosh.system import emptybytes


class Counted(formats.Format):
    """Frequency's weights and field lengths, no value bytes (posting_size 0):
    no decode_* methods, so it supports nothing a value would answer."""

    posting_size = 0
    __inittypes__ = {"field_boost": float}

    def word_values(self, value: Any, analyzer: Any,
                    **kwargs: Any) -> Iterable[tuple[bytes, int, float, bytes]]:
        """Return (term, frequency, weight, b"") per term, as Frequency does but for the value."""
        boost = self.field_boost
        freqs: dict[Any, int] = defaultdict(int)
        weights: dict[Any, float] = defaultdict(float)
        kwargs["boosts"] = True
        for token in formats.tokens(value, analyzer, kwargs):
            freqs[token.text] += 1
            weights[token.text] += token.boost
        return ((word, freq, weights[word] * boost, emptybytes) for word, freq in freqs.items())

    def encode(self, value: Any) -> bytes:
        """Return the empty value of every posting."""
        return emptybytes

    def combine(self, vs: Iterable[bytes]) -> bytes:
        """Return the empty value of every posting."""
        return emptybytes


def counted(field: fields.FieldType) -> fields.FieldType:
    """Return `field` with Counted in place of its Frequency format (its boost kept)."""
    if type(field.format) is formats.Frequency:
        field.format = Counted(field_boost=field.format.field_boost)
    return field


def upgrade_formats(schema: Any, current: Any) -> bool:
    """Give each field of an index's `schema` that is Frequency where the
    `current` schema's is Counted the Counted format; return whether any changed."""
    changed = False
    for name in schema.names():
        if name in current and type(current[name].format) is Counted \
                and type(schema[name].format) is formats.Frequency:
            counted(schema[name])
            changed = True
    return changed
