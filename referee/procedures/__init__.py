"""The procedures behind the one door: each package here is one procedure
(its grammar, its checks, its resolver, its messages and its keys' words),
found by the registry in `referee.ruleset.registry` under the name a file
gives as `procedure:`; `door` holds what every procedure shares."""
