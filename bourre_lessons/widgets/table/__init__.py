"""The card table: the anywidget that draws one, what it shows, and a whole hand at a table."""
