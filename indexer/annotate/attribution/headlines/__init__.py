"""Headline quotes: whose words a headline quotes, and the claim it signs.

Owns, once reported speech is in:

- `headlines`: the sources under a headline a headline quote may take its
  speaker from (the body's quotes, the lead, the next paragraph's source);
- `choice`: the order among those sources (a table, each row with why it
  comes before the next);
- `subjects`: the speaker a lead only describes ("The new health minister
  says ..."), named where the next paragraph opens;
- `closings`: the source a lead's closing clause names where no clause of
  the lead was read (", the Acme Lords have ruled.");
- `actors`: the body a headline opens with doing something to its quoted
  words ("Acme Party attacks 'U-turns'");
- `echoes`: the body's reported clauses that repeat a headline quote's
  words ("EU 'too slow'" over "the Commission report says ... too slow"),
  a source of `choice`'s;
- `reports`: a headline's claim signed by a name after a dash or a bare cue
  ("Lords wrong on detainees - Straw") as an `indirect` quote, after the
  reported pass.
"""
