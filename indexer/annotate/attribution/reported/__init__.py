"""Reported speech: statements a news story reports without quoting them whole.

`verbs` finds a sentence's clause cues and tells a speech verb from a
noun, a name, a passive or a hedged cue; `clauses` finds, in one
sentence of a frame (quotes masked), a speech cue that reports a clause
and the clause itself ("X said (that) ...", "X told Y that ...",
"X asked whether ...") and `closings` one its attribution opens or
closes ("according to X, ...", "..., X said."), `asides` one an
attribution splits ("The plan, X said, is dead"), and `openers` the
subject after a participle opening the sentence ("After saying that ...,
X left"), each a Clause of `spans`; `quoted_asides` the subject past a
quoted aside of it ('X, who calls it a "farce," said ...'); `runons` ends a clause where the
writer's words resume (", but he hasn't endorsed ...", " and urged ... "..."");
`speakers` finds the speaker phrase before a cue (past an aside in dashes,
or the subject of a coordinated cue: "X met Y and said ..."); `sources`
says whether that phrase can be who spoke (not the writer, a finding, a
surveyed share, a thing or a bare noun); `channels` knows what a
statement was issued in ("said in its latest report."), no clause of its
own; `outlets` which newspaper "the newspaper said" means (the masthead
named last); `bodies` the body a description names inside it ("the
Acme Press agency reported"); `written` credits a clause to the speaker
its phrase names itself in words the registry cuts or reads past (those
two, "Ironhorse Oil and Gas", "the Sunday Tribune", "General Motors" whole);
`staffruns` reads a body's written name that runs on into its speaker
("A Norland Police spokeswoman": the body; "Norland Office Minister Ann
Vole": the person);
`described` whom a description names where the direct path did not
("Acme officials said", a lead's "MPs have said" then the committee named
next, "the bank said" as the body whose clause came last; a lead's "a
charity has warned" as the body a later sentence shows speaking:
phrases.leadbodies); `works` a book's
words as its author's ("the book claims" after "a new book by Ann Vole");
`mastheads` names a newspaper the article writes only as "The Bugle" so;
`itdocuments` credits "it" right after a document's or publication's
words to its issuer ("The report said ... It adds that ...");
`reports` runs it over an article
after its quotes are attributed and adds each clause as a Quote of kind
`indirect`, its speaker credited as a direct
quote's is.
"""
