"""The app's templates: each one's globals one plain dictionary, copied at each render as
such (``web.templating``), and none missing a global set after it was loaded."""

from __future__ import annotations

from flask import render_template_string


def test_each_templates_globals_are_one_dictionary_with_every_global(app):
    """Jinja's own are a ``ChainMap``, which each render copies key by key in Python (some
    70 µs a render with the app's globals)."""
    template = app.jinja_env.get_template("table/_board_now.html")
    assert type(template.globals) is dict
    assert template.globals.keys() == app.jinja_env.globals.keys()
    assert template.globals["phase_name"] is app.jinja_env.globals["phase_name"]


def test_a_global_set_after_a_template_was_loaded_reaches_it(app):
    with app.test_request_context("/"):
        before = app.jinja_env.get_template("table/_board_now.html")
        app.jinja_env.globals["late_word"] = "late"
        after = app.jinja_env.get_template("table/_board_now.html")
        assert after is not before and after.globals["late_word"] == "late"
        assert render_template_string("{{ late_word }}") == "late"
        del app.jinja_env.globals["late_word"]
        assert "late_word" not in app.jinja_env.get_template("table/_board_now.html").globals


def test_every_way_of_changing_the_globals_reaches_the_templates(app):
    """Not only ``globals[k] = v`` and ``update`` (Flask's and Jinja's own ways): any change
    to the environment's globals forgets the templates that copied them."""
    template = "table/_board_now.html"
    changes = [
        lambda g: g.setdefault("late_a", 1),
        lambda g: g.__ior__({"late_b": 2}),
        lambda g: g.pop("late_a"),
        lambda g: g.update(late_c=3),
    ]
    for change in changes:
        before = app.jinja_env.get_template(template)
        change(app.jinja_env.globals)
        after = app.jinja_env.get_template(template)
        assert after is not before
        assert after.globals.keys() == app.jinja_env.globals.keys()
