"""onrecord's search layer: the data model, the Whoosh index and the query
engine.  The only package that imports Whoosh."""
from onrecord.search.engine import get_article, search
from onrecord.search.features.entities import get_entity, list_entities
from onrecord.search.features.exporting import EXPORT_COLUMNS, iter_export_rows
from onrecord.search.storage.store import Index, open_index, ram_index
from onrecord.search.storage.writing import write_articles

__all__ = ["EXPORT_COLUMNS", "Index", "get_article", "get_entity", "iter_export_rows",
           "list_entities", "open_index", "ram_index", "search", "write_articles"]
