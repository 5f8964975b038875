"""Institutions: which organisations a paragraph names.

Owns the alias registry (`registry`: indexer/data/institutions.json and the
operator's files, the institutions setting's, one regex over every alias),
finding names in text (`institutions`: registry aliases, acronyms an
article defines, capitalised organisation phrases) and finding the aliases
an article learns by string searches (`literals`: no regex compiled per
alias).  Imports nothing of annotate/attribution/ (attribution reads this
registry for institutional speakers).
"""
