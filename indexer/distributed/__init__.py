"""Ingest on Dask distributed: many workers, one writer.

Owns the Dask client (`client`: a Client of `--cluster`'s scheduler or of a
local cluster of one single-threaded worker process per core, files chunked
into rounds of equal tasks, a bounded number in flight, results in input
order), the task a worker runs (`tasks`: stages 1-4 on each file of a chunk
and one segment), and the single writer's half (`publishing`: each article
decided from its digest, segments installed and committed in waves).  The only part of onrecord that imports Dask;
importing this package alone imports none of it (the pipeline imports
`client` only for a cluster run).
"""
