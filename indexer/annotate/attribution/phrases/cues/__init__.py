"""Speech cues: the cue words of a sentence and the speaker phrase each one reads.

Owns the cue words and their regex (`cuewords`, over `wordtrie`, word lists
as compact alternations), the speaker phrase beside a cue (`cues`; after an
inverted cue or "according to": `inversions`; an inverted cue after the
clause's comma closing the sentence, '..." once he saw it, said Mr Vole.':
`invertedcloses`), a passive cue's agent ("was described by Tom Kite as":
`passives`) and whom "the paper quoted Y as saying" credits (`quotedas`).
"""
