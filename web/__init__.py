"""onrecord's web layer: Flask app factory, HTML pages and the JSON API.
The only package that imports Flask.  app.py assembles the app (create_app,
serve: what cli/, bench/ and tests import); the folders group the rest by
concern: serving/ (a request's parameters, the app's state, errors to status
codes, the server and its processes), pages/ (the HTML pages and their
rendering), outputs/ (the API, exports, feeds, citations, look-up), access/
(who may read) and watch/ (what a watch left beside the index).  A folder
imports only those below it: serving <- access <- outputs <- watch <- pages
(tests/test_layers.py)."""
