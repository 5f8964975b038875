"""The write path: everything that changes an index, by its one writer.

- `identity.py`: what an incoming article is to the index (Resolver: new,
  updated, unchanged or a conflict kept apart), so an ingest writes only
  what changed;
- `commits.py`: write_articles and commit_batches, each one commit (the
  records first, fsynced), under the write lock an ingest holds across
  its commits (hold_write_lock), through DurableWriter (superseded files
  kept for readers, each segment's manifest in the table of contents);
- `segments.py`: segments built by worker processes or machines, installed
  and published by that writer.

It sits above search/storage/ (the Index handle, records, durability, the
files an index holds, the fenced Whoosh internals) and uses the Index only
through its public methods; nothing in storage/, query/, features/ or the
engine imports it (tests/test_layers.py).
"""
