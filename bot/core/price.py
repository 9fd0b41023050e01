"""Price questions ("两张A100 80G 租一个月要多少", "H100 周租", "¥3000 够租多久"): the setup at every
provider, its other form factors, several rental lengths side by side, and the runway a budget buys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, cast

from bot.core.add_on_follow import added_note, assumed_note, assumed_storage
from bot.core.budget_home import budget_home, home_said
from bot.core.cheaper_named import named_cheaper
from bot.core.context import Context
from bot.core.held_budget import WALLET, runway_kept
from bot.core.price_pairs import difference_first
from bot.core.price_shares import ANNUAL_DAYS, MONTH_DAYS, per_card_rates, per_day_shares
from bot.core.run_note import run_note, windowed
from bot.core.unrated_budget import unrated_budget_first
from bot.core.wallet_follow_ups import budget_for_job, kept_budget
from bot.core.weigh_priced import weighed_first
from bot.core.without_add_on import alone_note, drop_for_alone
from bot.core.year_and_month import by_month_a_year, months_span, year_and_month
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.fields import joined_duration
from bot.understand.parser import Parsed
from bot.understand.provider_words import weighs_metered
from bot.understand.storage_both_ways import both_ways
from bot.views.balance_out import runs_out_line
from bot.views.budget_card import card_within
from bot.views.budget_cards import cards_asked
from bot.views.card_hour import card_hour_lead
from bot.views.card_share import card_share_lead
from bot.views.cards_within import cards_within
from bot.views.claim_check import claim_note, claim_term
from bot.views.gpus import gpus_reply
from bot.views.memory_cheapest import memory_cheapest
from bot.views.month_share import month_shares
from bot.views.order_steps import order_line, top_up_line
from bot.views.planning import budget_price_verdict, judged_row, lang_currency
from bot.views.price import (
    add_on_reply,
    hours_reply,
    price_reply,
    provider_models,
    provider_price_list,
    runway_reply,
    runway_text,
)
from bot.views.price_band import band_note
from bot.views.price_currency import add_on_currency_note, currency_note, unrated_note
from bot.views.price_units import metered_until, month_covers_weeks, one_unit, units_reply
from bot.views.repeats_total import repeats_lead
from bot.views.top_up import top_up_note
from bot.views.trim_budget import trim_note
from engine.breakdown import CARDS_PER_NODE
from engine.catalog import form_variants, gpus
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import providers


def price_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"两张A100 80G 租一个月要多少", "H100 周租", "4090 多少钱": the setup at every provider."""
    if (unweighed := unrated_budget_first(ctx, parsed, text, price_intent)) is not None:
        return unweighed  # "budget S$300, a 4090 for a month enough?": no rate for S$, so never weighed as $300
    if parsed.follow is not None:
        data = dict(parsed.follow)
        runway = runway_kept(data.pop("runway", None), parsed)
        # "4090 月租多少" then "预算 300U 够吗": only gpuli bills in ₮, so it is judged there, as when asked in one message
        home = None if data.get("first") or not isinstance(runway, list) or WALLET in runway[3:] else budget_home(
            (runway[0], runway[1]), bool(runway[3:4] and runway[3]), cast(list[str], data.get("gpu") or []))
        data["first"] = data.get("first") or home
        band = data.pop("band", None)
        which, unrated, said_in = data.pop("which_currency", None), data.pop("unrated", None), data.pop("unrated_said", None)
        versus, top_up, said = data.pop("versus_before", None), data.pop("top_up", None), data.pop("verdict", None)
        trim, weigh = data.pop("trim", None), data.pop("weigh", None)
        card_rate, left_out = data.pop("card_rate", None), data.pop("left_out", None)
        if card_rate not in (None, "hour") and not data.get("hours"):  # "4090" then "每分钟多少钱": a listing states no
            data["hours"] = MONTH_DAYS * 24  # rate in minutes or days; each month does, as when asked in one message
        sized = data.pop("assumed_storage", None)
        alone_of = data.pop("alone_of", None) or drop_for_alone(data, parsed, text)
        share, runs = data.pop("card_share", None), data.pop("repeats", None)
        several = [] if joined_duration(parsed.words) else list(parsed.asks.hours)  # "8h 呢, and 3h?": each priced
        if len(several) >= 2 and data.get("gpu") and runway is None and not (share or runs or card_rate):
            return hours_reply(cast(list[str], data["gpu"]), cast(int | None, data.get("num_gpus")), several, ctx.lang,
                               str(data.get("display") or ctx.display_currency))
        yearly = year_and_month(ctx, parsed, data, lambda c, d: price_turn(c, d, details=False)) \
            if runway is None or by_month_a_year(parsed) else None  # "经费 4 万 … 年付够吗" then "那月付一整年呢": both
        if yearly is not None:  # "包月" then "一年月付的话一共多少": the year paid by the month, and at once
            return yearly
        reply = price_turn(ctx, data, details=False)
        lead = card_share_lead(cast(list[str], data.get("gpu") or []), cast(int | None, data.get("num_gpus")),
                               cast(str | None, data.get("first")), ctx.lang) if share else None
        if runs and reply.turn is not None:  # "and if we run 4 such jobs": one run's total times the runs leads, kept for "total?"
            reply.turn.data["repeats"], lead = runs, repeats_lead(reply, int(cast(int, runs)), ctx.lang)
        if lead is not None:  # "gpuli 8x h100 monthly" then "per card?": each term's price divided by the cards leads
            return _lead(reply, lead)
        if left_out:  # "每卡每小时多少" then "不含存储呢": the same rental, then a line saying it is the cards alone
            reply.also = [*reply.also, Reply("error", ctx.lang, {"message": t(f"price.left_out.{left_out}", ctx.lang)})]
        if isinstance(sized, dict):  # "含存储呢": the sizes taken from the provider's own example, said
            reply.also = [*reply.also, assumed_note(sized, cast(str | None, data.get("first")), ctx.lang)]
        if alone_of:  # "年付只要卡呢", "the card alone?": the rental without the upgrades, then a line naming them
            reply.also = [*reply.also, Reply("error", ctx.lang, {"message": alone_note(cast(list[str], alone_of), ctx.lang)})]
        if card_rate is not None:  # "how much per gpu hour" of the rental just priced: each term's rate per card leads
            return _card_rate_first(ctx, reply, data, str(card_rate))
        if weigh:  # "3090 呢" then "省多少", "三周呢" then "还是包月": both prices, the cheaper one leading
            return weighed_first(reply, data, cast(list[Any], weigh))
        if parsed.price.month_average:  # "年付多少" then "平均每月多少": the year's total over its 12 months
            month_shares(reply)
        if parsed.asks.per_day:  # "4090 一周多少" then "每天合多少"
            per_day_shares(reply, data.get("hours"))
        if versus:  # "3090 呢" then "8 小时差多少": the card before and this one, their difference leading
            return _versus_before(ctx, reply, {**data, "versus_before": versus})
        if which or unrated:  # "人民币还是美元", "新台币多少": the currency each figure is billed in leads
            return _lead(reply, unrated_note(reply, str(unrated), ctx.lang, cast(list[str] | None, said_in)) if unrated else currency_note(reply, ctx.lang))
        if band:  # "is that the lowest it could be or the highest?": what the figure is leads, the list follows
            return _lead(reply, band_note(reply, ctx.lang))
        if top_up:  # "余额要充多少才稳": the money to hold leads, the list follows ("开机先扣多少": the hold on that card)
            hold_led = _lead(reply, top_up_note(reply, ctx.lang, held=top_up == "held"))
            # "开机那两分钟收钱吗 预授权是多少": the yes/no asked beside the hold answers first
            return _lead(hold_led, Reply("error", ctx.lang, {"message": said[ctx.lang]})) if isinstance(said, dict) else hold_led
        added = added_note(parsed.price.add_ons, cast(str | None, data.get("first")), float(cast(float, data.get("hours") or 0)) / 24,
                           ctx.lang) if parsed.price.added_asked and parsed.price.add_ons else None
        if added is not None and runway is None:  # "gpuli 4090 monthly" then "how much more with a 2 TB volume?"
            return _lead(reply, added)
        if data.get("units") and data.get("hours"):  # "三周呢" then "包月划算还是周租划算": that span, both ways
            return _units_first(ctx, reply, data, parsed.asks.until)
        if month_covers_weeks(data):  # "gpuli 4090 周租" then "那 4 周呢": ₮436 asked, a month ₮369 for less; both shown
            return _units_first(ctx, reply, data)
        if runway is None and parsed.run is not None and parsed.run.step_seconds:
            return _lead(reply, run_note(parsed.run, ctx.lang))  # the run's steps × seconds, then its price
        if runway is None:
            return reply
        stated, unit, how_long, *more = cast(list[Any], runway)
        loose, per = (bool(more[0]), more[1]) if len(more) >= 2 else (False, None)
        # "gpuli 上 32b 全参…" "8卡h100 包月多少" "钱包还有 1.2 万": the wallet is at the provider the job was asked at
        job = data.get("job")
        where = data.get("first") or (job.get("provider") if isinstance(job, dict) else None) or (_sole(reply.data) if loose else None)
        budget = _budget(ctx, Decimal(str(stated)), unit, loose, cast(str | None, where))
        _keep_budget(reply, cast(list[Any], runway))  # "那 a800 呢" next asks the same of the new card
        if trim:  # "砍哪个能进预算": the rental without each add-on, against the budget, leads
            return _lead(reply, trim_note(data, budget.money, ctx.lang))
        if data.get("hours") and (not how_long or (parsed.asks.enough and parsed.cues.fit and not parsed.rental.term)):  # "…跑36小时多少钱" then "预算500够吗": that rental against it
            held = len(more) >= 3 and more[2] == WALLET  # "我现在余额够吗": the wallet's balance, said as such
            judged = _budget_first(ctx, reply, budget, held=held, apart=not held, cards=cards_asked(parsed))  # "two of them" then: two rentals
            return home_said(judged, home, ctx.lang) if home is not None and judged is not reply else judged
        # "4090 一个月多少" then "₮1000 够租多久": counted in the unit the price was asked in (months)
        # "能租几个月" then "年付呢": the year asked now counts the money, not the unit asked before
        priced_in = _unit_of(data.get("hours"))
        return _runway_first(ctx, reply, data, budget, priced_in if priced_in == "year" else per or priced_in)
    q, r, extras = parsed.request, parsed.rental, parsed.price
    if not q.gpu and extras.add_ons:
        priced = add_on_reply(extras.add_ons, r.duration_days, r.duration_hours, ctx.lang, first=r.provider,
                              asked=extras.display_currency)
        # "gpuli 存储卷 2T 一个月多少" then "U 还是 USD？": the currency each figure is billed in leads
        return _lead(priced, add_on_currency_note(priced, ctx.lang)) if parsed.cues.which_currency else priced
    if not q.gpu and parsed.run is not None:  # "1 万条样本 … 每步 1.2 秒，要训多久": the time, and what a price needs
        note = run_note(windowed(parsed), ctx.lang)
        if parsed.run.step_seconds:
            note.data["message"] = f"{note.data['message']}\n{t('price.run_no_card', ctx.lang)}"
        return note
    if not q.gpu and parsed.asks.runway and parsed.asks.budget is not None:
        amount, cur = parsed.asks.budget  # "我有 500U 够租多久": which card? with the money named back
        money = _budget(ctx, amount, cur, parsed.asks.budget_loose, r.provider).money
        which = Reply("error", ctx.lang, {"message": t("runway.which_card", ctx.lang, budget=money.format(ctx.lang))})
        which.turn = kept_budget(parsed, money)  # "钱包里有 ₮500" then "gpuli 4090 能租几周": that money divided
        return which
    if not q.gpu and r.provider and parsed.asks.models_listed:
        return provider_models(r.provider, ctx.lang)
    if not q.gpu and not r.provider and parsed.asks.cards_offered and parsed.asks.budget is not None:
        span = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or MONTH_DAYS * 24  # "400 U 以内能租什么卡": a month's
        return cards_within(_budget(ctx, *parsed.asks.budget, parsed.asks.budget_loose, None).money, span, ctx.lang)
    if not q.gpu and not r.provider and parsed.asks.cards_offered:
        return gpus_reply(ctx.lang, details=False)  # "你们都有啥卡": the cards by memory, as /gpus lists them
    if not q.gpu and r.provider and parsed.asks.budget is not None and not q.num_gpus and card_memory(parsed) is None:
        # "一万网络 预算 3w 一个月": money for a rental there, said before the job: named back over the list, and
        # kept (bot.core.wallet_follow_ups.of_stated_budget) so the job named next is picked within it, there
        return budget_for_job(provider_price_list(r.provider, ctx.lang), parsed,
                              _budget(ctx, *parsed.asks.budget, parsed.asks.budget_loose, r.provider).money, ctx.lang)
    if not q.gpu and r.provider:
        # "cheapest 8-card option at 一万网络, monthly?": that count's setups, ranked by the unit asked
        span = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
        return provider_price_list(r.provider, ctx.lang, q.num_gpus, _unit_of(span), memory_gb=card_memory(parsed),
                                   hours=span or None)  # "CloudGPU 24G 卡跑一周多少钱": each card for the week
    if not q.gpu and (memory := card_memory(parsed)) and (asks_cheapest := memory_cheapest(memory, ctx.lang)) is not None:
        return asks_cheapest  # "48G 的卡哪张最便宜": of all the providers' cards holding it, the cheapest leads
    if not q.gpu:
        card = parsed.unknown_card
        return Reply("unknown_card", ctx.lang, {"name": card.name if card else "?", "choices": [short_gpu(n) for n in card.choices] if card else [],
                                               "cards": [short_gpu(g.name) for g in gpus().entries][:12]})
    assumed = assumed_storage(extras.storage_unsized, r.provider)  # "含存储的账单": the provider's example sizes
    if assumed:
        extras = replace(extras, add_ons={**assumed, **extras.add_ons})
    count = q.num_gpus or (extras.nodes * CARDS_PER_NODE if extras.nodes else None)
    if extras.nodes and extras.nodes > 1 and q.num_gpus and q.num_gpus <= CARDS_PER_NODE and not extras.nodes_counted:
        count = extras.nodes * q.num_gpus  # "双节点 8 卡": eight cards on each of the two nodes
    days, hours = r.duration_days, r.duration_hours or q.hours
    if extras.annual and extras.month_average and days == MONTH_DAYS and not hours:
        days = ANNUAL_DAYS  # "annual prepay, what's the monthly average?": the year is rented, its month the share asked
    asks = parsed.asks
    if (extras.annual and months_span(days) and not hours) or weighs_metered(parsed.words):
        asks = replace(asks, both_units=False)  # "周期半年，月付还是年付": the months against the year; "包周还是按分钟": providers
    if asks.both_units and (days or hours):
        # "3 weeks: weekly or monthly cheaper?": the span bought by the week and by the month
        data = {"gpu": variants(q.gpu, asks.form_factor), "num_gpus": count, "hours": (days or 0) * 24 + (hours or 0),
                "add_ons": extras.add_ons, "infiniband": extras.infiniband, "repeat": extras.repeat_purchase,
                "display": extras.display_currency or ctx.display_currency, "first": r.provider,
                "asked_currency": extras.display_currency is not None, "units": True}
        return _units_first(ctx, price_turn(ctx, data, details=False), data, asks.until)
    # "a100 sxm 在 gpuli 周租多少，包月呢": the provider named sells the card one way only, said first
    only = one_unit(variants(q.gpu, asks.form_factor), count, r.provider, ctx.lang) if asks.both_units and r.provider else None
    if asks.both_units:
        days = hours = None  # "weekly and monthly price": the listing, not one rental
    several = [] if joined_duration(parsed.words) else list(asks.hours)  # "训 10 小时，再加 2 小时": one total
    if len(several) >= 2:
        return hours_reply(variants(q.gpu, asks.form_factor), count, several, ctx.lang,
                           extras.display_currency or ctx.display_currency)
    if asks.per_day and (days or 0) * 24 + (hours or 0) == 24 and parsed.cues.units_only:
        days = hours = None  # "gpuli 4090 per day?": a rate asked, no one-day rental; each term shared per day
    if days is None and hours is None and extras.annual:
        days = ANNUAL_DAYS
    if days is None and hours is None and extras.add_ons and not asks.both_units and asks.budget is None:
        days = MONTH_DAYS  # "gpuli 8x h100 month plus 2000 GB volume total": a bill with monthly add-ons is a month's
    if asks.per_card_hour and count == 1 and (days or 0) * 24 + (hours or 0) in (1, 24):
        # "h100 sxm 一卡一小时折合多少": one card for one hour is the rate's unit, no rental of it (nobody rents one H100)
        days = hours = count = None
        r = replace(r, duration_days=None, duration_hours=None)
    if days is None and hours is None and asks.per_card_hour:
        days = MONTH_DAYS  # "每卡每小时折合多少": each provider's month, which states its per-card-hour rate
    term = claim_term(asks.claim, variants(q.gpu, asks.form_factor)) if asks.claim is not None else None
    if days is None and hours is None and asks.claim is not None:  # "单卡 899 乘 8": the term ₮899 buys (a month)
        hours = term[0] if term is not None else MONTH_DAYS * 24
    home = None if r.provider else budget_home(asks.budget, asks.budget_loose, variants(q.gpu, asks.form_factor))
    if home is not None:  # "每月预算 ₮500 … 4090 月租 超不超": only gpuli bills in ₮, so it is judged there
        r = replace(r, provider=home)
    data = {"gpu": variants(q.gpu, asks.form_factor), "num_gpus": count, "hours": (days or 0) * 24 + (hours or 0) or None,
            "add_ons": extras.add_ons, "infiniband": extras.infiniband, "repeat": extras.repeat_purchase,
            "display": extras.display_currency or ctx.display_currency, "first": r.provider,
            "asked_currency": extras.display_currency is not None}
    both = year_and_month(ctx, parsed, data, lambda c, d: price_turn(c, d, details=False))  # "什么价 年付呢"
    reply = both or price_turn(ctx, data, details=False)
    weeks = {"weeks": parsed.cues.weeks_times, "weeks_times": True}
    if both is None and parsed.cues.weeks_times and asks.budget is None and month_covers_weeks({**data, **weeks}):
        return _units_first(ctx, reply, {**data, **weeks})  # "4090 周租 x4": ₮436 asked, a month ₮369 for less; both shown
    if assumed:
        reply.also.append(assumed_note(assumed, r.provider, ctx.lang))
    if only is not None and asks.budget is None:
        return _lead(reply, only)
    if asks.top_up and data["hours"] and asks.budget is None:  # "跑 8 小时 余额要留多少": the rental plus what is held
        return _lead(reply, top_up_note(reply, ctx.lang))
    added = added_note(extras.add_ons, r.provider, days, ctx.lang) if extras.added_asked and asks.budget is None else None
    if added is not None:  # "包年 加 CPU 16 核 每月加多少": what the add-on adds leads, the whole bill follows
        return _lead(reply, added)
    if extras.month_average:  # "年付 一年多少 平均每月多少": ¥26,880 and ¥2,240 a month
        month_shares(reply)
    if asks.per_day:
        per_day_shares(reply, data["hours"])
    if asks.per_card_hour and asks.per_card_unit != "hour":
        per_card_rates(reply, asks.per_card_unit)
    elif asks.per_card_hour and (not (r.duration_days or r.duration_hours) or (extras.add_ons and both_ways(parsed.words))):
        rates = card_hour_lead(variants(q.gpu, asks.form_factor), count, r.provider, ctx.lang)  # (with storage: the cards' own)
        if rates is not None and asks.budget is None and asks.claim is None:
            return _lead(reply, rates)  # "per-card hourly rate for 8x h100": each term's rate leads
    if asks.claim is not None:  # "8 张 a100 单卡 899 乘 8 就是 7192 吧": right or wrong leads, the prices follow
        named = next((p.name for p in providers().entries if p.id == r.provider), None)
        checked = claim_note(reply, asks.claim, count, named or (term[1] if term else None), ctx.lang)
        return _lead(reply, checked) if checked is not None else reply
    if asks.cheaper and parsed.cues.than_others and r.provider and (weighed := named_cheaper(reply, r.provider, ctx.lang)) is not None:
        return _lead(reply, weighed)  # "一万网络 8卡 a100 2.5万起 肯定比别家便宜吧": on the band's high end, against the rest
    if parsed.run is not None:  # "试跑 50 步用了 100 秒 … 多久、多少钱": how the hours were worked out leads
        return _lead(reply, run_note(parsed.run, ctx.lang))
    if asks.budget is not None and (asks.runway or data["hours"]):  # ("周租能租几周" asks how long: a runway)
        amount, cur = asks.budget
        budget = _budget(ctx, amount, cur, asks.budget_loose, r.provider or (_sole(reply.data) if asks.budget_loose else None))
        _keep_budget(reply, [str(amount), cur, asks.how_long, asks.budget_loose, asks.runway_unit])
        if data["hours"] and (not asks.how_long or (asks.enough and parsed.cues.fit and not r.term)):  # "一周预算 500 U 能租 8 卡 H100 吗": that rental against it
            # (asked with how long it lasts too, "$50 能跑多久 够不够跑 30 小时": whether it is enough leads, the runway follows;
            # "周租能租几周 够跑 14b lora 吗" names a unit, no length to cover: the runway is asked, "enough" is the job's)
            judged = _budget_first(ctx, reply, budget, held=asks.held, cards=cards_asked(parsed))
            return home_said(judged, home, ctx.lang) if home is not None and judged is not reply else judged
        if (asks.held or (asks.wallet and parsed.cues.can_rent)) and not amount and not data["hours"] and not asks.how_long:
            ways = top_up_line([str(x["provider_id"]) for x in reply.data.get("rows") or []], ctx.lang)  # "我钱包里一分钱没有，能直接开一台 4090 吗": no, top up first (each provider's way); the prices say how much
            return _lead(reply, Reply("error", ctx.lang, {"message": "\n".join(filter(None, [t("plan.held_empty", ctx.lang), ways]))}))
        # "¥3000 够租多久", "2k 包月能租几个月": the money divided into each price
        return _runway_first(ctx, reply, data, budget, asks.runway_unit or _unit_of(data["hours"]))
    if asks.how_to_rent:  # "怎么开一台 4090 周租": the prices, then how ordering works where it is rented
        rows = cast(list[dict[str, Any]], reply.data.get("rows") or [])
        line = order_line([r.provider] if r.provider else list(dict.fromkeys(str(x["provider_id"]) for x in rows))[:2], ctx.lang)
        if line is not None and r.provider:  # "how do I spin up an 8x h100 at gpuli": its steps answer, the prices follow
            return _lead(reply, Reply("error", ctx.lang, {"message": line}))
        if line is not None:
            reply.also.append(Reply("error", ctx.lang, {"message": line}))
    return reply


