"""Jinja2 rendering: one environment per output flavor, with the number and table filters.

Templates live in templates/<flavor>/<kind>.j2; the plain flavor is the console's. Tables pad by
display width (wcwidth) so CJK and ASCII columns line up.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from bot.messages import Reply
from bot.text.errors import not_offered
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.money import Money
from templates import template_dir

if TYPE_CHECKING:  # jinja2 and wcwidth are imported when a reply is first rendered: `kasuan size --json` never needs them
    from jinja2 import Environment

FLAVORS = ("plain", "telegram", "discord")


def display_width(text: str) -> int:
    from wcwidth import wcswidth  # imported on first use, like jinja2

    width = wcswidth(text)
    return width if width >= 0 else len(text)


def pad(text: object, width: int, align: str = "left") -> str:
    """Pad to `width` display columns (a CJK character takes two)."""
    s = str(text)
    gap = max(width - display_width(s), 0)
    return " " * gap + s if align == "right" else s + " " * gap


def column_widths(rows: list[list[str]]) -> list[int]:
    return [max(display_width(str(r[i])) for r in rows) for i in range(len(rows[0]))] if rows else []


def fmt_mem(value: float) -> str:
    """A card's memory as its vendor states it: 24, 80, 141."""
    return f"{value:g}"


def money_filter(context: Any, value: Money | Decimal, currency_id: str | None = None) -> str:
    """The `money` filter: a Money, or a Decimal with its currency id (`x | money(cur)`), printed by
    Money.format in the reply's language (the template's `lang`): ₮14,432, $0.33, ¥2,800."""
    amount = value if isinstance(value, Money) else Money(value, str(currency_id))
    return amount.format(str(context.get("lang") or "en"))


def money_exact_filter(context: Any, value: Decimal, currency_id: str) -> str:
    """The `money_exact` filter: every decimal of the amount (Money.format_exact), for a per-minute
    charge cents would round ($0.495, $0.0055)."""
    return Money(value, currency_id).format_exact(str(context.get("lang") or "en"))


def fmt_wan(value: float | int | Decimal) -> str:
    """An amount in 万 (ten thousands), as Chinese price lists and the seeds write it: 25000 -> "2.5"."""
    return f"{Decimal(str(value)) / 10000:.2f}".rstrip("0").rstrip(".")


def fmt_num(value: float | int | Decimal, digits: int = 0) -> str:
    """A count with up to `digits` decimals: 69.5 h, but 720 h, not 720.0 (a zero that says nothing)."""
    shown = f"{value:,.{digits}f}"
    return shown.removesuffix("." + "0" * digits) if digits else shown


def fmt_params(params: float) -> str:
    """Parameter counts as people say them: 8.19B, 671B, 596M."""
    if params >= 1e9:
        b = params / 1e9
        return f"{b:.3g}B" if b < 100 else f"{b:,.0f}B"
    return f"{params / 1e6:.3g}M"


MAX_TABLE_WIDTH = {"plain": 72, "telegram": 40, "discord": 40}
MESSAGE_LIMIT = {"plain": 1_000_000, "telegram": 4096, "discord": 2000}
_MD_SPECIAL = re.compile(r"([\\*_`~|>#\[\]()])")


def md_escape(text: object) -> str:
    """Discord markdown: escape formatting characters and defuse @everyone/@here and user mentions."""
    s = _MD_SPECIAL.sub(r"\\\1", str(text))
    return s.replace("@", "@\u200b")


def code_safe(text: object) -> str:
    """Inside a Discord code block only backticks can break out; make them harmless."""
    return str(text).replace("`", "ˋ")


def table_width(widths: list[int]) -> int:
    return sum(widths) + 2 * max(len(widths) - 1, 0)


