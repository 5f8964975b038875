"""Speakers of reported clauses: who a clause cue's subject is, and whether it can speak.

Owns finding the speaker phrase before a clause cue (and a description after
a closing one) (`speakers`); who a participle after "quoted ... as" reports
("Ann Vole was quoted as saying ...": `quotedas_leads`); the subject past a
quoted aside ('Ann Vole, who calls the plan a "disaster," said ...':
`quoted_asides`); and whether the phrase can be who spoke, the precision
filters on a cue's subject (`sources`; "The report said that ..." its
issuer's words, no finding: `documentspeech`).
"""