def card_memory(parsed: Parsed) -> int | None:
    """The memory a card is asked by, with no card named ("哪张 48G 的卡最便宜", "cheapest 48GB card"):
    the provider's cards that hold it are the answer, cheapest first."""
    card = parsed.unknown_card
    return card.memory_gb if card is not None and card.bare and card.memory_gb else None


def _units_first(ctx: Context, reply: Reply, data: dict[str, Any], until: datetime | None = None) -> Reply:
    """Weekly against monthly for the span priced, leading; the price list stays the turn, so "4 张呢"
    or "in CNY" changes it and asks the comparison again. `until`: the span is the time to that deadline."""
    units = units_reply(data["gpu"], int(data["num_gpus"]) if data.get("num_gpus") else None, float(data["hours"]),
                        ctx.lang, data.get("first"), until)
    if units is None and until is not None:  # sold by the minute or hour only: no term to choose
        return _lead(reply, metered_until(float(data["hours"]), until, ctx.lang))
    if units is None:
        return reply
    units.also = [reply, *reply.also]
    reply.also = []
    units.turn, units.buttons = reply.turn, reply.buttons
    return units


def terms_of_job(ctx: Context, card: tuple[str, int | None] | None, hours: float, lines: Reply,
                 provider: str | None = None, until: datetime | None = None) -> Reply:
    """"14b qlora 4090 跑 10 天 周租还是月租", "72b qlora, deadline in 15 days: weekly or monthly?": a job,
    a span and the two units. The span bought by the week and by the month leads, on the card named
    (`card`), else on the cheapest safe setup of `lines`' first report that a provider sells both ways
    (72B QLoRA: gpuli's A100 80GB PCIe, 2 × ₮269 against ₮899); `lines` (the job per term) follows.
    Why: the per-term list answers "how much", not "which term": the comparison is what was asked."""
    if card is not None:
        data = {"gpu": [card[0]], "num_gpus": card[1], "hours": hours, "first": provider, "units": True,
                "display": ctx.display_currency, "asked_currency": False}
        return _units_first(ctx, price_turn(ctx, data, details=False), data, until)
    report = lines.source
    for o in getattr(report, "options", ()):
        if o.caution or o.plan.offload != "none" or (provider and o.provider.id != provider):
            continue
        units = units_reply([o.gpu.id], o.num_gpus, hours, ctx.lang, o.provider.id, until)
        if units is not None and units.kind == "price_units":
            units.also = [lines, *lines.also]
            lines.also = []
            units.turn, units.buttons = lines.turn, lines.buttons
            return units
    return lines


