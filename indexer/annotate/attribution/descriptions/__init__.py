"""Descriptions as speakers: whom "the minister", "their lawyer" or "the report" names.

Owns how a description becomes a canonical speaker (`nominals`): a name set
off by a comma after it (`appositives`), a name before the role appositive a
phrase read ("Ann Vole, Acme vice president, Research, said", "Ann Vole, from
Acme told": `rolesafter`), "the Norland Central MP", an office
and no name (`definites`), one opening the article that the next sentence
names (`leads`), which institution a noun means ("the ministry", "the
company": `orgheads`), which outlet "the paper", "the magazine" or "the
station" means (the one of its kind named last: `mediaheads`), whose document "the report" is
(`documents`), whose claim a quoted that-clause is (`claims`), and a role
description's person (`offices`), never one introduced with another office
(`otheroffices`), matched through role words of one job ("the boss" is the
manager, `rolesynonyms`), and a person's noun heading a description whose last
word is none ("the Tory co-chairman", "the drummer with the band": a person's,
never the body's, `personheads`), and the body a bare "a spokesman"
speaks for, the subject of the sentence before ("AOL backed the cuts.
"...," a spokesman said": `spokesbodies`), and a definite person epithet
("the lock forward", "The former Norland international") as the one person
the headline names (`topicpeople`), and a body described but never named
("the statistical office said") as the description itself, or the body the
article names in those words (`describedbodies`), and a kinship description
("his wife, Ann", "his son said") as the relative the article introduces with
that noun (`kinfolk`), and a definite person epithet naming no office ("the
two-time champion") as the acting subject the sentence before names first
(`subjectepithets`), and a definite body description no body spoke before
("The club said", "the brewer said") as the earlier capitalised name that
clearly wins a ranking, else no one (`bodyranks`), and a bare "the company",
"the bank" the sentence before does not continue as the body its story has as a
subject in the headline, else the lead, before the body named last (`topicbodies`).
"""
