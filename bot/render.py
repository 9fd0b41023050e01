"""Jinja2 rendering: one environment per output flavor, with the number and table filters.

Templates live in templates/<flavor>/<kind>.j2; the plain flavor is the console's. Tables pad by
display width (wcwidth) so CJK and ASCII columns line up.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from wcwidth import wcswidth

from bot.i18n import t
from templates import template_dir

FLAVORS = ("plain", "telegram", "discord")


def display_width(text: str) -> int:
    width = wcswidth(text)
    return width if width >= 0 else len(text)


def pad(text: object, width: int, align: str = "left") -> str:
    """Pad to `width` display columns (a CJK character takes two)."""
    s = str(text)
    gap = max(width - display_width(s), 0)
    return " " * gap + s if align == "right" else s + " " * gap


def column_widths(rows: list[list[str]]) -> list[int]:
    return [max(display_width(str(r[i])) for r in rows) for i in range(len(rows[0]))] if rows else []


def fmt_gb(value: float) -> str:
    """GB with precision that suits the size: 0.35, 4.5, 79.5, 1,152."""
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}".rstrip("0").rstrip(".") if value < 1 else f"{value:.1f}"


def fmt_mem(value: float) -> str:
    """A card's memory as its vendor states it: 24, 80, 141."""
    return f"{value:g}"


def fmt_num(value: float | int | Decimal, digits: int = 0) -> str:
    return f"{value:,.{digits}f}"


def fmt_params(params: float) -> str:
    """Parameter counts as people say them: 8.19B, 671B, 596M."""
    if params >= 1e9:
        b = params / 1e9
        return f"{b:.3g}B" if b < 100 else f"{b:,.0f}B"
    return f"{params / 1e6:.3g}M"


@cache
def environment(flavor: str) -> Environment:
    if flavor not in FLAVORS:
        raise ValueError(f"unknown flavor {flavor}")
    env = Environment(
        loader=FileSystemLoader([str(template_dir() / flavor), str(template_dir())]),
        autoescape=select_autoescape(enabled_extensions=("j2",)) if flavor == "telegram" else False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters.update(gb=fmt_gb, mem=fmt_mem, num=fmt_num, params=fmt_params, pad=pad, width=display_width)
    env.globals.update(t=t, column_widths=column_widths)
    return env


def render(kind: str, flavor: str, **data: Any) -> str:
    """Render templates/<flavor>/<kind>.j2 with `data`."""
    return environment(flavor).get_template(f"{kind}.j2").render(**data).strip() + "\n"
