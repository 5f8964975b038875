"""Body descriptions: which organisation "the company", "the paper" or "a spokesman" means.

Owns, for a description headed by a body's noun: which institution the noun
means, the latest whose name ends in it ("the ministry", "the company":
`orgheads`); which outlet "the paper", "the magazine" or "the station" means,
the one of its kind named last (`mediaheads`); the body a bare "a spokesman"
speaks for, the subject of the sentence before ("AOL backed the cuts. "...,"
a spokesman said": `spokesbodies`); a body described but never named ("the
statistical office said") as the description itself, or the body the article
names in those words (`describedbodies`); a definite body description no body
spoke before ("The club said", "the brewer said") as the earlier capitalised
name that clearly wins a ranking, else no one (`bodyranks`); and a bare "the
company", "the bank" the sentence before does not continue as the body its
story has as a subject in the headline, else the lead, before the body named
last (`topicbodies`).
"""
