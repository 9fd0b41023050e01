"""The one registry of chat commands: every fact about a command is said here, once.

Each `Command` names its handler (or the plug-in that supplies it: the wallet's commands need the
store, so bot.core.app binds them), its /help group, whether it is a team-admin write, whether its
reply is for the asker's eyes only in a group, and its typed options with their choices or the
autocomplete source that fills them. Descriptions are `cmd.<name>` in catalogs/strings*.yaml, in
both languages. /help (bot.core.commands.help_), the Telegram menus (set_my_commands), the
Discord command tree and the console all read this list, so they cannot disagree.

Adding a command: a handler in bot.core.commands (or the wallet), one `Command` below, and its
`cmd.<name>` strings. Nothing in an adapter changes.

Choices and autocomplete come through `choices()` and `complete()` here, so no adapter imports
the engine's catalogs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from bot.core import commands as c
from bot.core.context import Handler
from bot.text.i18n import has, t

OptionKind = Literal["text", "int", "bool"]
# Autocomplete sources (values typed freely, suggestions from the catalogs) and fixed choice lists.
Source = Literal["model", "gpu", "provider", "duration"]
ChoiceList = Literal["method", "lang", "currency", "currency_setting"]
CHOICES_LIMIT = 25  # Discord shows at most 25 suggestions
PUBLIC = "public"  # the option that shows a private reply to the channel (an admin's team summary)


@dataclass(frozen=True)
class Option:
    """One typed option: its kind, bounds, choices or autocomplete source, and how its value is
    written into the command line the core reads (`word`: a format with {}; None: not written)."""

    name: str
    kind: OptionKind = "text"
    required: bool = False
    low: int | None = None
    high: int | None = None
    choices: ChoiceList | None = None
    complete: Source | None = None
    word: str | None = "{}"
    exclusive: bool = False  # when set, only it (and the yes/no switches) is written: "/budget off me"


@dataclass(frozen=True)
class Command:
    """A chat command. `handler` None: supplied by the plug-in named in `plugin` (bot.core.app).
    `typed`: its options travel as a typed request too (the core reads them, bot.understand.typed)."""

    name: str
    handler: Handler | None
    group: str | None
    options: tuple[Option, ...] = ()
    admin: bool = False
    private: bool = False
    typed: bool = False
    plugin: str | None = None
    line: tuple[str, ...] = field(default=())  # the order options are written in (default: declared)

    def description(self, lang: str) -> str:
        return t(f"cmd.{self.name}", lang)

    def written(self) -> tuple[Option, ...]:
        order = self.line or tuple(o.name for o in self.options)
        by_name = {o.name: o for o in self.options}
        return tuple(by_name[n] for n in order)


TEXT = Option("text")
ME = Option("me", "bool", word="me")
JOB = (TEXT, Option("model", complete="model"), Option("method", choices="method"), Option("gpu", complete="gpu"),
       Option("gpus", "int", low=1, high=1024), Option("seq_len", "int", low=128, high=1_048_576))
DURATION = Option("duration", complete="duration")
WALLET = "wallet"

COMMANDS: tuple[Command, ...] = (
    Command("start", c.help_, None),
    Command("help", c.help_, None),
    Command("size", c.size_, "sizing", JOB, typed=True),
    Command("cost", c.cost_, "sizing", (*JOB, Option("provider", complete="provider")), typed=True),
    Command("compare", c.compare_, "sizing", JOB, typed=True),
    Command("gpus", c.gpus_, "sizing"),
    Command("models", c.models_, "sizing"),
    Command("export", c.export_, "other", (TEXT,)),
    Command("faq", c.faq_, "faq", (TEXT,)),
    Command("wallet", None, "wallet", (ME, Option(PUBLIC, "bool", word=None)), private=True, plugin=WALLET),
    Command("balance", None, "wallet", (ME, Option(PUBLIC, "bool", word=None)), private=True, plugin=WALLET),
    Command("topup", None, "wallet", (Option("amount", required=True), Option("currency", choices="currency"),
                                      Option("provider", complete="provider"), ME),
            admin=True, private=True, plugin=WALLET),
    Command("rent", None, "wallet", (Option("card", required=True, complete="gpu"), DURATION,
                                     Option("count", "int", low=1, high=64, word="x{}"),
                                     Option("provider", complete="provider"), ME),
            admin=True, private=True, plugin=WALLET, line=("card", "count", "duration", "provider", "me")),
    Command("stop", None, "wallet", (Option("rental", "int", required=True, low=1, high=10**12),
                                     Option("duration", complete="duration", word=None), ME),
            admin=True, private=True, plugin=WALLET),
    Command("renew", None, "wallet", (Option("rental", "int", required=True, low=1, high=10**12), DURATION, ME),
            admin=True, private=True, plugin=WALLET),
    Command("rentals", None, "wallet", (ME,), private=True, plugin=WALLET),
    Command("history", None, "wallet", (Option("page", "int", low=1, high=100_000), ME), private=True,
            plugin=WALLET),
    Command("budget", None, "wallet", (Option("amount", word="set {}"), Option("currency", choices="currency"),
                                       Option("thresholds", word="thresholds {}"),
                                       Option("clear", "bool", word="off", exclusive=True), ME), private=True, plugin=WALLET),
    Command("alerts", None, "wallet", (TEXT,), private=True, plugin=WALLET),
    Command("reminders", None, "wallet", (TEXT,), private=True, plugin=WALLET),
    Command("lang", c.lang_, "settings", (Option("value", choices="lang"),)),
    Command("currency", c.currency_, "settings", (Option("value", choices="currency_setting"),)),
    Command("provider", c.provider_, "settings", (Option("value", complete="provider"),)),
)
BY_NAME = {cmd.name: cmd for cmd in COMMANDS}
# /help's groups, in the order shown ("start" and "help" themselves are not listed).
HELP_GROUPS = ("sizing", "faq", "wallet", "settings", "other")
# Reply kinds that are personal money matters: in a group they go to the asker alone.
PRIVATE_KINDS = ("wallet", "wallet_topup", "wallet_confirm", "wallet_done", "wallet_history", "wallet_rentals", "wallet_spent",
                 "wallet_budget", "wallet_alerts", "wallet_amount_pick", "wallet_cancelled", "wallet_error")


def command(name: str) -> Command | None:
    return BY_NAME.get(name)


def core_handlers() -> dict[str, Handler]:
    """The commands the core answers by itself (no plug-in needed), in registry order."""
    return {cmd.name: cmd.handler for cmd in COMMANDS if cmd.handler is not None}


def plugged(plugin: str) -> list[Command]:
    """The commands a plug-in (the wallet) supplies the handler of."""
    return [cmd for cmd in COMMANDS if cmd.plugin == plugin]


def help_groups(known: Iterable[str]) -> list[dict[str, object]]:
    """/help's groups of the commands the core knows, in registry order; "start"/"help" left out."""
    names = set(known)
    groups: list[dict[str, object]] = []
    for key in HELP_GROUPS:
        listed = [cmd.name for cmd in COMMANDS if cmd.group == key and cmd.name in names]
        if listed:
            groups.append({"key": key, "commands": listed})
    return groups


