"""Pronoun speakers: which earlier person or body "he said" or "it said" means.

Owns the learned choice of a pronoun's antecedent (`antecedents`, weights in
indexer/data/speaker_weights.json fitted by bench/fit_speakers.py; the pronoun's sentence,
the one before and the clause a post-posed cue closes: `contexts`); "He said"
the subject a finite verb follows in the sentence before (`subjectverbs`),
or the second clause's subject when that sentence joins two ("... but Tom
Reed rejected it": `clausesubjects`);
"It said" and "The company said" the body the sentence before is about
(named or described; also "..., it said." closing a clause with no marks),
and a speaking "it" inside its sentence that sentence's body subject
(`subjectbodies`); where that sentence has no body subject but a document
spoke in it ("..., the report said. It said"), the document's issuer
(`documentissuers`); a person named inside what the sentence before's subject
reports is that report's topic, not who a "he said" after it means
(`reporttopics`); a reported clause's speaker ("Ann Vole said the plan
would help.") a turn of theirs the learned choice sees, before the
reported pass has read the clause (`reportturns`); the person a question in the sentence before is put to
answers it, not the asker (`askedparties`); a he/she after a short time
lead-in ("In 2010, he warned") is its sentence's subject, as one opening
it is (`leadins`); a "he said" after a sentence a definite person epithet
opens ("The Brazilian confirmed ...") the person the headline names first
(`epithetsubjects`); a name between an article and a noun ("an Ann Vole
goal") no one acting, unless a preposition, clause word or finite verb
follows it ("The book accuses Vole of", "During the interview Mr Vole
revealed": `namemodifiers`).
"""
