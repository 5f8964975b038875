"""What indexing costs and how it survives: the local Dask cluster beside the previous
process pool (cluster_ingest.py, pool_peer.py), quote documents' size and ingest cost
(quotes_cost.py), the merge (merging.py), one segment written in instructions
(segment_write.py), heavy inputs' time and memory (heavy.py), how a hostile input's cost
grows with its size (growth.py), the attribution calls an article repeats
(repeated_calls.py), and an indexer killed at random points (crash_trials.py)."""
