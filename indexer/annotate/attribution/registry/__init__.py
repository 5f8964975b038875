"""Who is who in one article: people, organisations and their names.

Owns how a capitalised run cuts to a name (`names`; descriptors in names,
"Anglo-Swedish", "the Liberal Democrats", `descriptors`), the full names an
article introduces (`fullnames`), a person's record (`people`), a
capitalised run cut to role, title and name (`runs`), whose name a lone
word is (`singles`), which lone words are people from their first
mention (`lonespeakers`), phrases that name things and not people
(`things`), surname-alone mentions (`surnames`), roles beside a name
(`roles`), descriptions that refer back to a person ("the Dutchman", "the
34-year-old": `referents`), the organisations an article introduces (`organisations`;
the capitalised runs it reads them from, `orgruns`),
the evidence that a name is an organisation's (`orgevidence`) and how
their names are written (`orgnames`; a name run on past "on" or "of
the", `orgtails`),
sorted mention positions (`positions`) and the per-article registry that
resolves a phrase or pronoun to a canonical name (`speakers`; which
known person a lone word or a pronoun means, `lookups`), and
whether a speaker value is a person's or an organisation's (`speakertypes`).
"""
