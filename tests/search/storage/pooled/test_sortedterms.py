"""The term table without hash tables (search.storage.pooled.sortedterms)."""
from __future__ import annotations

from pathlib import Path

import pytest
from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.filetables import OrderedHashReader

from onrecord.search.storage.pooled.sortedterms import (
    SAMPLE_EVERY,
    SortedKeysReader,
    UnhashedWriter,
)


def write_table(path: Path, keys: list[bytes]) -> SortedKeysReader:
    """Write `keys` (sorted, each valued by its reverse) unhashed; return the table read by order."""
    storage = FileStorage(str(path))
    writer = UnhashedWriter(storage.create_file("t.trm"))
    for key in keys:
        writer.add(key, key[::-1])
    writer.close()
    return SortedKeysReader(storage.open_file("t.trm"), storage.file_length("t.trm"))


def keys_of(count: int) -> list[bytes]:
    """Return `count` sorted keys of several lengths, a gap between each two."""
    return sorted(b"k%05d" % (3 * i) + b"x" * (i % 3) for i in range(count))


# Sizes around the sampled keys: none, one, a sample less, exactly one, one more, several.
SIZES = [0, 1, SAMPLE_EVERY - 1, SAMPLE_EVERY, SAMPLE_EVERY + 1, 5 * SAMPLE_EVERY + 7]


@pytest.mark.parametrize("count", SIZES)
def test_every_key_is_found_with_its_value(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    assert [table.get(key) for key in keys] == [key[::-1] for key in keys]
    assert list(table.keys()) == keys


@pytest.mark.parametrize("count", SIZES)
def test_a_missing_key_is_not_found_and_its_closest_is_the_next(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    for missing in [b"", b"a", b"k", b"zz"] + [key[:-1] for key in keys] + [key + b"\x00" for key in keys]:
        if missing in keys:
            continue
        assert missing not in table and table.get(missing) is None
        following = [key for key in keys if key > missing]
        closest = table.closest_key(missing)
        assert closest == (following[0] if following else None)


def test_the_unhashed_table_has_no_hash_slots(tmp_path: Path) -> None:
    table = write_table(tmp_path, keys_of(300))
    assert all(slots == 0 for _, slots in table.tables)
    # Whoosh's own reader finds nothing in it: only the sorted reader may read it.
    plain = OrderedHashReader(table.dbfile, FileStorage(str(tmp_path)).file_length("t.trm"))
    assert plain.get(keys_of(300)[5]) is None
