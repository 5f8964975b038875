"""Opening and reading a commit: its pooled searchers and their caches
(searchers.py), the one retry on opening (reopening.py), segment reads kept
across commits (segmentcache.py), the window of a long article a page
shows (windows.py), and every read of Whoosh's private attributes on the
reading side (whoosh_internals.py; a commit's table of contents and the
manifest a segment carries in it: whoosh_tocs.py; every term of a field
with its docnums, read raw for the facet columns: whoosh_termids.py)."""
