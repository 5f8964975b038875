"""onrecord's web layer: Flask app factory, HTML pages and the JSON API.
The only package that imports Flask."""
