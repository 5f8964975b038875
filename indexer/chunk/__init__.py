"""Stage 3, chunking: a `ParsedArticle` cut into numbered `Paragraph`s.

Owns paragraph boundaries and offsets (`text[start:end] == paragraph.text`),
repeats inside one article dropped, `split_lines` for feeds that break
paragraphs with single newlines, and the article's stable id (`chunker`)
from its canonical URL normalised for identity (`urls`), else from its
text.  Imports no later stage (annotate/, distributed/).
"""
