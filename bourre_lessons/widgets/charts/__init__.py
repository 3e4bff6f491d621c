"""The charts: their shared style, the pot, a session's bankrolls, the variant lab."""
