"""The per-article registry of people: who is who in one article, and whom a phrase means.

Owns a person's record (`people`), sorted mention positions (`positions`),
the roles an article gives a person (`roles`), descriptions that refer back
to a named person ("the Dutchman", "the 34-year-old": `referents`), the
registry that resolves a phrase or pronoun to a canonical name (`speakers`;
which known person a lone word or a pronoun means, `lookups`; whom a
capitalised phrase names, `runresolution`), whether a
speaker value is a person's or an organisation's (`speakertypes`) and whether
a person's relative clause after a full name makes it a person's, whatever
its first name ("Ann Vole, who was killed": `relatives`).
"""
