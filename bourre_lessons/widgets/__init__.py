"""What a learner sees: everything that needs ipywidgets or matplotlib.

One folder for each thing a learner meets: `scenes/` (the scene views), `exercises/` (the
exercise apps), `table/` (the drawn card table and the game table), `advice/` (the advice panel
and its charts) and `charts/`; beside them the widget kit, the text form, the reveal, the rule
chips, the progress bar, the classroom app, the cheat sheet and the lesson helpers. These import
the engine, the scenes, the exercises and (for simulations) the sim layer; nothing imports them
back.
"""
