"""The scene views: a practice position, a story or a named card, one question at a time."""
