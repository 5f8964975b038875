"""onrecord's indexer: read -> parse -> chunk -> annotate -> index, each a
small pure stage over the dataclasses in search.model."""