def command_line(cmd: Command, values: dict[str, object]) -> str:
    """The command line the core understands, from typed option values: the same words a user
    would type, so every front end reaches the same handler with the same request.

    A job command (size, cost, compare): "/size" text="with zero 3", model="qwen3-8b",
    method="qlora", gpus=2, gpu="rtx-4090", seq_len=4096 -> "/size with zero 3 qwen3-8b qlora
    2x rtx-4090 seq 4096". Others write each option's `word` in `line` order."""
    if cmd.typed:
        return job_line(cmd.name, **values)
    words = [f"/{cmd.name}"]
    alone = [o for o in cmd.options if o.exclusive and values.get(o.name)]
    for opt in cmd.written():
        if alone and opt not in alone and opt.kind != "bool":
            continue
        value = values.get(opt.name)
        if opt.word is None or value in (None, "", False):
            continue
        words.append(opt.word.format("" if value is True else str(value).strip()).strip())
    return " ".join(w for w in words if w)


def job_line(name: str, text: object = None, **options: object) -> str:
    """A job command's line: text, model, method, "<n>x <card>", "seq <n>", provider, value."""
    parts = [f"/{name}"]
    if text:
        parts.append(str(text).strip())
    for key in ("model", "method"):
        if options.get(key):
            parts.append(str(options[key]))
    gpus, gpu = options.get("gpus"), options.get("gpu")
    if gpus and gpu:
        parts.append(f"{gpus}x {gpu}")
    elif gpus:
        parts.append(f"{gpus} gpus")
    elif gpu:
        parts.append(str(gpu))
    if options.get("seq_len"):
        parts.append(f"seq {options['seq_len']}")
    for key in ("provider", "value"):
        if options.get(key):
            parts.append(str(options[key]))
    return " ".join(parts)


