"""The tuning golds' errors sorted rather than listed (the listers every helper runs,
attribution_errors, speaker_misses, reported_errors and quote_errors, stay at bench/'s
top): wrong quote speakers by mechanism (speaker_mechanisms.py), PolNeAR train's missed
reported clauses by class and by the shape of their cue (reported_classes.py,
reported_shapes.py), and what goes wrong in a BBC article's headline (headline_errors.py)."""
