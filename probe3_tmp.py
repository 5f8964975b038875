import sys
from onrecord.indexer.annotate.attribution.registry import speakers as S
orig = S.DocSpeakers.resolve_run
def rr(self, run, pos):
    import traceback; traceback.print_stack(limit=6); r = orig(self, run, pos); print("  resolve_run", repr(run), pos, "->", r); return r
S.DocSpeakers.resolve_run = rr
om = S.DocSpeakers.match_org
def mo(self, p):
    r = om(self, p); print("  match_org", repr(p), "->", r); return r
S.DocSpeakers.match_org = mo
from tests.indexer.annotate.attribution.test_org_speaker_values import speakers
for t in sys.argv[1:]:
    print(repr(t[:70]), speakers(t))
