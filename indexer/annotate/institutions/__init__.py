"""Institutions: which organisations a paragraph names.

Owns the alias registry (`registry`: indexer/data/institutions.json and the
operator's files, the institutions setting's, one regex over every alias) and
finding names in text (`institutions`: registry aliases, acronyms an
article defines, capitalised organisation phrases).  Imports nothing of
annotate/attribution/ (attribution reads this registry for institutional
speakers).
"""