def typed_options(cmd: Command, values: dict[str, object]) -> dict[str, object] | None:
    """A typed command's options as they travel on the Incoming (None for the others)."""
    if not cmd.typed:
        return None
    return {"command": cmd.name, "text": values.get("text"), **{k: v for k, v in values.items() if k != "text"}}


# ---------------------------------------------------------------- choices and suggestions


@dataclass(frozen=True)
class Choice:
    """A value to offer: its label (a catalog key, or the value itself when `key` is None)."""

    value: str
    key: str | None = None

    def label(self, lang: str) -> str:
        return t(self.key, lang) if self.key and has(self.key) else self.value


def choices(name: ChoiceList) -> list[Choice]:
    """A fixed choice list: methods, reply languages, currencies (with "auto" for the setting)."""
    from engine.providers import currencies

    if name == "method":
        return [Choice(m, f"method.{m}") for m in ("full", "lora", "qlora", "pretrain")]
    if name == "lang":
        return [Choice("zh"), Choice("en"), Choice("auto", "setting.auto")]
    ids = [Choice(cur.id) for cur in currencies().entries]
    return [*ids, Choice("auto", "setting.auto")] if name == "currency_setting" else ids


DURATIONS = ("week", "month", "2w", "1d", "3d", "8h", "24h")  # rental lengths as /rent and /renew read them


def complete(source: Source, typed: str) -> list[tuple[str, str]]:
    """Suggestions (label, value) for what was typed: catalog entries whose id, name or alias
    contains it, prefix matches first; rental lengths with what was typed offered first as typed."""
    if source == "duration":
        text = typed.strip()
        found = [d for d in DURATIONS if not text or d.startswith(text.lower())]
        return [(v, v) for v in ([text] if text and text not in found else []) + found][:CHOICES_LIMIT]
    return _matches(_entries(source), typed)


def _entries(source: Source) -> Iterable[tuple[str, str, Iterable[str]]]:
    from engine.catalog import gpus, models
    from engine.providers import providers

    if source == "model":
        return ((m.id, m.name, m.aliases) for m in models().entries)
    if source == "gpu":
        return ((g.id, g.name, g.aliases) for g in gpus().entries)
    return ((p.id, p.name, p.aliases) for p in providers().entries)


def _matches(entries: Iterable[tuple[str, str, Iterable[str]]], current: str) -> list[tuple[str, str]]:
    typed = current.strip().lower()
    scored = []
    for value, name, aliases in entries:
        words = [value.lower(), name.lower(), *(a.lower() for a in aliases)]
        if not typed:
            rank = 1
        elif any(w.startswith(typed) for w in words):
            rank = 0
        elif any(typed in w for w in words):
            rank = 1
        else:
            continue
        scored.append((rank, name.lower(), name, value))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [(name, value) for _, _, name, value in scored[:CHOICES_LIMIT]]
