"""The reported pass: each reported clause as an `indirect` quote, and whom it credits.

Owns the pass that runs after an article's quotes are attributed
(`reports`), whom each clause credits (`clausecredits`: a role no one was
introduced with, an organisation's name or description, then the readings
below in turn) and its own readings of a clause's speaker phrase: whom a
description names where the direct path did not (`described`), a speaker the
phrase names in words the registry cuts (`written`), the newspaper "the
newspaper said" means (`outlets`) and a masthead written only as "The Bugle"
(`mastheads`), the body a description names inside it (`bodies`), a body's
name that runs on into its speaker (`staffruns`), a book's words as its
author's (`works`) and any other work's as its maker's when the sentence names
the maker right after it, "according to a report from the Acme Institute"
(`worksources`), "it" right after a document's words as its issuer's
(`itdocuments`), a lead's "a charity has warned" as the body a later
sentence shows speaking (`leadbodies`) and a name kept as written when the
registry's "person" ending in it is a body's, "Radio Leicester", and
without a leading weekday, "On Thursday Rovers said" (`ownnames`), and a
definite person epithet ("The former Norland international added") as the
one person the headline names (`topicperson`), and a body named only by
its own noun ("Police said", "West Yorkshire police confirmed") as that
force, never unnamed nor the last other body that spoke (`selfnamed`), and
a body's officials or members after a name the cue finder cut off ("Seattle
officials said") as the organisation the article names so (`staffnames`).
"""
