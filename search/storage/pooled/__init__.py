"""The bulk writer: postings pooled per term and the segment files written
from them.  BulkWriter and the merge writer (whoosh_writers.py, the writer's
reads of Whoosh's private attributes), the pool (pool.py) and its flush,
Whoosh 3's postings and terms files byte for byte (flush.py, the terms
file's rows and hash tables in termsfile.py); merges pooling a segment's postings a block at a time
(merge.py); the keyword-like fields' postings made without Whoosh's token
objects (keywords.py); the garbage collector kept off a write's heap
(collector.py).  The codecs it writes with: sortedterms.py, compactterms.py,
storedfields.py, positionstream.py (the phrase fields' positions as one
stream a postings block), learntstored.py (stored fields slim, against a
dictionary learnt from the segment) (pickled by path into every table of contents:
they do not move)."""
