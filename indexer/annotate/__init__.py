"""Stage 4, annotating: a chunked `Article`'s quotes, speakers,
institutions and dates.

Owns the chain of annotation stages (`annotator`: institutions -> dates ->
attribution -> names cleaned of hidden characters -> corrections, each a
pure function Article -> Article within the file's budget), explicit and
relative dates in text (`dates`), the newsroom's speakers file applied last
(`corrections`), reading the operator's JSON files (`operatorfiles`), and
two rooms: `institutions/` (the alias registry, finding organisations in
text) and `attribution/` (quote spans and who said each).  Imports the
earlier stages (read/, parse/, chunk/), never distributed/ or the pipeline.
"""
