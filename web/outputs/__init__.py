"""What leaves the site for other programs and readers: the JSON API and
every page's .json twin (api.py), CSV and JSON exports (exports.py), Atom
feeds (feeds.py), citations and permalinks (citations.py), the batch
name look-up with its CSV and JSON (lookup.py), and how an article is
named and an entity page linked wherever they appear (names.py)."""
