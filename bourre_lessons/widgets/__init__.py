"""What a learner sees: everything that needs ipywidgets or matplotlib.

The widget kit, the scene view, the card table, the classroom app, the advice panel, the
exercise apps, the lesson helpers and the charts. These import the engine, the scenes, the
exercises and (for simulations) the sim layer; nothing imports them back.
"""
