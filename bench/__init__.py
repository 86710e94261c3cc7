"""Scripts that print figures: run each from the project root as a module,
``.venv/bin/python -m bench.NAME`` (results in BENCHMARKS.md).

A bench's client is one address playing thousands of tables: the servers it starts run with
the limits per client address off (``UNLIMITED``; ``serving.limits``), and say so.
"""

# The environment a bench's server runs in: no limits per client address.
UNLIMITED = {"EVILROBOTS_LIMITS": "off"}
SAID = "limits per client address: off (one client plays for everyone)"
