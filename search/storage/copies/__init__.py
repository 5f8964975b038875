"""Copies of a text across articles, the storage side: when two quotes or
paragraphs are the same text, and the keys that find them (fingerprints.py);
those keys kept per segment as one sorted table looked up by key
(keytables.py).  search.features.sightings reads both."""
