"""Descriptions as speakers: whom "the minister", "their lawyer" or "the report" names.

Owns how a description becomes a canonical speaker (`nominals`): a name set
off by a comma after it (`appositives`), "the Norland Central MP", an office
and no name (`definites`), one opening the article that the next sentence
names (`leads`), whose document "the report" is (`documents`), whose claim a
quoted that-clause is (`claims`), and, grouped by what a description can
name:

- `bodies/`: the organisation a body's noun means ("the ministry", "the
  paper", "the club", a bare "a spokesman", "the statistical office");
- `persons/`: the person a role, a person's noun, an epithet or a kinship
  noun means ("the foreign secretary", "the Tory co-chairman", "the
  Brazilian", "his wife, Ann").
"""
