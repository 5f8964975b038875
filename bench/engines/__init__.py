"""What the speed benchmark (bench.speed) runs on: the BBC corpus annotated once and the
derived corpora recombined from it (corpus.py, derived.py: their built indexes cached),
the entity pages' generated corpus (entity_corpus.py), the fixed query set (queries.py),
the engines compared behind one interface (peers.py), the query phase in a process of
its own (probe.py) and the printed table with the machine (report.py)."""