def _keep_budget(reply: Reply, runway: list[Any]) -> None:
    """The budget stays with the price it was asked of: a follow-up that changes the card, count or
    currency ("那 a800 呢", "4 张呢") asks the same budget question again, not for a bare price."""
    if reply.turn is not None:
        reply.turn.data["runway"] = list(runway)


@dataclass(frozen=True)
class Budget:
    """The money a budget names, as read (`money`), with why it was read so: no currency word at a
    named provider is that provider's currency (`assumed`); "块" at a provider billing another
    currency is ¥, and `other` holds the provider's-currency reading, given in one line too; no currency
    word and no provider is the currency of the message's language (`by_lang`: "预算3w" is ¥30,000 to a
    Chinese team, "budget 2k" $2,000 to an English one), said in one line so a misreading shows."""

    money: Money
    provider: str | None = None
    assumed: bool = False
    other: Money | None = None
    by_lang: bool = False


def _sole(data: dict[str, Any]) -> str | None:
    """The one provider every priced row is at ("L40S 周租多少": only gpuli sells it), else None: "2000块" said of
    its rental may mean its own currency too."""
    ids = {row.get("provider_id") for row in data.get("rows") or [] if isinstance(row, dict)}
    return cast(str | None, ids.pop()) if len(ids) == 1 else None


