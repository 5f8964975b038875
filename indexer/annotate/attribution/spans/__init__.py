"""Which characters are a quote: spans and their kind.

Owns quote spans and the quote style of an article (`quotes`), a
paragraph's sentence frames with its quotes masked (`frames`), whether a
quote is direct or partial and its extent (`extents`), and titles, labels
and scare terms in quote marks that are nobody's words (`titles`), and a
sentence after a quote that leads into the next quote with a colon, never
a tag of the quote before it (`nextleads`).
"""
