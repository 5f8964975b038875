"""onrecord's search layer: the data model, the Whoosh index and the query
engine.  The only package that imports Whoosh."""
from search.engine import get_article, search
from search.entities import get_entity, list_entities
from search.exporting import EXPORT_COLUMNS, iter_export_rows
from search.store import Index, open_index, ram_index, write_articles

__all__ = ["EXPORT_COLUMNS", "Index", "get_article", "get_entity", "iter_export_rows",
           "list_entities", "open_index", "ram_index", "search", "write_articles"]
