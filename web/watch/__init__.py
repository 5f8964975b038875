"""What a watch (indexer.watch) leaves beside the index, as the web shows
it: the WARC record a version was read from (captures.py), and the
watch's sources and alerts (status.py, /watch)."""
