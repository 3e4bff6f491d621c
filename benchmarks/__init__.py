"""Speed figures: `python -m benchmarks` (see __main__.py)."""
