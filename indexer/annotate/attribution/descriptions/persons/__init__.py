"""Person descriptions: which person "the minister", "his wife" or "the Brazilian" means.

Owns, for a description headed by a person's noun or a role: a name before
the role appositive a phrase read ("Ann Vole, Acme vice president, Research,
said", "Ann Vole, from Acme told": `rolesafter`); a role description's person
(`offices`), never one introduced with another office (`otheroffices`),
matched through role words of one job ("the boss" is the manager,
`rolesynonyms`); a person's noun heading a description whose last word is
none ("the Tory co-chairman", "the drummer with the band": a person's, never
the body's, `personheads`); a definite person epithet ("the lock forward",
"The former Norland international") as the one person the headline names
(`topicpeople`), or, naming no office ("the two-time champion"), as the
acting subject the sentence before names first (`subjectepithets`); and a
kinship description ("his wife, Ann", "his son said") as the relative the
article introduces with that noun (`kinfolk`).
"""
