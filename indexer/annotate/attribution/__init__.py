"""Quote attribution: each quote's span and kind, and who said it.

Grouped by concern, in the order a quote is attributed:

- `spans/`: which characters are a quote, direct or partial, and which
  quoted words are nobody's (titles, labels, scare terms);
- `phrases/`: the cue words and the speaker phrase beside a quote;
- `registry/`: who is who in one article (people, organisations, their
  names, roles and mentions) and resolving a phrase or pronoun to a
  canonical name;
- `choice/`: choosing among candidate speakers (descriptions, a pronoun's
  antecedent and the speaker ranker by fitted weights, the rules'
  confidences);
- `attribution`: the order of evidence tying each quote to a speaker;
- `resolving`: whom one found speaker phrase names (a pronoun, a name run,
  a description, a byline), as the Attribution `attribution` records;
- `reported/`: reported speech, statements reported without being quoted
  whole ("X said (that) ...", "according to X, ..."), as `indirect` quotes
  credited by the same evidence, after the quotes are attributed;
- `headline_reports`: a headline's claim signed by a name after a dash or a
  bare cue ("Lords wrong on detainees - Straw") as an `indirect` quote,
  after the reported pass;
- `headlines`: which body quote or lead clause a headline quote takes its
  speaker from, once reported speech is in;
- `speakerkinds`: each speaker value's one type, person or organisation,
  read once every quote of the article is credited;
- `values`: the stage after attribution clearing speaker values no one
  person or organisation holds (two people speaking together, a body or a
  one-word name voicing nothing, a description kept as the value) and giving
  the name where an office was kept before it, and with `wholeruns` the
  whole body's name where the rules cut its front off ("UK" of "Amnesty
  International UK"), and with `openers` the name without the word opening
  its sentence ("But police", "Said Vole:").

Its word lists are indexer.lexicon's, its fitted weights indexer/data's.
Imports annotate/institutions/, never the other way.
"""