def _budget(ctx: Context, amount: Decimal, cur: str | None, loose: bool, provider: str | None) -> Budget:
    listed = _listed_currency(provider, ctx)
    if cur is None and provider is None and not ctx.settings.currency:
        return Budget(Money(amount, lang_currency(ctx.lang)), by_lang=True)
    if cur is None:
        return Budget(Money(amount, listed), provider, assumed=provider is not None)
    if loose and provider and cur != listed:
        return Budget(Money(amount, cur), provider, other=Money(amount, listed))
    return Budget(Money(amount, cur), provider)


def _reading_note(ctx: Context, budget: Budget, other_line: str | None) -> Reply | None:
    """The one line that says how an unlabelled or colloquial budget was read; none for zero, which is
    zero in every currency (an empty wallet, "0 块钱"): a guessed currency there is only noise."""
    if not budget.money.amount:
        return None
    name = next((p.name for p in providers().entries if p.id == budget.provider), budget.provider)
    if budget.assumed:
        message = t("price.budget_assumed", ctx.lang, provider=name, budget=budget.money.format(ctx.lang))
    elif budget.by_lang:
        message = t("price.budget_lang", ctx.lang, budget=budget.money.format(ctx.lang))
    elif budget.other is not None and other_line:
        message = t("price.budget_other", ctx.lang, provider=name, budget=budget.other.format(ctx.lang), line=other_line)
    else:
        return None
    return Reply("error", ctx.lang, {"message": message})


