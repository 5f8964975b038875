"""Reported clauses: which speech cue of a sentence reports which clause, and who its subject is.

Owns, in one sentence of a frame (quotes masked): the clause cues that are
speech verbs (`verbs`), the clause a cue introduces ("X said (that) ...":
`clauses`; what follows the cue, a listener, a question, a that-clause or a
bare clause: `complements`), opens or closes ("according to X, ...", "..., X said.":
`closings`) or splits ("The plan, X said, is dead": `asides`; "By contrast, said X,
CLAUSE": `adverbial_asides`), a participle
opening the sentence (`openers`), a clause whose subject is the relative pronoun before
its speaker ("a bill which ministers claim will cut crime": `gaps`), a clause
whose sentence names no speaker (`sourceless/`: "..., it has been confirmed.",
"It was announced that ...", "X was asked whether ..."), a bare clause a subordinate clause opens ("said as X
was held, his case came ...": `subordinates`), the clause record (`spans`), a clause cut where the
writer's words resume (`runons`), what a statement was issued in
(`channels`), and who a clause's speaker is (`speakers/`: the phrase before
a cue, the subject past a quoted aside or of "quoted ... as", and whether it
can be who spoke).
"""
