"""Reported speech: statements a news story reports without quoting them whole.

`clauses` finds, in one sentence of a frame (quotes masked), a speech cue
that reports a clause and the clause itself ("X said (that) ...", "X told Y
that ...", "according to X, ...", "..., X said.", "X asked whether ...");
`sources` says whether the phrase before a cue can be who spoke (not the
writer, a finding, a surveyed share, a thing or a bare noun); `reports`
runs it over an article after its quotes are attributed and adds each
clause as a Quote of kind `indirect`, its speaker credited as a direct
quote's is.
"""
