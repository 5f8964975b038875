"""The HTML pages and how they render: the search, article and help pages'
routes (routes.py), the entity pages and their SVG timelines (entities.py,
charts.py), every link keeping all search state in the URL (links.py), what
the page shows of each facet (facetview.py), escaped markup with marks and
evidence (render.py), version changes (changes.py), "also in" labels
(also_in.py)."""
