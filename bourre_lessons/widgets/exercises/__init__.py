"""The exercise apps: the sets of exercises/, their drills, tables and progress."""
