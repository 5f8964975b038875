"""Where a search's time goes: both modes' query CPU with each answer's hash (mode_cpu.py),
quotes mode beside paragraph mode (modes.py), a search's CPU per stage (query_stages.py),
the batch look-up (lookup.py), and the entity and article pages of a very prolific
speaker and a very long article (entity_pages.py)."""
