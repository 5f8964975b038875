"""Organisations: which capitalised names of an article are bodies, and what names them.

Owns the organisations an article introduces and where it mentions them
(`organisations`; the capitalised runs it reads them from, `orgruns`), the
evidence that a name is an organisation's (`orgevidence`), how their names
are written (`orgnames`; a name run on past "on" or "of the", `orgtails`),
a body's staff as the body ("Acme officials said": `staff`) and whether a
description's body noun can name a body ("the club" is no "Champions
League": `bodykinds`), and a reported body's name without the words before
it that describe it ("Rival Acme", "the Leeds-published Bugle": `leadmodifiers`),
a body whose name ends in a role word ("the Scottish Executive": `roleheads`),
and the registry body a kind noun means ("the party": the party named last by
any alias, "Lib Dems", "Labour's": `kindheads`).
"""