def _unit_of(hours: object) -> str | None:
    """The rental unit a priced length is ("包月" = 720 h: month), for counting a runway in it."""
    return {168: "week", 720: "month", ANNUAL_DAYS * 24: "year"}.get(int(hours)) if isinstance(hours, int | float) and hours else None


def steps_first(reply: Reply, parsed: Parsed) -> Reply:
    """"先怎么估时间" asked of a dataset: the method with its own figures (total steps, then a timed trial
    of about 50 steps) leads whatever answers the rest (a deadline's verdict, the job's cost); so does a run's
    steps × the seconds a step stated for a job on no card named ("8b qlora … at 1.2 s/step how long": 50 min)."""
    run = parsed.run
    if run is None or not ((parsed.asks.estimate and not run.step_seconds) or (run.step_seconds and not parsed.request.gpu and (parsed.request.model or parsed.request.params_b))):
        return reply
    note = run_note(run, reply.lang)
    if reply.kind == note.kind and reply.data.get("message") == note.data["message"]:
        return reply  # the price view led with it already
    return _lead(reply, note)


def _versus_before(ctx: Context, reply: Reply, data: dict[str, Any]) -> Reply:
    """The card priced before (`data["before"]`) at the same length and place, and the difference between the
    two where one provider quotes both firmly; the price lists follow, the current one staying the turn."""
    before = price_turn(ctx, {**data, **cast(dict[str, Any], data["before"])}, details=False)
    both = difference_first([before, reply], ctx.lang, cheaper_first=data.get("versus_before") == "cheaper")
    if len(both) == 2:  # no provider quotes both firmly: the two lists, the current one first
        reply.also = [*reply.also, before]
        return reply
    lead = both[0]
    lead.also, lead.turn = both[1:], reply.turn
    return lead


