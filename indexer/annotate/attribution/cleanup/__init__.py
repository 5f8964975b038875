"""Speaker values after attribution: cleared, widened or cut once every quote is credited.

Owns one type per speaker value, person or organisation (`speakerkinds`);
the stage clearing speaker values no one person or organisation holds and
giving the name where an office was kept (`values`), with the whole body's
name where the rules cut its front off ("UK" of "Amnesty International UK":
`wholeruns`) and the name without the word opening its sentence ("But
police": `openers`), and a surname alone the full name its person was
introduced with where no name run took the first name ("coach mark Vole":
`introduced`), and a value the article writes only with its body's own name
tail the name with it ("McDonald" -> "McDonald's", "Acme & Co.": `nametails`), and
a body's value without the kind noun written after its name ("the United board" ->
"United", or the one body value ending in it: `kindtails`).
A value that is a body's lowercase common noun ("government", "statistical
office" credited as written) is typed a body's last (`bodynouns`).
Whether a narrative sentence's subject voices the scare quote after it (a
stance word as its own verb, not "stations" nor a passive "was hailed for")
is `voicing`'s test.
"""
