"""The words beside a quote that say who spoke: cues and speaker phrases.

Owns finding the cues and the phrase each reads (`cues/`: the cue words and
their regex, the phrase beside a cue, after an inverted one, a passive
cue's agent, "quoted Y as saying"); the role and description words before a
name after an inverted cue (`descriptions`); a list of names after an
office's "for" or a person noun's "of" is no speaker (`worksof`); a run "and"
joins to the rest of its office or name (`joinedruns`); the word shapes a
phrase reads (`shapes`: speaker nouns, relative clauses, headline runs), a
person's name beside an organisation, a place or a chain of descriptions
(`persons`), a sentence's opening subject (`subjects`), where a quote's
speaker phrase is (`clues`), whether the sentence before a bare quote
introduces a new speaker (`introductions`), a name its role appositive marks
as the newcomer a pronoun may mean (`newcomers`), the dash line signing a
quote with a name or a description (`signatures`), the subject of an
absolute participle cue ("..., with analysts saying ...": `absolutes`), a
sentence's subject cut back before the verb its reader ran on into ("The
board has closed it, saying ...": `overruns`), and the thing a naming verb
labels, never the label's speaker ("described the plan as "a mess"", "X has
been described as": `labelled`).
"""