def _lead(reply: Reply, note: Reply) -> Reply:
    """`note` first, the price list after it; the list stays the turn (so "in CNY" changes it)."""
    note.also = [reply, *reply.also]
    reply.also = []
    note.turn, note.buttons = reply.turn, reply.buttons
    return note


def _budget_first(ctx: Context, reply: Reply, budget: Budget, held: bool = False, apart: bool = False, cards: bool = False) -> Reply:
    """A budget (`held`: the wallet's balance) against the rental just priced: its verdict leads, the
    price list follows; `cards`: how many cards it rents is what was asked."""
    verdict = budget_price_verdict(reply, budget.money, ctx.lang, held, apart, cards)
    if verdict is None:
        return reply
    if verdict.data.get("over") and budget.money.amount:  # nothing buys no rental: "no" alone, not its shortest term
        shorter = _shorter_fit(ctx, reply, budget.money, str(verdict.data["message"])) or _card_fit(reply, budget.money, ctx.lang)
        for line in (shorter, runs_out_line(reply, ctx.lang, held, ctx.inc.text)):  # a balance: what zero does mid-run
            verdict.data["message"] = f"{verdict.data['message']}\n{line}" if line else verdict.data["message"]
    other = budget_price_verdict(reply, budget.other, ctx.lang) if budget.other is not None else None
    note = _reading_note(ctx, budget, str(other.data["message"]).removeprefix("💵 ") if other is not None else None)
    verdict.also = [*([note] if note else []), reply, *reply.also]
    reply.also = []
    verdict.turn, verdict.buttons = reply.turn, reply.buttons
    return verdict


