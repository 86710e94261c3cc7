"""Scripts that print figures: run each from the project root as a module,
``.venv/bin/python -m bench.NAME`` (results in BENCHMARKS.md)."""
