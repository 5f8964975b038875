"""Tests of search/features/: entities, exports, sightings and facet counts."""