def _shorter_fit(ctx: Context, reply: Reply, money: Money, said: str) -> str | None:
    """"预算 5000 够吗" after 8×H100 for a month: not enough for the month, but the provider also sells
    the week (gpuli ₮4,172): the longest rental of the same setup there that the money does buy, so the
    answer says what fits instead of only "no". When it buys not even the shortest term, that term and
    what is missing (¥5,000 against gpuli's week, ₮4,172), unless it is the rental the verdict priced."""
    data = reply.turn.data if reply.turn is not None else {}
    rows = cast(list[dict[str, Any]], reply.data.get("rows") or [])
    if not rows or not data.get("gpu"):
        return None
    row = judged_row(reply.data, rows)  # the provider the verdict judged, so the shorter rental is there
    runway = runway_reply(data["gpu"], int(row["num_gpus"]), money, ctx.lang, str(row["provider_id"]),
                          add_ons=data.get("add_ons") or None)
    lead = str(runway.data.get("lead") or "").removeprefix("💵 ") if runway is not None else ""
    if not lead or runway is None:
        return None
    if runway.data.get("bought"):
        return t("plan.budget_shorter", ctx.lang, line=lead)
    return None if str(runway.data.get("entry")) in said else lead


def _card_fit(reply: Reply, money: Money, lang: str) -> str | None:
    """No shorter rental fits: the best other card of the same count there, for the same span, that the money buys."""
    data = reply.turn.data if reply.turn is not None else {}
    rows = cast(list[dict[str, Any]], reply.data.get("rows") or [])
    if not rows or not data.get("gpu") or not data.get("hours"):
        return None
    row = judged_row(reply.data, rows)
    held = data["gpu"]
    return card_within(list(held) if isinstance(held, list) else [str(held)], int(row["num_gpus"]), str(row["provider_id"]),
                       float(data["hours"]), money, lang)


def _listed_currency(provider: str | None, ctx: Context) -> str:
    """An amount stated without its currency is in the named provider's, else the chat's."""
    if provider:
        return next((p.currency for p in providers().entries if p.id == provider), ctx.display_currency)
    return ctx.display_currency


def _runway_first(ctx: Context, reply: Reply, data: dict[str, Any], budget: Budget, unit: str | None = None) -> Reply:
    """The answer to "how long" replaces the price list it rests on (each line names its price); the
    list stays the turn, so "in CNY" or "4 张呢" still changes it."""
    count = int(data["num_gpus"]) if data.get("num_gpus") else None
    runway = runway_reply(data["gpu"], count, budget.money, ctx.lang, data.get("first"), unit, data.get("add_ons") or None)
    if runway is None:
        return reply
    other_line = None
    if budget.other is not None:
        other = runway_reply(data["gpu"], count, budget.other, ctx.lang, data.get("first"), unit, data.get("add_ons") or None)
        other_line = runway_text(other.data["lines"][0], ctx.lang) if other is not None else None
    note = _reading_note(ctx, budget, other_line)
    runway.also = [*([note] if note else []), *reply.also]
    runway.turn, runway.buttons = reply.turn, reply.buttons
    return runway


def variants(gpu: str, form_named: bool) -> list[str]:
    """The card and its other form factors with the same memory (A100 80GB SXM and PCIe) when the
    question named none: each provider is then quoted for the one it rents."""
    return [gpu] if form_named else form_variants(gpu)


