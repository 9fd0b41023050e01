"""The render shortcuts (bot.text.render): a template kept by name is the one Jinja loads, a plain function
called from a template is called as Jinja calls it, and a function that asks for the context still gets it."""

from __future__ import annotations

from jinja2 import pass_context

from bot.text.render import environment, one_sign, render


def test_template_kept_by_name_is_jinjas():
    env = environment("plain")
    first = env.get_template("sizing.j2")
    assert env.get_template("sizing.j2") is first
    assert env.get_template("common.j2", "sizing.j2") is env.get_template("common.j2")
    assert environment("discord").get_template("sizing.j2") is not first  # each flavor its own


def test_calls_from_a_template():
    env = environment("plain")
    seen = []

    @pass_context
    def asks_context(context, x):
        seen.append(context.get("lang"))
        return f"ctx:{x}"

    def plain(x, *, y="-"):
        return f"plain:{x}{y}"

    def stops():
        raise StopIteration

    tpl = env.from_string("{{ a(1) }} {{ b(2, y='!') }} {{ c() is undefined }}")
    assert tpl.render(a=asks_context, b=plain, c=stops, lang="zh") == "ctx:1 plain:2! True"
    assert seen == ["zh"]


def test_one_sign_and_blank_runs():
    assert one_sign("¥80,000–¥120,000") == "¥80,000–120,000"
    assert one_sign("no band here ¥80") == "no band here ¥80"
    assert "\n\n\n" not in render("smalltalk", "plain", lang="en", talk="thanks")
