"""The follow-ups answered against the turn before them as it stands, before the message's own intent:
a FAQ answer's detail, reason, aspect or topic, the SLA credit or a storage size worked out from the
user's figures, both of two cards asked, a card's share. Kept apart from the router so each of these
readers of the last turn sits in one place, in the order they are tried."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.add_on_follow import sized_storage
from bot.core.asked_setups import compared
from bot.core.aspect_follow import aspect_reply, consequence_reply, reason_reply, setting_of_faq, told_not_asked
from bot.core.both_follow import both_of_asked
from bot.core.card_asked_price import price_of_card_asked
from bot.core.card_share_follow import stages_of_faq
from bot.core.config_check import config_question
from bot.core.context import Context
from bot.core.cycle_end import cycle_end
from bot.core.detail_follow import detail_reply, topic_reply
from bot.core.estimate_follow import estimate_reply
from bot.core.faq_card_asked import asked_of_faq, next_on_the_topic
from bot.core.faq_context import behind_faq, total_on_priced
from bot.core.gap_follow import gap_again
from bot.core.precision_job import sixteen_bit_job
from bot.core.price_terms_follow import upgrade_after_faq
from bot.core.quote_follow import quote_figures
from bot.core.refund_after_use import refund_after_use
from bot.core.run_on_priced import run_on_asked_card
from bot.core.runs_in_span import runs_in_span
from bot.core.sla_credit import sla_credit
from bot.messages import Reply, Turn
from bot.understand import glossary
from bot.understand.parser import Parsed

Carried = tuple[Parsed, "Turn | None", "Turn | None", "str | None"]


def answered_about_last(ctx: Context, parsed: Parsed, text: str, turn: Turn | None, faq: Callable[[Parsed], Reply],
                        answer_one: Callable[[Parsed], Reply]) -> Reply | Carried:
    """A reply when the message asks about the last answer itself; otherwise the message as the
    rest of the route takes it (parsed, the turn it follows, the answer behind a FAQ detour and the
    FAQ question asked), with a storage size, an upgrade or the card a billing question named
    already applied."""
    # "gpuli 4090 周租多少钱" then "今天下单哪天到期": 7 days on, the reminders after; a message asked in parts ("…一周
    # 多少钱？到期是哪天") has its end date answered as its part (bot.core.price_pairs.runs_led), beside the price
    checked = config_question(ctx, parsed, text, turn)  # "这个会量化吗" after an export: what the file says
    if checked is not None:
        checked.reading = parsed
        return checked
    ended = cycle_end(parsed, turn, faq) if len(parsed.parts) < 2 else None
    if ended is not None:
        ended.reading = parsed
        return ended
    if (gap := gap_again(parsed, turn, ctx.lang)) is not None:  # "4x a100 or 4x h100 a month?" then "差多少"
        gap.reading = parsed
        return gap
    last, asked = behind_faq(turn)
    weighed = compared(ctx, parsed, turn)  # "gpuli 4090 周租" "cloudgpu 呢" then "跑两天哪个便宜": every setup asked, for that span
    if weighed is not None:
        return weighed
    priced = price_of_card_asked(parsed, turn)  # "一万网络 有 8卡 a100 80g 吗" then "月租多少": that setup's month there
    if priced is not None:  # before any clause of the FAQ answer its words come near
        return priced, turn, last, None
    part = estimate_reply(parsed, text, turn, last, ctx.lang)  # "what dominates", "why 64", "用大白话解释一下": that estimate
    part = part or runs_in_span(parsed, text, turn, ctx.lang)  # "一个月能跑几次" after a timed run: the span over its hours
    part = part or quote_figures(parsed, turn, ctx.lang)  # "加 30% 毛利报多少", "预算 20 刀够跑几次": on the quote before
    if part is not None:
        return part
    if asked is not None and total_on_priced(parsed, last):  # "IB 要另外加钱吗" then "一共多少": the rental's whole bill
        return parsed, turn, last, None
    parsed = sixteen_bit_job(parsed, text, last)  # "72b lora" then "single card for bf16?": the 16-bit LoRA's card
    if parsed.asks.per_card and last is not None and last is not turn:  # "what comes with it?" then "per card?": the answer before
        turn, asked = last, None
    of_card = asked_of_faq(parsed, turn, last, asked, ctx.lang, faq)  # "fp16 老 nan" then "a100 支持吗": bf16 on the A100
    if of_card is not None:
        return of_card
    setting = setting_of_faq(ctx, parsed, text, turn, last, asked, faq)  # "多卡训练行吗" then "zero3 呢": that question of ZeRO-3
    if setting is not None:
        setting.reading = parsed
        return setting
    both = both_of_asked(parsed, last, asked) or stages_of_faq(parsed, turn)  # "a800 or a100?" then "cost for 8h each?"
    if both is not None:
        return answer_one(both)
    credit = sla_credit(parsed, turn, faq) or refund_after_use(parsed, turn, faq)  # "用了三天了" after a refund question
    if credit is not None:  # "可用率 98.7% 停了 9 小时 赔多少": the credit those figures earn leads the SLA
        credit.reading = parsed
        return credit
    told = consequence_reply(parsed, text, turn, asked, faq) if asked is not None and told_not_asked(asked) else None
    if told is not None:  # "my cloudgpu balance ran out" then "then what": what follows from it, not what to use instead
        told.reading = parsed
        return told
    storage = sized_storage(parsed, turn, asked, text)  # "gpuli 存储卷怎么收费" then "3000G 呢": that size priced
    detail = None if storage is not None else detail_reply(ctx, parsed, text, turn, last, asked,
                                                            faq)
    if detail is not None:  # "gpuli refund?" then "within how long": the refund window leads
        detail.reading = parsed
        return detail
    if storage is not None:  # priced on its own: no rental before it takes the storage on
        parsed, asked, last = storage, None, None
    else:
        parsed = run_on_asked_card(parsed, asked) or parsed  # "cloudgpu 4090 按小时怎么收" then "跑 6000 步 … 多少钱"
    upgraded = upgrade_after_faq(parsed, last, asked)  # "cpu 要不要升级" then "升级后一个月多少"
    if upgraded is not None:  # the rental before that question, with the upgrade: priced as it stands
        parsed, asked, last = upgraded, None, None
    defined = glossary.follow_up(asked, text) if asked is not None else None  # "QLoRA 是什么" then "那 LoRA 呢"
    reason = reason_reply(ctx, parsed, text, turn, asked, faq) or consequence_reply(parsed, text, turn, asked, faq)
    if reason is not None and storage is None and upgraded is None:  # "fp16 or bf16?" then "why?": that answer
        reason.reading = parsed
        return reason
    aspect = None if defined is not None or storage is not None or upgraded is not None else aspect_reply(
        ctx, parsed, text, turn, asked, faq)
    if aspect is not None:  # "gradient checkpointing" then "cost?": its throughput, not a run's price
        aspect.reading = parsed
        return aspect
    topic = None if defined is not None else topic_reply(ctx, parsed, turn if storage is None and upgraded is None else None,
                                                         asked, faq)
    ahead = None if defined is not None or storage is not None or upgraded is not None else next_on_the_topic(
        parsed, turn, asked, faq)
    if ahead is not None and (topic is None or _repeats(topic, turn)):  # "lora 和全参效果差多少" then "那先咋做": start small
        return ahead  # ... unless the answer just given holds what is asked ("按分钟怎么计费" then "有最低吗": 1 minute)
    if topic is not None:  # "8-bit 优化器省的是什么" then "长周期预训练也建议用吗": that answer's clause leads
        topic.reading = parsed
        return topic
    return parsed, turn, last, asked


def _repeats(reply: Reply, turn: Turn | None) -> bool:
    """Whether a topic reply only gives the entry just answered again, led by nothing of its own."""
    items = reply.data.get("items") or [{}]
    return turn is not None and items[0].get("id") == turn.data.get("entry") and not items[0].get("lead")
