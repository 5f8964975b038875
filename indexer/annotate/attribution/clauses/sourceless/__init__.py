"""Sourceless clauses: reported speech whose sentence leaves its speaker unnamed (issue #32).

Owns the clauses the gold annotates as reported speech with no speaker, each
read by the reported pass (indirect.reports) directly: a clause a sourceless
passive closes ("..., it has been confirmed.", "..., a court has heard.":
`passive_closings`) or opens ("It was announced that ...": `passive_leads`),
and the passive question "X was asked whether ...", its asker unnamed, with
where a question ends before an answer with no comma between (`questions`).
"""
