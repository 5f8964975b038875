"""Extraction quality: the held-out attribution golds and their scoring.  How their
articles were chosen by rule (goldselect.py) and built from hand annotations
(goldbuild.py); the web and BBC rounds scored as a user ingests them (heldout.py);
reported speech scored on PolNeAR's speech cues and the golds' indirect entries
(reported.py); the saved-HTML reader on the htmleval pages (htmleval.py); a PolNeAR split
converted and scored by PolNeAR's own convert.py and score.py (polnear.py).  bench.extraction
prints their rows."""
