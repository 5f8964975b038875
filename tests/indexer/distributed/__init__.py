"""Tests of indexer/distributed/: Dask clusters, worker processes and their failures."""