def _card_rate_first(ctx: Context, reply: Reply, data: dict[str, Any], unit: str) -> Reply:
    """The rental just priced, its rate per card in the unit asked leading (gpuli 8×H100 a month: ₮14,432 ÷ (8 × 720 h)
    ≈ ₮2.51 a card-hour); a provider billing by the minute states its rate already."""
    if unit != "hour":
        per_card_rates(reply, unit)
        return reply
    rates = card_hour_lead(cast(list[str], data.get("gpu") or []), cast(int | None, data.get("num_gpus")),
                           cast(str | None, data.get("first")), ctx.lang)
    return reply if rates is None else _lead(reply, rates)


def price_turn(ctx: Context, data: dict[str, Any], details: bool) -> Reply:
    hours = data.get("hours")
    count = data.get("num_gpus")
    apart = bool(data.get("apart"))  # the user's own cards (bot.core.own_setup): separate instances count too
    if count and not apart and not any(setup_prices(data["gpu"], int(count), None, whole_machines=True).offered):
        if trained_together(data["gpu"], int(count), data.get("first")):
            apart = True  # gpuli's 4090s side by side (seed 000: DDP / ZeRO-2 over PCIe): that many, summed
        else:
            data = {**data, "num_gpus": None, "unsold_count": count}  # nobody rents that count: list the boxes
            count = None
    reply = price_reply(data["gpu"], int(count) if count else None, timedelta(hours=float(hours)) if hours else None,
                        ctx.lang, display=str(data.get("display") or ctx.display_currency),
                        add_ons=data.get("add_ons") or None, infiniband=data.get("infiniband"),
                        repeat_purchase=bool(data.get("repeat")), first=data.get("first"),
                        asked_currency=bool(data.get("asked_currency")),
                        at_least=int(data["unsold_count"]) if data.get("unsold_count") else None, apart=apart,
                        forms=bool(data.get("forms")))
    reply.data["unsold_count"] = data.get("unsold_count")
    if data.get("unsold_count") and data.get("first"):
        reply.data["boxes"] = _boxes(str(data["first"]), ctx.lang)
    reply.turn = Turn("price", data)
    return reply


def trained_together(gpu: str | list[str], count: int, provider: str | None) -> bool:
    """Whether `count` of a card rented singly is a setup its provider (the one named, else any) says trains
    one job together (seed 000: several RTX 4090 / 5090 / L40S at gpuli, data parallel or ZeRO-2 over PCIe),
    so the count is priced as that many rentals summed; never beyond one node's count."""
    cards = [gpu] if isinstance(gpu, str) else list(gpu)
    return any(count <= p.billing.node_gpus and p.billing.multi_instance
               and any(o.several_train_together for g in cards for o in p.offers_for(g))
               for p in providers().entries if provider is None or p.id == provider)


def _boxes(provider_id: str, lang: str) -> dict[str, str] | None:
    """The multi-card machines the named provider rents as one box ("一万网络能租 4 张 A100 40G 的机器吗":
    its 8×A100 80GB and 8×H100 servers), for a count nobody rents as one machine."""
    p = next((x for x in providers().entries if x.id == provider_id), None)
    setups = list(dict.fromkeys(t("sum.setup", lang, n=o.count, gpu=short_gpu(gpus().get(o.gpu).name))
                                for o in (p.offers if p else []) if o.count > 1))
    return {"provider": p.name, "setups": ", ".join(setups)} if p and setups else None


def runway_of_pick(ctx: Context, parsed: Parsed, sized: Reply, price: Callable[[Parsed], Reply]) -> Reply | None:
    """"预算 ₮2000 做 7b 全参 gpuli 能租多久": how long the budget rents the setup the sizing picked (at the
    named provider, the first of the sizing's fitting setups it rents), in each of its units. It leads;
    the sizing follows and stays the turn. None when no fitting setup is rented there."""
    asks = parsed.asks
    view = sized.data.get("v") if isinstance(sized.data, dict) else None
    pick = sized.turn.data.get("pick") if sized.turn is not None else None
    if asks.budget is None or not pick:
        return None
    lineup = [(str(x["gpu"]), int(x["num_gpus"])) for x in (view or {}).get("lineup") or [] if x.get("fits")]
    where = parsed.rental.provider
    setups = list(dict.fromkeys([(str(pick[0]), int(pick[1])), *lineup]))
    chosen = next((s for s in setups if where is None or any(
        r.provider.id == where for r in setup_prices(s[0], s[1], None).offered)), None)
    if chosen is None:
        return None
    data = {"gpu": [chosen[0]], "num_gpus": chosen[1], "hours": None, "first": where, "display": None,
            "runway": [str(asks.budget[0]), asks.budget[1], True, asks.budget_loose, asks.runway_unit]}
    runway = price(replace(parsed, intent="price", follow=data, follow_up=True))
    if runway.kind != "runway":
        return None
    runway.also = [*runway.also, sized, *sized.also]
    sized.also = []
    runway.turn, runway.buttons = sized.turn, sized.buttons
    return runway
