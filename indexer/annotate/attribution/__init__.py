"""Quote attribution: each quote's span and kind, and who said it.

Owns quote spans (`quotes`) and a paragraph's sentence frames with quotes
masked (`frames`); the cue words and their regex (`cuewords`, over
`wordtrie`), the speaker phrase beside a cue (`cues`), a sentence's opening subject
(`subjects`) and where a quote's speaker phrase is (`clues`); direct or partial quotes and their extents
(`extents`); titles and labels in quotes, nobody's words (`titles`);
people and names (`names`: full names an article introduces,
`people`: a `Person`, `runs`: a capitalised run cut to role, title and name
or an institution, `singles`: whose name a lone capitalised word is,
`things`: capitalised phrases that name things, not people,
`speakers`: the per-article registry, `organisations`: the
organisations an article introduces and which one "it" means, `nominals`:
descriptions as speakers, `roles`: the roles an appositive gives a
person and the descriptions of an office that mention them, `antecedents`: the learned choice of a
pronoun's antecedent, weights in indexer/data/speaker_weights.json
fitted by bench/fit_speakers.py; `ranker` and `rankfeatures`: the learned
choice of a quote's speaker among its candidates, weights in
indexer/data/ranker_weights.json fitted by bench/fit_ranker.py); sorted mention positions for bisection
(`positions`); the rules as a table with their confidences (`evidence`);
and the order of evidence tying each quote to a speaker (`attribution`).
Its word lists are indexer.lexicon's.  Imports annotate/institutions/, never
the other way.
"""
