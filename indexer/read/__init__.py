"""Stage 1, reading: which files a run visits and their bytes as text.

Owns walking the inputs (`inputs`: folders never left through a link, files
plainly not articles left out), reading one file and its sidecar
NAME.meta.json into a `SourceFile` (`reader`: extension, size and binary
checks; `load_input` for a worker on another machine), bytes to text
(`encodings`: BOM, UTF-8, declared charset, else a named guess; text encoded
twice repaired), web archives to the HTML pages they hold (`warcs`: .warc
and .warc.gz through warcio, each page's URL and fetch time, records that
are no page counted, damage cutting only what follows it) and the date
spellings that metadata states (`metadates`, which the sidecars need here
and parse/ reuses).  Imports no later stage.
"""
