"""The advisor's panel and its charts."""
