"""How a memory figure is written in a reply: one rule for every GB the chat prints (templates' `gb` filter,
catalog strings' `{x:gb}` spec, and the views that build a line in code)."""

from __future__ import annotations

import string
from typing import Any


def fmt_gb(value: float) -> str:
    """GB as a person writes it, with precision that suits the size: 0.35, 4.5, 70, 79.5, 1,152. A whole
    number prints without a ".0" that says nothing (70, not 70.0; 16, not 16.0); a real decimal stays (80.7)."""
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 1:
        return f"{value:.1f}".removesuffix(".0")
    return f"{value:.2f}".rstrip("0").rstrip(".")


class _Figures(string.Formatter):
    """str.format with one more spec: `{x:gb}` writes a memory figure by fmt_gb."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        return fmt_gb(float(value)) if format_spec == "gb" else super().format_field(value, format_spec)


FIGURES = _Figures()


def format_text(template: str, params: dict[str, object]) -> str:
    """`template.format(**params)`, with `{x:gb}` written by fmt_gb."""
    return FIGURES.vformat(template, (), params) if ":gb}" in template else template.format(**params)
