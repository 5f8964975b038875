import sys
from onrecord.indexer.annotate.attribution.registry.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.registry.runs import org_with_of
text, run = sys.argv[1], sys.argv[2]
d = DocSpeakers(text)
print("match_org", d.match_org(run), "with_of", org_with_of(run))
print("resolve", d.resolve_run(run, text.find(run)))
