"""Quote attribution: each quote's span and kind, and who said it.

Grouped by concern, in the order a quote is attributed:

- `spans/`: which characters are a quote, direct or partial, and which
  quoted words are nobody's (titles, labels, scare terms);
- `phrases/`: the cue words and the speaker phrase beside a quote;
- `names/`: how a capitalised run cuts to a person's name;
- `people/`: the per-article registry of people, resolving a phrase or
  pronoun to a canonical name;
- `orgs/`: the organisations an article names and the nouns that mean them;
- `descriptions/`: whom a description or an office names ("the minister",
  "their lawyer", "the report");
- `pronouns/`: which person or body "he said" or "it said" means;
- `ranking/`: the learned choice among a quote's candidate speakers and the
  rules' confidences;
- `attribution`: the order of evidence tying each quote to a speaker;
- `resolving`: whom one found speaker phrase names (a pronoun, a name run,
  a description, a byline), as the Attribution `attribution` records;
- `partial_subjects`: a cue-less partial quote's own named subject with a
  stance verb of theirs ('Ann Vole welcomed Tom Reed's "courage"'), over the
  speaker carried from the quote before, for `attribution`;
- `subject_turns`: a bare quote after a cue-less narrative sentence whose
  predicate states a new person's wish or stance ('Ann Vole wants the team to
  play more. "..."'), hers over the speaker carried from the quote before;
- `described_pronouns`: the spokesperson description a "he"/"she" right after
  it continues ('A spokesman said ... "...," he added'), for `resolving`;
- `clauses/`: reported clauses ("X said (that) ...", "according to X, ...")
  and the speaker phrase of each;
- `indirect/`: the reported pass adding each clause as an `indirect` quote
  credited by the same evidence, after the quotes are attributed;
- `headlines/`: whose words a headline quotes (the sources under it and
  the order among them) and the claim a headline signs with a name
  ("Lords wrong on detainees - Straw"), once reported speech is in;
- `cleanup/`: each speaker value's one type, and the values no one person or
  organisation holds cleared, a body's cut name widened, an opening word cut.

Its word lists are indexer.lexicon's, its fitted weights indexer/data's.
Imports annotate/institutions/, never the other way.
"""
