"""onrecord's search layer: the data model, the Whoosh index and the query
engine.  The only package that imports Whoosh."""
from search.engine import get_article, search
from search.store import Index, open_index, ram_index, write_articles

__all__ = ["Index", "get_article", "open_index", "ram_index", "search", "write_articles"]
