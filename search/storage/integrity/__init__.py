"""An index that stays whole and says when it is not: fsync and the write
lock (durability.py), superseded and orphan files (leftovers.py), each
segment's file sizes and checksums (manifests.py), damage and a newer
writer's index as 503s (damage.py), and `onrecord check` (checking.py)."""