@cache
def _environment_class() -> type[Environment]:
    from types import FunctionType

    from jinja2 import Environment
    from jinja2.runtime import Context

    dict_attributes = frozenset(dir(dict))
    missing = object()
    stopped = "value was undefined because a callable raised a StopIteration exception"

    class ReplyContext(Context):
        """Calls a plain function (`t`, `seller`, the reply's own helpers) from a template straight away.
        Jinja's Context.call first asks every callable whether it wants the context, the eval context or
        the environment passed (four attribute look-ups); a plain function marked with none of
        jinja2.pass_context / pass_eval_context / pass_environment (jinja_pass_arg in its __dict__) wants
        none, so it is called as Context.call would call it. A sizing reply makes some sixty such calls.
        Everything else (macros, filters marked pass_context, bound methods) goes through Jinja's own."""

        def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
            if type(__obj) is not FunctionType or "jinja_pass_arg" in __obj.__dict__:
                return super().call(__obj, *args, **kwargs)
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:
                return __self.environment.undefined(stopped)

    class ReplyEnvironment(Environment):
        """Reads `data.key` on a reply's dicts as Jinja does (an attribute first, then the key) without
        raising and catching an AttributeError for each: a plain dict has no attribute beyond its
        class's, so for any other name the key is what Jinja ends up with. A reply reads hundreds.
        Templates are kept by name once loaded (see get_template)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._by_name: dict[str, Any] = {}

        def get_template(self, name: Any, parent: Any = None, globals: Any = None) -> Any:
            """A template loaded once, by name, without Jinja's LRU cache (a lock, a deque move per look-up): a
            reply looks up five to ten (its own, and every `{% from … import %}` at each render). The environment
            is made with auto_reload off, so Jinja's cache would hand back the same compiled template too; a
            look-up with globals to add goes to Jinja, which adds them."""
            if globals or type(name) is not str:
                return super().get_template(name, parent, globals)
            key = name if parent is None else self.join_path(name, parent)
            found = self._by_name.get(key)
            if found is None:
                found = self._by_name[key] = super().get_template(key)
            return found

        def getattr(self, obj: Any, attribute: str) -> Any:
            if type(obj) is dict and attribute not in dict_attributes:
                value = obj.get(attribute, missing)
                if value is not missing:
                    return value
            return super().getattr(obj, attribute)

        def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
            """A template's globals as one dict (the environment's, then its own) instead of Jinja's ChainMap
            over both: each `{% from … import %}` of a render compares the importing context's global names
            with the imported template's (Template._get_default_module), and each context is built from
            them; on a ChainMap each name asks every map. The environment's globals are set once, before
            any template is loaded (environment()), as Jinja asks ("avoid modifying any globals after a
            template is loaded"), so the copy holds what the chain would read."""
            return {**self.globals, **(d or {})}

    ReplyEnvironment.context_class = ReplyContext
    return ReplyEnvironment


@cache
def environment(flavor: str) -> Environment:
    if flavor not in FLAVORS:
        raise ValueError(f"unknown flavor {flavor}")
    from jinja2 import FileSystemLoader, StrictUndefined, pass_context

    env = _environment_class()(
        loader=FileSystemLoader([str(template_dir() / flavor), str(template_dir())]),
        autoescape=flavor == "telegram",
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        # the templates ship with the code and never change under a running bot: no stat() of every
        # template and imported macro file on each render (a reply renders five to ten of them)
        auto_reload=False,
    )
    identity = str
    env.filters.update(
        gb=fmt_gb, mem=fmt_mem, money=pass_context(money_filter), money_exact=pass_context(money_exact_filter), num=fmt_num, params=fmt_params, wan=fmt_wan, pad=pad, width=display_width, short_gpu=short_gpu,
        md=md_escape if flavor == "discord" else identity,
        u=md_escape if flavor == "discord" else identity,
        code=code_safe if flavor == "discord" else identity,
    )
    env.globals.update(t=t, not_offered=not_offered, seller=seller, column_widths=column_widths, table_width=table_width,
                       max_table_width=MAX_TABLE_WIDTH[flavor], flavor=flavor)
    return env


def seller(row: dict[str, Any], lang: str) -> str:
    """A price row's provider, with "as N separate instances" when that is how it rents the setup
    (bot.views.price.apart): a sizing and a card count price the same cards, and say the same of them."""
    apart = row.get("apart")
    name = f"{row['provider']} {row['card']}" if row.get("card") else str(row["provider"])  # a second card of one setup
    if not apart:
        return name
    key = "price.apart_single" if apart["per"] == 1 else "price.apart"
    return name + t(key, lang, **apart)


def render_reply(reply: Reply, flavor: str = "plain") -> str:
    """A reply in a front end's flavor (plain for the console and the CLI)."""
    text = render(reply.kind, flavor, lang=reply.lang, **reply.data)
    for other in reply.also:  # a message that asked two things: each answer, in the order asked
        text += "\n" + render(other.kind, flavor, lang=other.lang, **other.data)
    return text


def render(kind: str, flavor: str, **data: Any) -> str:
    """Render templates/<kind>.j2 (or the flavor's own copy) with `data`.

    As Template.render does, but the context's variables are dropped once the text is out: a template's
    own macros are closures over the context that holds them, a reference cycle only the collector frees
    (a few dozen objects a reply, most of what a message left for it). Dropped, the render's objects go
    when it returns, and the collector's passes come that much less often."""
    env = environment(flavor)
    template = env.get_template(f"{kind}.j2")
    context = template.new_context(data)
    try:
        text = env.concat(template.root_render_func(context))
    except Exception:
        env.handle_exception()
    finally:
        context.vars.clear()
        context.exported_vars.clear()
    text = one_sign(text)
    if "\n\n\n" in text:  # (the substitution finds nothing else: a run of three newlines is what it needs)
        text = _BLANK_RUN.sub("\n\n", text)
    return text.strip() + "\n"


_BLANK_RUN = re.compile(r"\n{3,}")


def one_sign(text: str) -> str:
    """`text` with every band of money printing its currency sign once ("¥80,000–120,000"): what every reply
    does when rendered, and what a chart's labels (drawn, not rendered) do too. A text without "–" has no
    band (the pattern needs one), so it is returned without the search."""
    return _band_pattern().sub(r"\1\2–", text) if "–" in text else text


@cache
def _band_pattern() -> re.Pattern[str]:
    """A band of money prints its currency sign once, "¥80,000–120,000" (never "¥80,000–¥120,000"): every view
    and template joins two amounts with "–", so the sign repeated on the high end is dropped here, for all of them."""
    from engine.providers import currencies

    signs = "".join(re.escape(c.symbol) for c in currencies().entries)
    return re.compile(rf"(?<![\w.,])([{signs}])(\d[\d,.\\]*)–\1(?=\d)")


def split_message(text: str, flavor: str) -> list[str]:
    """Cut a rendered reply into messages under the platform's limit, at blank lines (block
    boundaries); a block too long on its own is cut between lines, closing and reopening its code
    block so nothing is ever split inside one."""
    limit = MESSAGE_LIMIT[flavor]
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    current = ""
    for block in _blocks(text, limit):
        candidate = f"{current}\n\n{block}" if current else block
        if len(candidate) <= limit:
            current = candidate
        else:
            if current:
                parts.append(current)
            current = block
    if current:
        parts.append(current)
    return parts


def _blocks(text: str, limit: int) -> list[str]:
    out: list[str] = []
    for block in text.strip().split("\n\n"):
        if len(block) <= limit:
            out.append(block)
            continue
        opener, closer, inner = _unwrap(block)
        room = limit - len(opener) - len(closer)
        chunk: list[str] = []
        size = 0
        for line in inner.split("\n"):
            for piece in [line[i:i + room] for i in range(0, len(line), room)] or [""]:
                if chunk and size + len(piece) + 1 > room:
                    out.append(opener + "\n".join(chunk) + closer)
                    chunk, size = [], 0
                chunk.append(piece)
                size += len(piece) + 1
        if chunk:
            out.append(opener + "\n".join(chunk) + closer)
    return out


def _unwrap(block: str) -> tuple[str, str, str]:
    """(opening fence, closing fence, inside) of a code block, or empty fences for plain text."""
    if block.startswith("```\n") and block.endswith("\n```"):
        return "```\n", "\n```", block[4:-4]
    if block.startswith("<pre>") and block.endswith("</pre>"):
        return "<pre>", "</pre>", block[5:-6]
    return "", "", block
