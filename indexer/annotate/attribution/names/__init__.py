"""People's names: how a capitalised run cuts to a name, and which words are names.

Owns the name word lists' use and the cut of a run into role words, a title
and a name (`names`; descriptors in names, "Anglo-Swedish", "the Liberal
Democrats", `descriptors`; role, title and name or an institution, `runs`),
where a name stands (opening its clause, after a role word, inside a quote:
`placements`),
the full names an article introduces (`fullnames`), whose name a lone word
is (`singles`), which lone words are people from their first mention
(`lonespeakers`; one a "he said" quote after its sentence makes a
person, `pronounleads`), phrases that name things and not people (`things`) and
surname-alone mentions (`surnames`); a title written with a period, US style
("Mr. Vole"), is never a name itself (`periodtitles`); a headline's word glued to a surname
the body gives with a first name is no name ("Classy Vole" over Ann Vole, `epithets`); a
place after a reported cue's subject is where the speaker is, not who spoke ("Ann Vole in
Norland said": Ann Vole, `placelinks`).
Reads words only: the per-article
registry that holds the people is people/.
"""
