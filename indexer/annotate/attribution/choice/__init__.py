"""Choosing a quote's speaker among candidates: rules' confidence and learned weights.

Owns descriptions as speakers (`nominals`; which institution a noun such as
"the ministry" or "the company" means, `orgheads`; those opening an article that
the next sentence names, `leads`; a role description's person, `offices`, never one
introduced with another office, `otheroffices`, and matched through role words of one job
("the boss" is the manager, `rolesynonyms`); a name set off by a comma after one,
`appositives`; "the Norland Central MP", an office and no name, `definites`; whose claim a quoted
that-clause is, `claims`; a body's staff, "Acme officials said", the body, `staff`; whose document "the
report" is, `documents`; whether a description's noun can name a body, "the club" no "Champions League",
`bodykinds`), the learned choice of a
pronoun's antecedent (`antecedents`, weights in indexer/data/speaker_weights.json
fitted by bench/fit_speakers.py; "He said" the subject a finite verb follows in the sentence before,
`subjectverbs`; "It said" and "The company said" the body the sentence before is about,
`subjectbodies`; a speaking "it" inside its sentence that sentence's body subject,
`ownsubject`), the learned choice among a quote's
candidate speakers (`ranker` and its features `rankfeatures`, weights in
indexer/data/ranker_weights.json fitted by bench/fit_ranker.py), and the
rules as a table with their confidences (`evidence`).
"""
