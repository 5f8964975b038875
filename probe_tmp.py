import sys
from tests.indexer.annotate.attribution.test_org_speaker_values import speakers
for t in sys.argv[1:]:
    print(repr(t[:70]), speakers(t))
