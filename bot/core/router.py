"""The one router every front end calls: Incoming in, Reply (data) out, never a platform call.

`kasuan ask`, the console, Telegram and Discord all come through `Core.handle`. A message is parsed once
(bot.understand.parser decides its intent on all its signals at once) and goes to one handler. What the router adds to
the parser is the conversation: a clarifying question waits for its answer (typed or pressed), a follow-up
("那换成qlora呢") changes one thing of the previous question, and the Details button re-renders the last answer in full.
Anything that goes wrong inside a handler becomes a short apology with an error id, logged with its traceback.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from bot.clock import Clock
from bot.core import budget_before, buttons, cheapest_card, files, plan_asked, registry, setup_stated
from bot.core.add_on_follow import add_on_turn
from bot.core.answers import answer_turn, cost_request, export_request, size_request
from bot.core.asked_reading import keep_reading
from bot.core.bill_check import bill_asked, bill_first
from bot.core.bundle_budget import bundle_first, bundled, unbudgeted
from bot.core.catch_first import as_plan, catch_first
from bot.core.cheaper_follow import cheaper_lead
from bot.core.command_words import command_as_question
from bot.core.context import Context, Handler, IntentHandler, cost_fields
from bot.core.conversation import Conversations, StoreConversations
from bot.core.deadline_answers import against_deadline, deadline_without_data, fit_before_deadline, run_against_deadline
from bot.core.detail_follow import answered
from bot.core.export_again import carried, export_turn
from bot.core.export_follow_up import tool_after_export_question, tool_for_export
from bot.core.facts_follow import facts_of_last, memory_of_last, spec_turn, weights_of_last, with_faq_beside
from bot.core.faq import faq_button
from bot.core.faq_context import (
    about_the_faq,
    asked_elsewhere,
    behind_faq,
    card_alone,
    card_for_a_time,
    method_of_faq,
    priced_there,
    reprices_beneath,
    setup_faq,
    span_asked,
    span_on_card_asked,
    span_on_priced,
    total_on_priced,
    unknown_turn,
    with_card_before,
    with_provider_before,
)
from bot.core.faq_job import SHORT, example_first, job_of_question, run_of_last, run_timed
from bot.core.faq_subject import choice_of_faq, subject_of_faq, subject_reply
from bot.core.follow_ups import merge_follow_up
from bot.core.held_budget import held_after_top_up, hold_budget, rental_against_held
from bot.core.intents import INTENTS, plugin_elsewhere
from bot.core.job_return import back_to_job
from bot.core.jobs_follow import with_cost_asked
from bot.core.language_again import asked_again, noted, offer_chinese
from bot.core.largest import largest_asked, largest_for_budget
from bot.core.last_answer_follow import answered_about_last
from bot.core.method_needed import method_needed_first
from bot.core.need_first import need_first
from bot.core.needed_first import low_end_first, low_end_lead, needed_first
from bot.core.nodes_first import nodes_first
from bot.core.options import keep_chained, keep_listed, option_follow_up
from bot.core.own_wallet import against_wallet, wallet_of_price
from bot.core.part_changed import of_the_part_before, parts_read
from bot.core.part_job import stated_beside_model
from bot.core.price import runway_of_pick, steps_first
from bot.core.price_pairs import cheaper_first, difference_first, price_aside_first, runs_led, total_first
from bot.core.rent_priced import rent_priced
from bot.core.rental_added import rental_added
from bot.core.run_follow import keep_run, run_follow
from bot.core.run_note import run_note
from bot.core.run_on_priced import keep_job
from bot.core.said_earlier import count_against_deadline, said_before
from bot.core.settings import MemorySettings, SettingsStore, effective, no_language_yet, remember_language
from bot.core.several import (
    fit_first,
    setup_question_first,
    spec_asked,
    stated_in_full,
    term_and_run_asked,
    verdict_first,
    verdicts_first,
)
from bot.core.shown import job_misses_first
from bot.core.speed_first import on_the_pick, speed_first
from bot.core.terms_of_faq import asks_terms, on_terms_asked, span_left_open
from bot.core.wallet_follow_ups import budget_stated, of_stated_budget, of_wallet, rental_against_budget, unpriced_rent
from bot.core.weigh_priced import resized_weighed
from bot.core.without_add_on import left_out
from bot.core.year_and_month import year_pair
from bot.messages import Awaiting, Incoming, Reply, Turn
from bot.text.errors import error_message, internal_error
from bot.text.i18n import t
from bot.understand import glossary
from bot.understand.corrections import opening, settled
from bot.understand.cues import of_question
from bot.understand.entities import find_gpus
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq import provider_of as faq_provider
from bot.understand.normalize import normalize
from bot.understand.one_message import one_reading
from bot.understand.parser import Parsed, parse
from bot.understand.provider_words import named
from bot.understand.return_words import without_return
from bot.understand.script import simplified
from bot.understand.typed import typed_request
from bot.understand.wallet_intent import WalletAction, asks_again_now
from bot.understand.zones import default_zone
from bot.views import price_age
from bot.views.card_spec import card_spec_reply, with_machine
from bot.views.format_bytes import format_bytes_reply
from bot.views.instances import instances_first, singles_of_count, singles_of_total, still_separate, unless_weighed
from bot.views.place_line import parts_placed
from bot.views.planning import (
    budget_floor_verdict,
    budget_verdict,
    drop_over_budget,
    planning_for,
    with_lighter_methods,
)
from bot.views.pooled import pooled_reply
from bot.views.price_table import attach_table
from bot.views.runs_priced import runs_in_one
from engine.errors import KasuanError
from engine.memo import in_one_question
from engine.money import Money

log = logging.getLogger("kasuan.router")
COMMAND = re.compile(r"^(?:@\w+[\s,，:：]+)*/([a-zA-Z_]+)(?:@\w+)?(?:\s+(.*))?$", re.DOTALL)  # "@KaSuan /gpus": the address first
ButtonHandler = Callable[[Context, str], Reply]
ResumeHandler = Callable[[Context, Awaiting, str], Reply]
PROVIDER_VIEWS = frozenset({"provider_prices", "provider_models", "gpus"})  # a provider's lists, asked by name
DETAILS_WORDS = {"details", "detail", "明细", "详情", "细节", "more"}


class Core:
    """Routes messages to handlers. Extra commands, buttons, intents (the wallet) plug in here."""

    def __init__(self, settings: SettingsStore | None = None, clock: Clock | None = None,
                 conversations: Conversations | StoreConversations | None = None) -> None:
        self.settings = settings or MemorySettings()
        self.conversations = conversations or Conversations(clock)  # in the store for `kasuan run` (bot.core.app)
        self.commands: dict[str, Handler] = registry.core_handlers()  # a plug-in's (the wallet's) bound later (bot.core.app)
        for cmd in registry.COMMANDS:
            if cmd.handler is None:
                self.commands[cmd.name] = plugin_elsewhere
        self.button_handlers: dict[str, ButtonHandler] = {"s|": self._sizing_button, "a|": self._answer_button,
                                                          "d|": self._details_button, "q|": self._faq_button}
        self.intents: dict[str, IntentHandler] = dict(INTENTS)
        self.resumers: dict[str, ResumeHandler] = {}
        # "tell me when an H100 week is under ₮4,000": the wallet plugs its price watch in here
        self.watch: Callable[[Context, str], Reply | None] | None = None
        # what the asker's wallet holds per provider: the wallet plugs it in (bot.core.app)
        self.held: Callable[[Context], dict[str, tuple[Decimal, str]]] | None = None

    def menu(self) -> list[registry.Command]:
        """The registry's commands this core answers, in registry order: what the Telegram menus,
        the Discord tree, the console and /help offer."""
        return [cmd for cmd in registry.COMMANDS if cmd.name in self.commands]

    def command_menu(self, lang: str) -> list[tuple[str, str]]:
        """(name, description in `lang`) of every command on the menu."""
        return [(cmd.name, cmd.description(lang)) for cmd in self.menu()]

    @one_reading  # the readers of one message share what they found in it, the router's too (bot/understand/one_message.py)
    def handle(self, inc: Incoming) -> Reply | None:
        """The reply to `inc`, or None when the message isn't for the bot (group chatter)."""
        if inc.text:  # traditional Chinese is read as simplified by every reader after this (bot.understand.script)
            inc = inc if (plain := simplified(inc.text)) == inc.text else replace(inc, text=plain)  # (a copy only when changed)
        if inc.text and not inc.text.lstrip().startswith("/"):  # "跑8个小时 不对 6个小时呢": one value, for every reader;
            inc = inc if (said := opening(settled(inc.text))) == (inc.text, inc.corrects) else replace(inc, text=said[0], corrects=said[1])  # "oops, typo — 72b"
        first = no_language_yet(self.settings, inc)
        settings = effective(self.settings, inc)  # the language of the words as sent, then what the chat said before
        remember_language(self.settings, inc)  # after: a first question's remembered reading is for the turns after it
        inc = replace(inc, text=plain) if inc.text and (plain := named(inc.text)) != inc.text else inc  # "周租月租那家": the provider's name
        ctx = Context(inc, settings, self.settings, tuple(self.commands))
        before = self.conversations.last(ctx.key)
        again = asked_again(before, inc.text)  # "用中文": the last question, in Chinese, as it was asked
        if again is not None:
            text, before = again
            self.conversations.remember(ctx.key, before)
            ctx = Context(replace(inc, text=text), settings, self.settings, tuple(self.commands))
        try:
            reply = self._route(ctx)
        except KasuanError as exc:
            return Reply("error", ctx.lang, {"message": error_message(exc, ctx.lang)})
        except Exception as exc:
            log.error("handler failed for %s event %s", inc.platform, inc.event_id)
            return Reply("error", ctx.lang, {"message": internal_error(exc, ctx.lang)})
        if reply is not None:
            if reply.turn is not None and reply.turn is not before and inc.text and inc.button is None:
                noted(reply.turn, ctx.inc.text, before)
            if inc.button is None:  # "钱包还有 800": the money held stays a fact for the turns after it
                carried(reply, reply.reading, before, self.conversations.clock.now())  # money held, last export, a deadline
                if self.held is not None:  # "CloudGPU 充了 50 刀": the wallet's money there, after the top-up
                    held_after_top_up(reply, reply.reading, self.held(ctx))
            self._remember(ctx, reply)
            price_age.attach(reply, self.conversations.clock.now())
            offer_chinese(reply, inc, first and again is None)
        return reply

    @in_one_question  # the sizings of one answer share their estimates (engine.memo)
    def _route(self, ctx: Context) -> Reply | None:
        inc = ctx.inc
        if inc.button is not None:
            for prefix, handler in self.button_handlers.items():
                if inc.button.startswith(prefix):
                    return handler(ctx, inc.button)
            return _out_of_date(ctx)
        if inc.typed is not None:  # a slash command's typed options: read here, like text, never by the adapter
            return self._answer(ctx, typed_request(inc.typed), inc.text)
        text = inc.text.strip()
        if inc.refused_files:  # too large to fetch, or the platform failed to hand it over
            return files.not_fetched(inc.refused_files[0], ctx.lang)
        if inc.attachments:  # a training file sent as a document: the caption only adds to it
            return files.file_reply(list(inc.attachments), text, ctx.lang, ctx.display_currency)
        m = COMMAND.match(text)
        if m and m.group(1).lower() not in self.commands and (asked := command_as_question(m.group(1), m.group(2))):
            text, m = asked, None  # "/price gpu:4090": no such command, but its words ask a price
        if m:
            name, args = m.group(1).lower(), m.group(2) or ""
            command = self.commands.get(name)
            if command is None:
                return Reply("unknown_command", ctx.lang, {"name": name, "commands": [f"/{c}" for c in sorted(self.commands)]})
            fingerprint = json.dumps([f"/{name}", " ".join(args.lower().split())], ensure_ascii=False)
            if inc.edit_of == fingerprint:
                return None  # an edit that asks the same command again
            self.conversations.settle(ctx.key)
            reply = command(ctx, args)
            reply.fingerprint = fingerprint
            return reply
        if not inc.addressed or not text:
            return None
        if text.lower() in DETAILS_WORDS:
            return self._details(ctx)
        pasted = files.pasted_reply(text, ctx.lang, ctx.display_currency)
        if pasted is not None:
            return pasted
        watched = self.watch(ctx, text) if self.watch is not None else None
        if watched is not None:
            return watched
        parsed = parse(said := without_return(text), self.conversations.clock.now().astimezone(default_zone(ctx.lang)), inc.corrects)  # days in the chat's zone unless one is stated ("周四前": Beijing's); "回到刚才 年付多少": the return words pick the answer
        fingerprint = parsed.fingerprint()
        if inc.edit_of == fingerprint:
            return None  # a fixed typo or added punctuation: the same question, answered already
        awaiting = self.conversations.awaiting(ctx.key)
        done: Reply | None = None
        if awaiting is not None:
            done = self._complete(ctx, awaiting, parsed)
            if done is None:
                self.conversations.settle(ctx.key)
        reply = done if done is not None else self._answer(ctx, parsed, text)
        reply.fingerprint = fingerprint
        return keep_reading(reply, said, parsed, inc.corrects)  # the job it stated, kept with it for a follow-up

    def _answer(self, ctx: Context, parsed: Parsed, text: str) -> Reply:
        turn = self.conversations.last(ctx.key)
        turn = back_to_job(parsed, text, turn) or turn  # "回到刚才 一周的多少": the job before a FAQ detour
        text, parsed = without_return(text), run_follow(said_before(parsed, turn, self.conversations.clock.now()), turn)  # "每步3秒 要跑多久"; "until then"
        parsed = cheapest_card.cheapest_asked(bill_asked(left_out(as_plan(setup_stated.stated_before(parsed, turn), turn), turn, text), text), text, turn)  # "8 卡 H100" then "32b 全参"; "每卡每小时多少" then "不含存储呢": the rental again, cards alone
        if (tool := tool_after_export_question(parsed, turn, parse)) is not None:
            return self.intents["export"](ctx, tool, text)  # "which formats can I export?" then "deepspeed": its files
        choice = choice_of_faq(parsed, text, turn)  # "pcie 和 sxm 差在哪" then "zero3 用哪个": that comparison's answer
        if choice is not None and turn is not None:
            return subject_reply(self.intents["faq"](ctx, choice, text), choice, f"{turn.data.get('text')} {text}", turn)
        early = answered_about_last(ctx, parsed, text, turn, lambda faq: self.intents["faq"](ctx, faq, text),
                                    lambda again: self._answer_one(ctx, again, text))
        if isinstance(early, Reply):
            return early
        parsed, turn, last, asked = early
        subject = subject_of_faq(parsed, text, turn) if asked is not None else None
        if subject is not None and turn is not None:  # "多卡能 nvlink 吗" then "那 a6000 呢": the A6000's NVLink
            return subject_reply(self.intents["faq"](ctx, subject, text), subject, f"{asked} {text}", turn)
        about, open_span = turn is not None and turn.kind == "about", span_left_open(turn)  # "about": a provider's own view
        if (asked or open_span or about) and turn is not None and (card_alone(parsed, text) or card_for_a_time(parsed, text)) and not (
                (asked := asked or open_span) and (find_gpus(normalize(asked)) or not (asks_terms(asked) or parsed.rental.duration_days
                                                               or parsed.rental.duration_hours
                                                               or reprices_beneath(asked, last)))):
            # "想在按分钟计费的那家租卡" then "4090" (or "4090 跑 90 分钟"): that card's price there, not a FAQ entry
            # naming the card; after a question that asks no price ("gpuli 哪些卡有 NVLink") the card changes it (below)
            where = parsed.rental.provider or turn.data.get("provider") or (faq_provider(asked) if asked else None)
            parsed = on_terms_asked(replace(parsed, intent="price", rental=replace(parsed.rental, provider=where), missing=[],
                                            follow_up=True, faq=[], faq_answers=[], faq_confident=False), asked, turn)
            asked = None
        there = priced_there(parsed, turn, lambda words: parse(words, self.conversations.clock.now()))
        if there is not None:  # "24G 卡跑一周多少钱" then "CloudGPU": the 24 GB cards there, for the week
            (parsed, text), asked = (there, there.words), None
        elsewhere = asked_elsewhere(parsed, asked, turn)  # "how soon can i ssh in at gpuli" then "and at cloudgpu?"
        if elsewhere is not None:
            (parsed, text), asked = elsewhere, None
            parsed = replace(parsed, cues=of_question(parsed.cues, text, parsed.price.nodes))  # the question asked there
        carded = span_on_card_asked(parsed, turn) if asked is not None else None
        if carded is not None:  # "cloudgpu 的 4090 按小时怎么收" then "训练 208 分钟，算下费用": that card for that length
            parsed, asked = carded, None
        defined = glossary.follow_up(asked, text) if asked is not None else None  # asked may have changed above
        if defined is None:  # "显存被什么吃掉 全参" then "那 lora 呢": the same subject's entry for LoRA
            parsed = method_of_faq(parsed, turn.data.get("entry") if asked is not None and turn is not None else None, last)
        # a term defined before ("zero3是啥") is changed only by another term ("那 LoRA 呢"); "那包周呢" asks of the job
        if defined is not None or (asked is not None and (card_alone(parsed, text) or (
                about_the_faq(parsed, text) and glossary.asked(asked) is None and not span_on_priced(parsed, asked, last)
                and not total_on_priced(parsed, last)))):
            # "gpuli H100 有 NVLink 吗" then "那 4090 呢" / "低于 95% 怎么赔": the FAQ question with the change
            hit, hits = (defined, [defined]) if defined is not None else faq_lookup(f"{asked} {text}")
            if hit is not None:
                parsed = replace(parsed, intent="faq", faq=hits, faq_confident=True, faq_answers=[hit], missing=[],
                                 follow_up=False)
                text = f"{asked} {text}"
                parsed = replace(parsed, cues=of_question(parsed.cues, text, parsed.price.nodes))  # that question's words
        elif asked is not None and span_on_priced(parsed, asked, last):  # "周末 48 小时会扣多少": that length's cost alone
            parsed = span_asked(parsed)
        if turn is not None and turn.kind == "wallet" and parsed.intent != "wallet" and asks_again_now(text):
            # "充值 300u 帮我记一下" then "现在呢": the balance as it stands now
            parsed = replace(parsed, intent="wallet", wallet=WalletAction("balance"), missing=[], follow_up=False)
        if parsed.asks.table and last is not None and last.kind == "price" and not (
                parsed.request.gpu or parsed.rental.provider or parsed.request.model or parsed.request.params_b):
            parsed = replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])  # "导出成表格"
        parsed = setup_faq(parsed, text, turn)  # "那个 8 卡的有 nvlink 吗": the FAQ asked of the setup just shown
        known = facts_of_last(parsed, turn, last, ctx.lang)  # "qwen3 8b 多少参数" then "多少层": that model's
        if known is not None:
            known.reading = parsed
            return known
        parsed = weights_of_last(parsed, last, asked, turn)  # "70b qlora 要下啥权重" then "多大": its weights lead
        parsed = memory_of_last(parsed, last)  # "7b full on one h100" then "how much memory then?": that job's memory
        own_count = parsed.request.num_gpus
        stated = stated_in_full(parsed)  # "那个 32b 全参 八卡 h100 zero3 每卡吃多少显存": its own job, whatever points back
        parsed = run_of_last(job_of_question(parsed, asked, turn), last.kind if last else None)  # "qlora 要多少显存" then "qwen3 8b": its QLoRA; "训一次要多久 2000万token" after a job: its run
        # the size is the answer; "第二个跑 3 小时呢" changes the option it points at
        last, parsed = (last, parsed) if largest_asked(parsed) else option_follow_up(parsed, last, text) or rental_added(parsed, last) or (
            last, merge_follow_up(parsed, last, text))
        parsed = count_against_deadline(singles_of_total(singles_of_count(run_timed(still_separate(parsed, last, own_count)), last)), last, self.conversations.clock.now(), own_count)  # "包月呢" then "两张呢"; "16 卡呢" after a deadline
        parsed = on_the_pick(parsed, last.kind if last else None, last.data if last else None)  # "with offload how much slower"  # "那两周呢" after 4 separate instances: still four
        parsed = with_card_before(parsed, text, turn)  # "gpuli 4090 weekly price" then "does it have nvlink?"
        if parsed.intent in ("faq", "unknown") and not parsed.rental.provider and (not parsed.follow_up or parsed.intent == "faq"):
            parsed = with_provider_before(parsed, text, turn)  # after the card: "mi300x at gpuli" then "good for?" is the card's
        parsed = plan_asked.plan_asked(parsed, last, self.conversations.clock.now())  # "32b 全参", "预算 1 万 U" then "用哪个配置": that job, against the budget
        if parsed.follow_up and parsed.asks.budget is None and last is not None and last.data.get("budget") and not budget_before.memory_or_count(parsed):
            amount, currency = last.data["budget"]  # a budget stated earlier holds for its follow-ups
            parsed = replace(parsed, asks=replace(parsed.asks, budget=(Decimal(amount), currency)))
        parsed = rental_against_held(parsed, turn)  # "钱包还有 800 u 在 gpuli" then "4090 包两个月够不"
        parsed = rental_against_budget(of_stated_budget(parsed, turn))  # "预算 3w" then "8 卡 h100 包月够不够"
        if self.held is not None:  # "余额多少" then "能租 4090 一周吗"; "8 卡 h100 一周多少" then "我现在余额够吗"
            held = self.held
            parsed = against_wallet(wallet_of_price(of_wallet(parsed, turn), last, lambda: held(ctx)), lambda: held(ctx))
        parsed = unless_weighed(parsed)  # "预算 ₮300，4 张 4090 各跑一组": money judged against the whole count
        if parsed.asks.format_bytes and not (parsed.request.model or parsed.request.params_b or parsed.request.method == "full"
                                              or parsed.request.optimizer):  # "8-bit adam full ft bytes per param": training's
            reply = format_bytes_reply(parsed.asks.format_bytes, ctx.lang)  # "nf4 加 double quant 每参数多少字节"
            reply.reading = parsed
            return reply
        if spec_asked(parsed):  # "H100 SXM vs A100 SXM 的 NVLink 带宽多少": the catalog's facts of the cards
            reply = card_spec_reply(ctx.lang, parsed.cards, parsed.asks.spec)
            reply.reading, reply.turn = parsed, spec_turn(parsed.asks.spec, turn)  # "and l40s" next: its facts
            return with_faq_beside(with_machine(reply, parsed, text), parsed, lambda p: self.intents[p.intent](ctx, p, text))  # "l40s 有 nvlink 吗 显存多大": the link too
        if year_pair(parsed) or term_and_run_asked(parsed):  # "包月多少 包年呢"; "一个月多少 … 要多久": one answer
            parsed = replace(parsed, parts=[])
        if parsed.parts:  # two questions in one message: each answered, in the order asked
            parts = parts_read(parsed.parts, last)  # a part changing the question before it is that one changed
            one = lambda part: self._answer_one(ctx, part, text)  # noqa: E731
            replies = runs_in_one(runs_led(one, unbudgeted(parts) if bundled(parsed) else parts, lambda part, before: of_the_part_before(part, before, one)), parsed, ctx.lang)  # a plan of runs: its total, a line each
            shown = [r.turn for r in replies]  # the options listed, in the order asked
            if bundled(parsed):  # "预算 ₮1000" then "4090 和 L40S 各租一个月，超不超": the sum against it leads
                replies = runs_in_one(bundle_first(replies, parsed, ctx.lang), parsed, ctx.lang, weighed=True)  # a line per run under it
            elif parsed.asks.cheaper:  # "which is cheaper, the A100 box or the H100 box": the cheaper one leads
                replies = cheaper_first(replies, ctx.lang, yes_no=parsed.cues.yes_no, difference=parsed.asks.difference)
            elif parsed.asks.difference:  # "4090 和 5090 月租差多少": the difference leads, each price follows
                replies = difference_first(replies, ctx.lang)
            elif parsed.asks.total:  # "3090 跑 8 小时 + 4090 跑 3 小时 一共多少": the sum leads
                replies = total_first(replies, ctx.lang)
            else:  # "…下周一前能跑完吗？顺便问下周租多少": the price asked beside a table, in one line, first
                replies = price_aside_first(replies, ctx.lang, parsed)
            replies = low_end_first(replies, parsed)  # "按最低价 2.5 万报预算可以吗": not advised, the band's high end
            first = parts_placed(replies[0], parsed)  # "…2. 月租多少 3. 数据能不能放境内": where, answered too
            keep_listed(first, shown)
            for later in replies[1:]:
                if first.kind == "sizing" and later.kind == "cost" and isinstance(later.data.get("v"), dict):
                    later.data["v"]["after_sizing"] = True  # "…够吗，月租多少": the sizing above said its assumptions
            first.also = [*first.also, *replies[1:]]  # a part led by a verdict keeps what it leads ("…下周三交付 … 多少钱？到期是哪天")
            first.reading = parsed
            return first
        answer = self._answer_one(ctx, parsed, text)  # "有更便宜的吗" leads with the cheaper setup; else a yes or no, how to time it
        reply = cheaper_lead(answer, parsed) or steps_first(verdicts_first(answer, parsed), parsed)
        reply = resized_weighed(job_misses_first(instances_first(reply, parsed), parsed, last), parsed, last)  # "t4 多少钱" after a miss
        sized = lambda job: self.intents["size"](ctx, job, text)  # noqa: E731 (the sizing each lead below may ask for)
        reply = fit_first(reply, parsed, text, sized)  # "4090 ok and how much"
        reply = setup_question_first(reply, parsed, text, lambda faq: self.intents["faq"](ctx, faq, text),  # "那 4090 多卡能 zero3 吗"
                                     lambda job: self._answer_one(ctx, merge_follow_up(job, last, text), text), stated)
        reply = example_first(catch_first(nodes_first(speed_first(reply, parsed), parsed), parsed), parsed)  # "有啥代价": the speed lost leads
        # "需要 zero3 吗": no, on one card; "DDP 能省每卡显存吗", "有必要吗"; "还要 qlora 吗": LoRA fits; a band's low end
        reply = low_end_lead(method_needed_first(needed_first(need_first(reply, parsed, sized), parsed, sized), parsed, sized), parsed)
        reply = bill_first(reply, parsed, text)  # "our invoice says 14,592 for …, correct?": whether it matches leads
        reply.reading = parsed
        keep_chained(reply, last, parsed)  # "gpuli 4090 包周多少" then "那 5090 呢": both cards are options
        keep_job(reply, last, parsed)  # "32b 全参 要啥配置" then "8卡h100 一个月多少": the job stays beside the rental
        if parsed.asks.table:
            attach_table(reply)
        if parsed.asks.budget is not None and reply.turn is not None and reply.turn.kind in ("size", "cost"):
            reply.turn.data["budget"] = [str(parsed.asks.budget[0]), parsed.asks.budget[1]]
        keep_run(reply, parsed)  # its steps or time, for "每步3秒呢" / "cloudgpu 4090 多少钱" next
        hold_budget(reply, parsed, turn)  # "预算 ¥2.5万 …" then "一万网络 3090 包月": kept for "能租几个月"
        if reply.kind == "add_on_price" and reply.turn is None:  # "5T 呢" next prices the same storage at 5 TB
            reply.turn = add_on_turn(parsed, text, last, turn)
        if (reply.kind == "faq" or (reply.kind == "error" and reply.also and reply.also[0].kind == "faq")) and reply.turn is None:  # also led by a place
            reply.turn = Turn("faq", {"text": f"{asked} {text}" if asked and parsed.rental.gpu and not parsed.request.gpu else text, "provider": parsed.rental.provider,
                                      "asked_gpu": parsed.request.gpu,  # "cloudgpu 的 4090 按小时怎么收": the card asked of, for "跑 90 分钟多少钱"
                                      "entry": answered(reply) or (parsed.faq_answers[0].entry.id if parsed.faq_answers else None),
                                      "prev": {"kind": last.kind, "data": last.data} if last else None})
        elif reply.kind == "unknown" and reply.turn is None:  # "gpuli 能开发票吗" then "一万网络呢"; "两台八卡 包月多少" then "h200"
            reply.turn = unknown_turn(parsed, reply, text, last)
        if reply.kind in ("export", "export_generic") and reply.turn is None:
            reply.turn = export_turn(parsed, last, reply.kind == "export_generic")  # "deepspeed" next names its framework, "换 14b" changes the files
        if parsed.wallet is not None and parsed.intent == "wallet" and reply.turn is None:
            # a balance read or a top-up: "现在呢" asks it again; the question before stays under it
            reply.turn = unpriced_rent(parsed, reply) or Turn("wallet", {"prev": {"kind": last.kind, "data": last.data} if last else None})
            if (said_budget := budget_stated(parsed)) is not None:
                reply.turn.data["budget"] = said_budget  # what the next rental asked "够不够" is weighed against
        if reply.kind in PROVIDER_VIEWS and reply.turn is None and parsed.rental.provider:
            # "gpuli price list": what the next question naming no provider is about (bot/core/recent_provider.py)
            reply.turn = Turn("about", {"provider": parsed.rental.provider,
                                        "prev": {"kind": last.kind, "data": last.data} if last else None})
        return reply

    def _answer_one(self, ctx: Context, parsed: Parsed, text: str) -> Reply:
        q = parsed.request
        if parsed.asks.pooled is not None:  # "8 台单卡拼成一台 8 卡机": no, and what is rented as one machine
            return pooled_reply(ctx.lang, q.gpu, parsed.asks.pooled or (q.num_gpus if (q.num_gpus or 0) > 1 else None), q.provider or parsed.rental.provider,
                                ctx.display_currency, q if parsed.intent in ("size", "cost") and not parsed.missing else None)
        if largest_asked(parsed):  # "budget 2k, biggest full finetune for a month?": the size that money trains
            return largest_for_budget(parsed, ctx.lang, lambda p: self.intents["cost"](ctx, p, text))
        rented_for = parsed.rental.duration_days or parsed.rental.duration_hours
        run = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or q.hours or 0)
        if parsed.asks.deadline is not None and run and parsed.follow is None and not parsed.asks.deadline_span and not (
                q.model or q.params_b or q.gpu or parsed.rental.provider or parsed.asks.budget):
            # "训练预计 30 小时，现在开始，周五前能训完吗": the run's length against the clock needs no model
            timed = run_against_deadline(ctx, self.conversations.clock.now(), parsed.asks.deadline, run, parsed.asks.start)
            if parsed.run is not None and parsed.run.step_seconds:  # how the run's hours were counted follows the verdict
                timed.also.append(run_note(parsed.run, ctx.lang))
            return timed
        if parsed.asks.budget and parsed.intent in ("size", "cost") and not parsed.missing and (
                rented_for or q.hours or q.days) and not (q.tokens or q.samples):
            # "¥2.5万预算，70b全参一个月够不够": the rental for the stated time, against the budget (a rental length from an earlier turn counts: "…跑 24 小时多少钱" then "预算 5000 够吗")
            reply = self.intents["cost"](ctx, replace(parsed, intent="cost"), text)
            verdict = budget_verdict(reply, parsed.asks.budget, q.currency, ctx.lang, q.provider or parsed.rental.provider, parsed.cues.runs_asked)
            return verdict_first(reply, with_lighter_methods(verdict, parsed, lambda p: self.intents["cost"](ctx, p, text), ctx.lang))
        if parsed.asks.budget and parsed.asks.deadline is not None and parsed.intent in ("size", "cost") and not (
                parsed.missing or q.tokens or q.samples or q.step_seconds or q.hours or q.days or rented_for):
            # "预算3000块，deadline 周五，7b lora，一万网络要多少钱": the rental until the deadline, against the budget
            plain = replace(parsed, asks=replace(parsed.asks, budget=None))
            reply = deadline_without_data(ctx, self.conversations.clock.now(), self.intents["cost"], plain, text, None, lead=False)
            return verdict_first(reply, budget_verdict(reply, parsed.asks.budget, q.currency, ctx.lang, q.provider or parsed.rental.provider))
        if parsed.asks.budget and parsed.intent in ("size", "cost") and not parsed.missing and not (
                q.tokens or q.samples or q.hours or q.days or rented_for):
            # a budget for a job whose size is unknown: the answer for the job, and the budget named back
            reply = self.intents[parsed.intent](ctx, parsed, text)
            if parsed.asks.runway or parsed.asks.how_long:
                # "预算 ₮2000 做 7b 全参 gpuli 能租多久": the money divided into the cheapest setup that fits
                runway = runway_of_pick(ctx, parsed, reply, lambda follow: self.intents["price"](ctx, follow, text))
                if runway is not None:
                    return runway
            # the least the job can be rented for at all (one hour: a provider selling weeks charges its week)
            floor = self.intents["cost"](ctx, replace(parsed, intent="cost", rental=replace(
                parsed.rental, duration_days=None, duration_hours=1.0)), text)
            short = budget_floor_verdict(floor, parsed.asks.budget, q.currency, ctx.lang, q.provider or parsed.rental.provider, parsed.asks.enough)
            if short is not None:  # "一万块预算 全参 70b 行不行": short of the floor, whatever the dataset (or asked: "不一定")
                return verdict_first(reply, with_lighter_methods(short, parsed, lambda p: self.intents["cost"](ctx, p, text), ctx.lang))
            ceiling = Money(parsed.asks.budget[0], parsed.asks.budget[1] or q.currency or ("CNY" if ctx.lang == "zh" else "USD"))
            drop_over_budget(reply, ceiling)  # "预算一万块 推荐啥": what is over it is no recommendation
            covers = None if parsed.asks.memory_figure else budget_floor_verdict(floor, parsed.asks.budget, q.currency, ctx.lang, q.provider or parsed.rental.provider, covers=True)
            if covers is None:  # "预算 2 万，32b 全参": the budget named back first, with the least rental it covers (a memory asked leads)
                reply.also.append(Reply("error", ctx.lang, {"message": t("plan.budget_without_data", ctx.lang, budget=ceiling.format(ctx.lang))}))
            return verdict_first(reply, covers)
        followed = float(str(parsed.follow.get("hours") or 0)) if parsed.follow is not None else 0.0
        if parsed.asks.deadline is not None and parsed.intent == "price" and ((rented_for and not parsed.rental.term) or q.hours or followed):
            # "训练 2 天能跑完 … 怎么租最省" (or "周五前能训完吗" after a price): that span's rental, and whether it ends in time
            reply = self.intents["price"](ctx, parsed, text)
            span = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or q.hours or 0) or followed
            return against_deadline(ctx, self.conversations.clock.now(), reply, parsed.asks.deadline, span, parsed.asks.start)
        if parsed.asks.deadline is not None and parsed.intent == "size" and q.gpu and parsed.cues.fit and not parsed.missing and not (q.tokens or q.samples or q.step_seconds or parsed.asks.budget or rented_for):
            return fit_before_deadline(ctx, self.conversations.clock.now(), self.intents["size"], parsed, text)  # the fit, asked
        if parsed.asks.deadline is not None and parsed.intent in ("size", "cost") and not parsed.missing and not (
                q.tokens or q.samples or q.step_seconds or parsed.asks.budget):
            return deadline_without_data(ctx, self.conversations.clock.now(), self.intents["cost"], parsed, text, _run_hours(parsed))
        if parsed.intent in ("size", "cost") and not parsed.missing:
            # "longest sequence that fits", "how many H100", "by Friday", "within $500": a planning question of the job
            planned = planning_for(parsed.asks, cost_fields(parsed), ctx.lang, self.conversations.clock.now())
            if planned is not None:
                if planned.turn is None:  # the job stays the subject: "多少钱", "and on H100?" ask about it
                    data: dict[str, object] = {"request": cost_fields(parsed).stated()}
                    if parsed.asks.how_many_gpu:
                        data["how_many"] = True  # another card named next asks its count again
                        view = planned.data.get("v") or {}
                        if view.get("q") == "cards" and view.get("num_gpus"):
                            data["cards"] = view["num_gpus"]  # "看费用" next: that many of the card counted
                    planned.turn = Turn("size", data)
                return with_cost_asked(planned, parsed, lambda: self.intents["cost"](ctx, parsed, text))  # "…a month's cost?"
        return self.intents[parsed.intent](ctx, parsed, text)

    def _remember(self, ctx: Context, reply: Reply) -> None:
        if reply.awaiting is not None:
            self.conversations.ask(ctx.key, reply.awaiting)
        if reply.turn is not None:
            self.conversations.remember(ctx.key, reply.turn)

    # ------------------------------------------------------------ clarifications

    def _complete(self, ctx: Context, awaiting: Awaiting, parsed: Parsed) -> Reply | None:
        """The answer to a clarifying question, if `parsed` is one; None lets the message stand alone."""
        value: str | None = None
        if (tool := tool_for_export(awaiting.kind, awaiting.slot, dict(awaiting.data.get("request") or {}), parsed)) is not None:
            self.conversations.settle(ctx.key)
            return self.intents["export"](ctx, tool, "")  # "支持哪些格式？" "which model?" "deepspeed": its files, no model needed
        if (priced := rent_priced(awaiting, parsed, self.conversations.last(ctx.key), ctx.display_currency)) is not None:
            return self.intents["price"](ctx, priced, "")  # "3090 租两个月" "which provider?" "要多少人民币": its price
        if awaiting.slot == "provider" and parsed.intent not in ("size", "cost", "inference", "wallet"):
            value, r = parsed.rental.provider, parsed.rental
            if value and awaiting.kind == "rent" and (r.duration_days or r.duration_hours):
                awaiting.data["hours"] = (r.duration_days or 0) * 24 + (r.duration_hours or 0)  # "一周，gpuli"
        elif awaiting.slot == "model" and (parsed.request.model or parsed.request.params_b) and (
                not parsed.follow_up or parsed.cues.chars <= SHORT) and not _whole_job(parsed):  # "那 qwen3 8b 呢" answers "which model?"
            value = stated_beside_model(awaiting, parsed)  # the model, and the method beside it ("7b full ft at gpuli")
        if value is None:
            return None
        return self._resume(ctx, awaiting, value)

    def _resume(self, ctx: Context, awaiting: Awaiting, value: str) -> Reply:
        self.conversations.settle(ctx.key)
        resumer = self.resumers.get(awaiting.kind)
        if resumer is None:
            return answer_turn(ctx, awaiting, value)
        return resumer(ctx, awaiting, value)

    def _answer_button(self, ctx: Context, payload: str) -> Reply:
        """"a|<field>=<value>": a pressed answer to the clarifying question the chat is waiting on."""
        awaiting = self.conversations.awaiting(ctx.key)
        field, _, value = payload[2:].partition("=")
        if awaiting is None or awaiting.slot != field or not value:
            return _out_of_date(ctx)
        return self._resume(ctx, awaiting, value)

    # ------------------------------------------------------------ buttons under answers

    def _details(self, ctx: Context) -> Reply:
        last, _ = behind_faq(self.conversations.last(ctx.key))
        if last is None:
            return _out_of_date(ctx)
        return answer_turn(ctx, Awaiting(last.kind, "details", last.data), "details")

    def _details_button(self, ctx: Context, payload: str) -> Reply:
        return self._details(ctx)

    def _faq_button(self, ctx: Context, payload: str) -> Reply:
        """One of the two closest questions offered when unsure: its answer."""
        return faq_button(ctx, payload) or _out_of_date(ctx)

    def _sizing_button(self, ctx: Context, payload: str) -> Reply:
        """Re-ask with the button's one change. Our replies only ever encode requests that were
        answered, so a payload that does not decode, names an action we never make, or no longer
        applies (a renamed model or card, a value out of range) is forged or from an older version:
        "this button is out of date", never an apology with an error id."""
        stale = _out_of_date(ctx)
        try:
            request, action = buttons.decode(payload)
            if action not in ("cost", "d", buttons.EXPORT) and action[:2] not in ("m=", "s=", "n=", "g="):
                return stale
            changed = buttons.apply(request, action)
            if action == "cost":
                return cost_request(ctx, changed)
            if action == buttons.EXPORT:
                return export_request(ctx, changed)
            return size_request(ctx, changed, details=action == "d", provider=changed.provider)
        except (ValueError, KeyError, TypeError, OverflowError, KasuanError):
            return stale


def _whole_job(parsed: Parsed) -> bool:
    """A job stated whole (a model, a method and the cards): a question of its own, never only the model a
    clarifying question waited for ("which model?" then "8 h100s 32b full ft zero-3 per card memory?")."""
    q = parsed.request
    return bool((q.model or q.params_b) and q.method and (q.gpu or q.num_gpus))


def _run_hours(parsed: Parsed) -> float | None:
    """How long the run takes, in hours, as the message (or the job it follows up) states it; None when
    no length is stated or the only one is the deadline's own span ("3天内能训完吗")."""
    q, r = parsed.request, parsed.rental
    hours = (q.days or 0) * 24 + (q.hours or 0)
    if not hours and not parsed.asks.deadline_span and not r.term:  # "周租" is how it is bought, not the run
        hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    return hours or None


def _out_of_date(ctx: Context) -> Reply:
    """A button whose question is gone (expired, answered, or not ours): say so, change nothing."""
    return Reply("error", ctx.lang, {"message": t("btn.stale", ctx.lang)})
