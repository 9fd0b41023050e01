"""What a message asks *about* the job (planning questions, headroom, an export, the cost or card count of the last
answer, the hours of a price list), read once from the normalized text into `Asks`: nothing after the parser looks at
the words again (they were once re-read by the router, handlers and planning view, and misread downstream)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache

from bot.understand import lazy, model_facts, one_message, planning
from bot.understand.boot_wait import without_wait
from bot.understand.both_asked import both_asked
from bot.understand.buy_way import buy_way
from bot.understand.card_rate_unit import asked_unit, rate_unit
from bot.understand.card_share import share_asked
from bot.understand.card_spec import specs_asked
from bot.understand.catch_asked import catch_asked
from bot.understand.claimed import Claim, claimed
from bot.understand.held_asked import held_asked
from bot.understand.launch_asked import LAUNCH_TOOL, launch_asked
from bot.understand.machines_asked import machine_card, machines_asked
from bot.understand.model_facts import PER_CARD, SIZE_ALONE, facts_asked, format_bytes, zero_stages
from bot.understand.money_words import MoneyWord
from bot.understand.named_data import file_for_dataset
from bot.understand.need_asked import need_asked
from bot.understand.pooled import pooled
from bot.understand.rank_pair import ranks_compared
from bot.understand.rental_extras import IN_CURRENCY
from bot.understand.repeats import repeats_asked
from bot.understand.shown_settings import settings_named
from bot.understand.suits_asked import suits_asked
from bot.understand.switch_asks import saving_asked, switch_asked
from bot.understand.unit_asked import unit_asked
from bot.understand.wallet_intent import HOW_TO_RENT, OVER_ASKED
from engine.request import TrainingRequest

# a week or a month named as the unit a rental is bought in, not as a length ("weekly", "周租", "按月")
_UNIT_WEEK = r"(?:\bweekly\b|\bper\s+week\b|\bby\s+the\s+week\b|周租|包周|按周|周付)"
_UNIT_MONTH = r"(?:\bmonthly\b|\bper\s+month\b|\bby\s+the\s+month\b|月租|包月|按月|月付)"
CURRENCY = {"人民币": "CNY", "rmb": "CNY", "cny": "CNY", "yuan": "CNY", "renminbi": "CNY", "元": "CNY", "美元": "USD", "美金": "USD",
            "usd": "USD", "dollars": "USD", "刀": "USD", "usdt": "USDT", "u": "USDT"}


@dataclass(frozen=True)
class Asks:
    """Everything the message asks beyond the job's fields; empty when it asks none of it."""

    how_many_gpu: str | None = None  # "how many 4090s": the card whose count is asked
    longest_seq: bool = False
    largest_batch: bool = False
    largest_model: bool = False  # "biggest full finetune I can run", "最大能训多大的": with a budget, what it buys
    budget: tuple[Decimal, str | None] | None = None  # a ceiling, with its currency when stated
    budget_loose: bool = False  # its currency word was only 块: ¥ usually, the provider's own at times
    deadline: datetime | None = None
    deadline_span: bool = False  # "3天内", "within 48h": the deadline's words are a span, not the run's length
    start: datetime | None = None  # "we start thursday 9am", "周三中午开始": the time to a deadline counts from here
    # "12月20号前跑完，租几周": the deadline that set the rental's length (bot.understand.deadline_rental)
    until: datetime | None = None
    headroom: bool = False  # "roomy", "宽裕一点": a setup with room over the cheapest tight one
    room_over_price: bool = False  # room asked for its own sake, not "最省的稳妥方案": the seed's 宽裕 column
    room_too: bool = False  # "最便宜方案多少钱 宽裕的呢", "cheapest setup and the roomy one": both setups asked
    least_setup: bool = False  # "min config for 7b full ft", "最低配置": the seed's minimum setup is the answer
    least_memory: bool = False  # "最少要多少显存", "minimum vram for 7b": the method needing least (QLoRA) when none is named
    export: bool = False  # "导出 deepspeed 配置", "give me the llamafactory config"
    tools: frozenset[str] = frozenset()  # the frameworks whose config it names: accelerate, deepspeed ...
    shown: frozenset[str] = frozenset()  # "batch 和梯度累积要写清楚": the settings named, shown in an export's summary
    mixed_precision: str | None = None  # "bf16", "fp16", "no" (fp32): the precision asked of a config
    cost: bool = False  # "看费用", "多少钱", "cost?": what the job costs
    count: bool = False  # "要几张", "how many cards": how many cards the job needs
    machines: bool = False  # "要几台 8xh100", "how many nodes": the count in machines (a count asked too)
    hours: tuple[float, ...] = ()  # "8h 和 24h 各多少": a price for each
    # "一周多少 两周呢", "a week, and what about two weeks?": a job's cost asked again for other lengths, one line each
    lengths: tuple[float, ...] = ()
    both_units: bool = False  # "周租和月租": the listing, not one rental
    form_factor: bool = False  # SXM / PCIe named: no sibling variants in a price
    runway: bool = False  # "¥3000 够租多久", "5000 能租几个月", "how long can $20 rent": budget ÷ price
    how_long: bool = False  # "能跑几个小时", "how long": with money and no model, a runway too
    runway_unit: str | None = None  # "能租几周" week, "撑几个月" month: the unit the runway is counted in
    per_card_hour: bool = False  # "每卡每小时折合多少": a rate, read off a month's rental
    per_card_unit: str = "hour"  # the rate's unit: "每卡每分钟" minute, "per card per day" day
    suits: bool = False  # "适合干啥", "what's it good for": what a card is suited for
    need: str | None = None  # "需要 zero3 吗", "do I need offload?": the setting asked whether needed ("zero")
    catch: bool = False  # "what's the catch?", "有啥代价": what the plan costs besides money (its throughput)
    unit: str | None = None  # "能按天租吗", "can I rent it by the hour?": the unit asked yes or no ("day", "hour")
    per_day: bool = False  # "一周多少，按天摊多少", "what's that per day": the rental's total shared over its days
    pick: bool = False  # "选哪家哪个配置", "which provider": the setup to rent for the job
    card_pick: bool = False  # "用哪张卡最省", "cheapest card at gpuli": the card is what is picked (its edge and caution matter)
    trim: bool = False  # "砍哪个能进预算", "which add-on do I drop to fit?": a part of the rental to leave out
    table: bool = False  # "整理成表格", "as csv": the prices as a spreadsheet
    methods_compared: bool = False  # "QLoRA 比 LoRA 慢多少": two methods set side by side, not a change to one
    # "32b qlora 跟 lora 差多少", "full vs lora for 14b": the methods named, in order, with a word that sets
    # them against each other (a QLoRA's "lora rank" names one method)
    methods_versus: tuple[str, ...] = ()
    models_listed: bool = False  # "how many GPU models does gpuli list", "gpuli 有几款卡": the catalog's count
    cards_offered: bool = False  # "你们都有啥卡", "what GPUs do you offer", "list your cards": the cards on offer
    weights: bool = False  # "底座权重多大", "just the bf16 weights": the weights line of the breakdown, first
    estimate: bool = False  # "先怎么估时间", "how do I estimate the training time": the method leads
    memory_figure: bool = False  # "多少显存", "显存要多少", "how much vram": the memory asked as a figure
    per_card_memory: bool = False  # "每张卡大概占多少", "how much memory per card", "per-GPU footprint": one card's figure leads
    repeats: int | None = None  # "and if we run 4 such jobs", "跑 4 次呢": runs of the answer's job (bot.understand.repeats)
    both: bool = False  # "both for 10 hours?", "分别多少": each thing just named (bot.understand.both_asked)
    per_card_figure: bool = False  # "per card for 32b on 8?": a figure per card asked, memory word or not
    per_card: bool = False  # "per card?", "每张多少", "单卡多少": one card's share of the answer, bare (bot.understand.card_share)
    param_count: bool = False  # "exactly how many params", "qwen3-8b 多少参数", "参数量具体是多少": the model's count itself
    # "qwen3 32b 有多少层", "hidden size of llama 3.1 8b": the model's catalog shapes asked (bot.understand.model_facts)
    model_fact: tuple[str, ...] = ()
    format_bytes: str | None = None  # "nf4 加 double quant 每参数多少字节": a weight format's bytes per parameter
    zero_stages: tuple[int, ...] = ()  # "zero-1 zero-2 zero-3 每卡各多少": the stages compared (bot.understand.model_facts)
    ranks: tuple[int, ...] = ()  # "rank 64 vs rank 8": two LoRA ranks compared on one job (bot.understand.rank_pair)
    size_alone: bool = False  # "多大", "有多大呢", "how big is it?": a size asked of what was just discussed, nothing else said
    names_only: bool = False  # "14B?", "qwen3-14b": names and sizes alone, a bare change of the last question
    frame_only: bool = False  # "and at cloudgpu?", "那 h100 呢": names and a follow-up's frame (bot.understand.follow_frame)
    cheaper: bool = False  # "哪个便宜", "which is cheaper": setups compared on price, the cheaper one first
    buy_way: bool = False  # "cheapest way?", "按周买划算吗": a length bought by week, month or both (bot.understand.buy_way)
    difference: bool = False  # "差多少钱", "how much more": two setups priced, the difference between them first
    total: bool = False  # "一共多少", "in total": several rentals priced, their sum first
    band: bool = False  # "是最低还是最高", "is that an estimate": what a price band (or a price) is
    top_up: bool = False  # "余额要充多少才稳", "how much should I top up": what to hold for the rental priced
    start_hold: bool = False  # "开机先扣多少", "how much must be in the wallet before starting?" (bot.understand.held_asked)
    pooled: int | None = None  # "8 台单卡拼成一台 8 卡机": how many single-card rentals (0: not said) used as one machine
    count_versus: int | None = None  # "要两张吗，一张够不够": the other count named (the one asked is sized)
    switch: str | None = None  # "还需要 offload 吗", "要不要 8bit 优化器": the switch ("offload", "optimizer") asked whether needed
    saving: str | None = None  # "8bit 优化器对 7b 全参能省多少": the lever whose saving on the job is asked (switch_asks)
    # "can I rent an A100 for a month now", "租一个月之后还剩多少": whether the rental can be paid; with no
    # money named, the router weighs it against what the wallet holds (held: the budget came from there)
    affords: bool = False
    held: bool = False
    # "钱包里的钱够租一周吗", "is my balance enough": the money is the wallet's by name, so an empty wallet
    # is weighed as 0 (not the price alone, which would read as "yes")
    wallet: bool = False
    # "预算 3w 够不", "is $500 enough": the budget is asked about (its verdict leads), not only context
    enough: bool = False  # also a fit someone claimed, put to us to check ("师兄说 12g 就够 真的假的", "fits in 12gb, true?")
    how_to_rent: bool = False  # "怎么开一台 4090 周租", "how do I rent …": the price, and how ordering works
    # "offload 主机内存够吗", "is host RAM enough for offload": the host memory offload needs vs the instances' (verdict leads)
    host_memory: bool = False
    cheapest: bool = False  # "最便宜用啥卡", "cheapest gpu for ...": the least money, a method left open is the cheapest one
    safe: bool = False  # "cheapest safe way", "最省的稳妥方案": the cheapest setup without risk or offload, not room
    minimum: bool = False  # "是最省钱的吗", "is that the minimum?": whether the named setup is the least that does the job
    # "要多少显存", "够吗", "几张卡", "does it fit": something only a sizing answers; without it, "72b 全参要多少钱"
    # asks the price of the job alone, which leads the reply
    sizing: bool = False
    claim: Claim | None = None  # "单卡 899 乘 8 就是 7192 吧": a price the user worked out, to be checked
    # "H100 vs A100 的 NVLink 带宽", "memory bandwidth of an a100": the cards' catalog facts asked (bot.understand.card_spec)
    spec: tuple[str, ...] = ()


# money asked whether it runs a job ("一万块能跑 70b qlora 吗", "can $800 train a 14b lora"): a budget question
CAN_RUN = re.compile(r"(?:能|能不能|可以|够)\s*(?:跑|训|练|做)[^多几]{0,30}(?:吗|么|不)|跑得起|训得起"
                     r"|\b(?:can|could|will|would)\s+(?:\S+\s+){0,2}?(?:run|train|finetune|fine-tune|cover)\b")
_FILE = r"配置文件|配置|configs?\b|yaml|json|脚本|scripts?\b"
_TOOL = r"deepspeed|(?<![a-z0-9])ds(?![a-z0-9])|llama[\s_-]?factory|accelerate|fsdp|zero[\s-]?[123]?|torchrun"
# a tool named with the command that starts it: "accelerate launch 配置", "llamafactory-cli 的 yaml", "deepspeed launcher config"
_TOOL_RUN = rf"(?:{_TOOL})(?:[\s_-]*(?:launch(?:er)?|cli|run|启动))?"
# a request asked as a question hands the file over too: "能给 lora 的 yaml 吗", "could you send the config"
_GIVE = (r"(?:整理|准备|弄|做|整)\s*(?:一?份|[一1]?个)|(?:帮|替)\s*(?:我|忙)\s*(?:出|写|做|弄|整|生成)|prepare\s+(?:me\s+)?(?:a|the)\b|put\s+together\s+(?:a|the)\b|draft\s+(?:a|the)\b|(?:能|可以|能不能|可不可以|麻烦)\s*(?:给|发|出)|(?:can|could|would)\s+you\s+(?:give|send|share|write|make|generate|provide)|给我|给个|给一?份|发我|发给|发个|发一?份|来一?份|来个|出一?份|出个|生成|要一?份|写一?份|导(?:一?份|[一1]?个)|give\s+me|send\s+(?:me\s+|over\s+)?(?:the|a|that|this|it)\b|send\s+me|share|"
         r"generate|make\s+me|write\s+me|dump|hand\s+me|get\s+me|(?:can|could|may)\s+i\s+(?:get|have)|i\s+(?:want|need|'d\s+like)\s+(?:the|a|an)\b")
# the words of a question about a config rather than a request for one ("deepspeed config 里 auto 是什么意思"; "改" asks how
# to change it, but "cutoff_len 改 4096" sets a value)
_ASKING = r"(?:什么|怎么|为什么|为啥|区别|意思|哪|如何|改(?!\s*(?:成|为|到)?\s*\d)|吗|要不要|\bwhat\b|\bhow\b|\bwhy\b|\bwhich\b|\bdifference\b|\bmean)"
_NAMED_TOOL = re.compile(r"deepspeed|(?<![a-z0-9])ds(?![a-z0-9])|llama[\s_-]?factory|accelerate|\bfsdp\b|torchrun")
# a config asked to be checked, not handed over: "…, config ok?", "配置对吗"
_CHECKED = re.compile(r"\b(?:ok|okay|fine|right|good|correct|works?)\s*$|对吗|对不对|行不|合理")
_GIVE_AFTER = r"发我|发给|给我|导一?下|导(?:一?份|[一1]?个)|导出|出一?下|出一?份|来一?份|生成|给一?份|发一?份|发一?下|please|pls"


def cards_offered_pattern() -> lazy.LazyPattern:
    """The ask for the cards on offer ("有哪些卡", "what gpus does … offer"), for the words asked beside it."""
    return _patterns()["cards_offered"]


@cache
def _patterns() -> dict[str, lazy.LazyPattern]:
    """Compiled on first use (start-up time matters for one-shot `kasuan` commands)."""
    return {name: lazy.gated(compiled) for name, compiled in {
        # an export is a config file (or a tool's config) asked for with a verb that hands it over, in
        # either order: "把 ds 配置发我", "llamafactory 配置导一下", "出个 ds 配置", "can you export that as ...", "转成 llamafactory 格式"
        "export": re.compile(
            rf"导出|\bexport|下载\s*(?:配置|config)|(?:导|转|转换|输出|写|做|弄|整理)成\s*(?:{_TOOL}|yaml|json)|\b(?:convert|turn|format)\b[^?？]{{0,60}}?\b(?:into|to|as)\s+(?:an?\s+|the\s+)?(?:{_TOOL})\b"
            # a bare give verb opening the message, the file next, maybe its tool after ("出配置，llama factory 的")
            rf"|^\s*(?:那|那就|好|行|ok)?\s*[,，]?\s*(?:出|来|发)\s*(?:{_FILE})"
            rf"|(?:{_GIVE})(?:(?!推荐|建议|选|recommend|suggest).){{0,40}}?(?:{_FILE})|(?:{_FILE}).{{0,16}}?(?:{_GIVE_AFTER})"
            rf"|(?:{_TOOL})\s*(?:的\s*)?(?:{_FILE})(?:\s*(?:文件|file))?\s*(?:呢|吗)?\s*$"
            rf"|^\s*(?:{_TOOL})(?:[\s_-]*(?:{_TOOL}|stage\s*[0-3]))*\s*(?:的\s*)?(?:{_FILE})(?!.*{_ASKING})"
            # a tool's file with settings after it, nothing asked: "now the llama-factory yaml with cutoff 1024", "llamafactory 的配置，cutoff 改 1024"
            rf"|^(?!.*{_ASKING}).*?(?:{_TOOL})[\s_]*(?:的\s*)?(?:{_FILE})\s*(?:with|using|at|but|for|[,，:：\s]|用|带|但|改|换|要)(?!.*{_ASKING})[^?？]*\d[^?？]*$"
            # the tool first and its file last, the job between and nothing asked: "llamafactory 14b lora config"
            rf"|^\s*(?:{_TOOL})\b(?!.*{_ASKING})[^?？]{{1,40}}?(?:{_FILE})\s*(?:呢|please|pls)?\s*$"
            # the tool's file asked of the job just answered: "what's the accelerate config for that?", "那套的 deepspeed 配置是啥"
            rf"|\bwhat(?:'s|\s+is|\s+would\s+be)\s+the\s+(?:{_TOOL})\s+(?:config(?:uration)?|yaml|json|file)s?\s+(?:for|of)\s+(?:that|this|it|the\s+(?:job|setup|run))\b"
            rf"|(?:这个|那个|它|这套|那套)\s*(?:的)?\s*(?:{_TOOL})\s*(?:的\s*)?(?:配置文件|配置|config|yaml|json)\s*(?:是什么|是啥|长什么样|怎么写)"
            # a file and nothing else, of the last answer: "配置文件呢", "config file?", "yaml 呢"
            r"|^\s*(?:the\s+|and\s+the\s+|那\s*)?(?:配置文件|config(?:\s*files?)?|yaml|json)\s*(?:呢|吗|please|pls|too)?\s*[?？]*\s*$"
            # another tool's file after an export, named by the tool alone: "accelerate 的也来一份", "也给个
            # llamafactory 的", "and the accelerate one", "deepspeed version too"
            rf"|(?:{_TOOL})\s*(?:的\s*)?(?:(?:也|再|同样)?\s*(?:{_GIVE_AFTER})|(?:也|再|同样)\s*(?:要|来一?个))"
            rf"|(?:也|再)\s*(?:给|来|出|发|要)\s*(?:我\s*)?(?:个|一?份)\s*(?:{_TOOL})|(?:给|来|出|发)\s*(?:我\s*)?(?:个|一?份)\s*(?:{_TOOL})\s*(?:的)?\s*(?:吧|呗|呀)?\s*[.。!！]*\s*$"
            # "and a deepspeed one for 8 gpus" (its "one" read as 1 when a count follows), "another deepspeed version"
            rf"|(?:\band\s+)?\b(?:the|a|an|another)\s+(?:{_TOOL})\s+(?:one|1(?=\s+(?:for|with|on)\b)|version)\b|\b(?:{_TOOL})\s+(?:one|version)\s+too\b"),
        # a config file named as a thing to have, not as a topic: "accelerate 的配置文件", "the deepspeed
        # config file", "ds_config.json" ("配置" alone is a setup of cards: "72b 全参什么配置")
        "file_named": re.compile(
            rf"配置文件|config\s*files?\b|\byaml\b|\bjson\b|ds_config|(?:{_TOOL_RUN})\s*(?:的\s*)?(?:配置|configs?\b)"),
        "asking": re.compile(_ASKING),
        "sizing": re.compile(r"显存|内存|memory|vram|\bsizing\b|\bram\b|几张|几卡|多少卡|多少张|how\s+many\s+(?:gpus|cards)|够|\bfits?\b|enough"
                             r"|装得下|放得下|塞得下|能跑|跑得动|能训|行不行|行吗|可以吗|possible|\b(?:ok|okay|fine)\s*(?:[?？吗]|\band\b|for\b)|\b(?:can|could|will)\b.{0,40}\b(?:run|train|hold)\b"),
        # "how long" in any form; with an amount and no model, the amount is divided into the price
        "how_long": re.compile(
            r"多久|多长时间|几个?\s*(?:月|周|星期|礼拜|天|小时|钟头)|多少\s*(?:个\s*)?(?:小时|钟头|天|周|月|hours?\b|hrs?\b|days?\b|weeks?\b|months?\b)|(?:训练|跑|要|需要)\s*(?:多少|几)\s*分钟|时长多少|多少时长"
            r"|how\s+long|how\s+many\s+(?:(?:gpu|card)[\s-]*)?(?:months|mos|weeks|wks|days|hours|hrs)\b|多少\s*(?:个\s*)?卡时|how\s+many\s+min(?:ute)?s\s+(?:will|would|does|is)\b"),
        "runway": re.compile(
            r"(?:够|能|可以)\s*(?:租|撑|用|续)\s*(?:[^，,。？?！!]{0,20}?)(?:多久|多长时间|几个?\s*(?:月|周|星期|礼拜|天|小时))|(?:租|撑)\s*得\s*了\s*多久"
            r"|how\s+long\s+(?:can|could|will|would)\b.{0,40}\b(?:rent|last|run)"
            r"|how\s+many\s+(?:(?:gpu|card)[\s-]*)?(?:months|mos|weeks|wks|days|hours|hrs)\s+(?:can|could|will|would|does|do|is|are|that|it|this|buys?|gets?)\b"
            r"|(?:够|能|可以)\s*(?:买|跑)\s*(?:多少|几)\s*(?:个\s*)?(?:卡时|小时|钟头)"),
        "cost": re.compile(
            r"费用|多少钱|花多少|要花|花费|成本|价钱|价格|单价|什么价|啥价|贵不贵|\bcost\w*|\bprice\w*|\bpricing\b|\bspend\b|\bbudget\b"
            r"|(?:多少|几)\s*(?:人民币|美元|美金|刀|元|rmb|cny|usdt?|u(?![a-z]))"  # "多少人民币一个月", "要几美元": by its currency
            r"|扣(?:了|掉|费)?\s*多少"  # "会扣多少", "扣了多少钱": what the balance is charged
            # "算下钱", "估个价", "price it out", "run the numbers": money reckoned (not "咋算钱", "算钱吗": billing asked)
            r"|(?<!怎么)(?<![咋怎])(?<!如何)(?:算|估|核|报)\s*(?:一\s*下|下|个|算|一)?\s*(?:钱|价(?!值)|费用|成本|账)(?!\s*[吗么嘛])|\bprice\s+(?:it|this|that)\s+out\b|\brun\s+the\s+numbers\b"
            # a rental term's price: "月租多少", "一个月多少", "周租大概多少", "48 hours 多少" ("一个月多少轮/多少 token" counts runs)
            r"|(?:月租|周租|租金|月费|包月|包周|[1一]\s*个?\s*月|[1一]\s*周|[1一]\s*个?\s*星期|每月|每周|\d+(?:\.\d+)?\s*个?\s*(?:小时|钟头|天|周|星期|礼拜|月|hours?\b|hrs?\b|h\b|days?\b|weeks?\b|wks?\b|months?\b))"
            r"\s*(?:要|得|大概|大约|约|是|的话)?\s*多少"
            r"(?!\s*(?:张|卡|块卡|台|轮|步|次|个|token|小时|天|周|月|g\b|gb))"
            # "how much slower / more memory" asks a size or a speed, not money
            r"|how\s+much(?!\s+(?:slower|faster|longer|shorter|more|less|bigger|smaller|larger|memory|vram|ram|time|disk|space)\b)"
            r"|\bwhat\s+(?:does|will|would|do)\s+(?:it|that|this|they|the\s+(?:bill|invoice|total))\s+come\s+to\b|账单\s*(?:是|要|大概)?\s*多少"  # the bill
            r"|\bwhat(?:'s|\s+is|\s+will\s+be|\s+would\s+be)\s+(?:the\s+|our\s+|my\s+)?(?:[\w-]+\s+)?(?:bill|invoice)\b"),
        # how many optimizer steps a run makes: counted from the dataset and batch alone (seed 002)
        "estimate": re.compile(r"(?<![钱价费])(?:怎么|如何|怎样|咋|该怎么)\s*(?:预|去)?(?:估|测)(?!.{0,4}(?:钱|价|费|成本|显存))"
                               r"|(?:时间|时长|多久|耗时)\s*(?:要|该|应该)?\s*(?:怎么|如何|咋)\s*(?:估|算|测)"
                               r"|how\s+(?:do|should|would|can|to)\s+(?:i\s+|we\s+|you\s+)?(?:estimate|work\s+out|figure\s+out|calculate|gauge)"
                               r"\s+(?:the\s+|our\s+|my\s+)?(?:training\s+|run\s+)?(?:time|duration|how\s+long|hours)", re.IGNORECASE),
        "steps": re.compile(r"(?:多少|几)\s*(?:个\s*)?(?:步|steps?\b)|总步数|步数\s*(?:是|有)?\s*(?:多少|几)|how\s+many\s+(?:optimi[sz]er\s+|training\s+)?steps"
                            r"|(?:total|number\s+of)\s+(?:optimi[sz]er\s+|training\s+)?steps|\bsteps\s*\?"),
        # a bare "how many" counts the answer's cards ("how many?", "so how many then"); "how many hours" counts those
        "count": re.compile(r"几张|几卡|几块|多少张|多少卡|几台|(?:几|多少)\s*个\s*(?:卡|显卡|gpu)|how\s+many\s+(?:cards|gpus)"
                            r"|how\s+many\s+(?:do|would|will|should)\s+(?:i|we|you)\s+(?:need|want|use|rent|get)"
                            r"|how\s+many\s+(?:of\s+them|does\s+it\s+take|will\s+it\s+take|would\s+it\s+take|(?:is|are)\s+(?:needed|required|enough))"
                            r"|how\s+many(?=\s*(?:(?:then|now|exactly|in\s+total|total|altogether|at\s+least|min(?:imum)?|though)\b|[^\w\s]|$))"
                            r"|\b(?:card|gpu)\s+count\b|\bnumber\s+of\s+(?:cards|gpus)\b"),
        "currency": re.compile(
            r"(?:多少|几)\s*(?:块钱?|钱)?\s*(人民币|rmb|美元|美金|usdt|刀)|(人民币|rmb|cny|美元|美金|usdt|usd)\s*(?:的话\s*)?(?:大概|大约|大致|约|差不多|一共|总共|合|得|要|算下来)?\s*(?:多少|是多少|呢|价|计价|算|报价|的话)"
            rf"|{IN_CURRENCY}|^\s*(cny|rmb|usdt|usd|人民币|美元)\s*$|(?:换成|折合|换算成?|照|按)\s*(人民币|美元|rmb|usdt|usd|cny)(?![^，,。?？]{{0,4}}(?:付|支付|充|交|缴))"  # "照人民币讲"
            r"|\bconvert(?:ed)?\s+(?:it\s+|that\s+|this\s+|them\s+)?(?:to|into)\s+(rmb|cny|yuan|usd|dollars|usdt)\b"),  # "convert to RMB pls"
        # the unit a price is asked in ("cost per hour?", "每小时多少"): no subject of its own ("按小时租" is one)
        "price_unit": re.compile(r"\bper\s+(?:hour|hr|h|day|week|month)\b|\b(?:hourly|weekly|monthly)\b|每\s*(?:小时|天|周|月)"),
        # a rate per card in the unit asked: "每卡每小时", "单卡每分钟多少", "per gpu per day", "card-minute"
        # "per-card hourly rate", "hourly price per gpu", "each card per hour" ask the same rate in English
        "per_card_hour": re.compile(r"(?:每张?|单|1\s*)卡\s*每\s*(?:小时|分钟|天|日|个?月)|(?:单|1\s*)张?\s*卡\s*1\s*个?\s*(?:小时|分钟|天)\s*(?:折合|合|摊)|每卡时|卡时|折合每卡|per[\s-]+(?:card|gpu)[\s-]*(?:per[\s-]+|an?[\s-]+)?(?:hour|minute|min|day|month)\b"
                                    r"|per[\s-]+(?:card|gpu)[\s-]*(?:hourly|daily)\b|\b(?:hourly|daily)\s+(?:rate|price|cost)?\s*(?:per|for\s+each|each|a)\s+(?:card|gpu)\b"
                                    r"|\b(?:each|every|a\s+single)\s+(?:card|gpu)\b[^.?!,;]{0,20}?\b(?:per|an?)\s+(?:hour|minute|day|month)\b"
                                    r"|per\s+gpu-?hour|(?:card|gpu)-?(?:hour|minute|day)|(?:每|1)\s*分钟\s*(?=多少|几|要多少|什么价|啥价|的价)|\bper[\s-]+min(?:ute)?\b(?!\s+(?:of|tokens?|samples?|steps?|requests?|images?))"
                                    # typed half in each language: "折合 per gpu 每小时", "每 gpu 每小时"
                                    r"|(?:per[\s-]+|每\s*张?\s*)(?:card|gpu)\s*每?\s*(?:小时|钟头|分钟|天|日)"),
        # a share of the rental's total per day it runs: a word that divides (摊/合/平均/split), or "per day"
        # beside a question, never a day as the rental unit ("按天租") or hours a day ("每天跑 8 小时")
        "per_day": re.compile(r"按天\s*(?:摊|平摊|均摊|算|折合?|平均)|(?:摊|折合|平均|均摊|平摊)(?:到|下来)?\s*(?:每天|一天|每日)"
                              r"|(?:每天|一天|每日|日均)\s*(?:摊|合|折合|平均|均摊)?\s*(?:下来)?\s*(?:是|要|得)?\s*(?:多少|几)"
                              r"|(?:split|spread|amorti[sz]\w*|works?\s+out|comes?\s+to|how\s+much|what)\b[^.?!]{0,30}?"
                              r"\b(?:per|a|each)\s+day\b|\bper\s+day\s*\??\s*$|\bdaily\s+(?:cost|rate|price|share)\b"),
        "card_pick": re.compile(r"(?:什么|哪张|哪种|哪款|啥|哪个)\s*(?:卡|显卡|gpu)|\b(?:which|what|cheapest|best)\s+(?:gpu|card)s?\b"),
        "pick": re.compile(r"选哪家|哪家|哪个配置|什么配置|啥配置|选哪个|推荐(?:个|一下|啥|什么)?|最便宜|最省钱?|which\s+(?:provider|setup|one)|what\s+setup|recommend|cheapest"),
        "bf16": re.compile(r"(?<![a-z0-9])bf16(?![a-z0-9])|bfloat16"),  # glued to Chinese too ("要开bf16")
        "fp16": re.compile(r"(?<![a-z0-9])fp16(?![a-z0-9])|(?<!b)float16|半精度"),
        "fp32": re.compile(r"(?<![a-z0-9])fp32(?![a-z0-9])|float32|全精度|no\s+mixed[\s_-]*precision|不用?混合精度"),
        "trim": re.compile(r"(?:砍|去掉|拿掉|删掉?|减掉|省掉|不要|舍掉|退掉)\s*(?:哪个|哪一?[项样个]|什么|啥|哪些)"
                           r"|(?:哪个|哪一?[项样个]|什么|啥)\s*(?:可以|能|该|要|得)?\s*(?:砍|去掉|拿掉|删|减掉|省掉|不要|舍掉)"
                           r"|\b(?:which|what)\b[^.?!]{0,30}\b(?:drop|cut|remove|skip|ditch|lose)\b"
                           r"|\b(?:drop|cut|remove|skip|ditch)\s+which\b"),
        "cheaper": re.compile(r"(?:哪个|哪台|哪种|哪家|谁)\s*(?:更|比较)?\s*(?:便宜|划算|省钱?)|更便宜|更划算|更省|比[^，,。？?]{1,30}?(?:便宜|划算|省钱?)\s*(?:吗|么|不|吧|[?？]|$)|\bcheaper\b|less\s+expensive|costs?\s+less|better\s+deal"),
        "difference": re.compile(r"差了?多少|差几|差价|价差|差额|相差|\bdiffs?\b(?=\s*(?:多少|几|是|呢|is\b|\?|？|$))|贵多少|便宜多少|多花多少|少花多少|price\s+difference|\bdifference\b"
                                 r"|how\s+much\s+(?:more|less|cheaper)|\bby\s+how\s+much\b|\bprice\s+gap\b|\bhow\s+big\s+(?:is\s+)?the\s+gap\b|\bmore\s+than\b|\bless\s+than\b"  # and money saved ("换 A800 能省多少"):
                                 r"|(?:能|可以|会|可)?省(?:下|了)?(?:多少|几)(?:钱|刀|块|美元|美金)?(?!\s*(?:显存|内存|gb|g\b|时间|小时|步|token))"
                                 r"|how\s+much\s+(?:would|will|can|could|do|does)\s+(?:we|i|you|it|that)\s+save\b(?!\s+(?:in|on)\s+(?:memory|vram|time))"),
        "total": re.compile(r"一共|总共|合计|加起来|加一起|加在一起|总价|总计|\bin\s+total\b|\btotal\b|altogether|combined|\bboth\s+together\b|\bin\s+all\b"),
        "quote": re.compile(r"报价|价格|单价|价目|\bprices?\b|\bquotes?\b|pricing"),
        "qlora": re.compile(r"q[\s-]?lora|4[\s-]?bit"),
        # a Chinese character is a word character to `\w` and `\b`: "全参和lora" names LoRA, "要full" full
        "lora": re.compile(r"(?<![qa-z0-9_])lora"),
        "full": re.compile(r"全参|全量|(?<![a-z0-9_])full(?![a-z0-9_])"),
        "versus": re.compile(r"差多少|差几|差别|区别|相差|相比|对比|比较|还是|或者|\bvs\.?(?!\w)|\bversus\b|\bor\b"
                             r"|\bdifference\b|\bdiffer\b|\bcompar\w*|(?:跟|和|与).{1,16}比"),
        # what a price figure is: the low or the high end, an estimate or a quote, a fixed price or a range
        "band": re.compile(
            r"最低还是最高|最高还是最低|上限还是下限|下限还是上限|最低价还是|是(?:不是)?\s*(?:预估|估算?|推算|官方|官网)|估的|估出来|官方(?:报)?价吗"
            r"|(?:价格|报价)?区间|浮动|准不准|准吗|确定价|固定价|定价吗|为啥是个?范围|为什么是个?范围"
            r"|\b(?:lowest|low\s+end|minimum)\b.{0,30}\b(?:or|vs)\b.{0,20}\b(?:highest|high\s+end|maximum)\b"
            r"|\b(?:highest|high\s+end|maximum)\b.{0,30}\b(?:or|vs)\b.{0,20}\b(?:lowest|low\s+end|minimum)\b"
            r"|\bis\s+(?:that|it|this)\s+(?:an?\s+|the\s+)?(?:estimate|exact|official|fixed|firm|guess|ballpark)"
            r"|\b(?:price|quote|figure|number)\s+(?:really\s+)?official\b|\b(?:official|list(?:ed)?|published|real)\s+(?:list\s+)?(?:price|quote|figure)\s+or\b|\bor\s+(?:just\s+|only\s+|merely\s+)?an?\s+(?:estimate|guess)\b"
            r"|\b(?:why|what)\s+(?:is\s+)?(?:a|the|that)\s+range\b|\bprice\s+range\b|\bfirm\s+(?:price|quote)"),
        # how much money to put in (or keep) for a rental: a figure asked, never a read of the wallet
        "top_up": re.compile(
            r"(?:充|冲|(?<![内显])存|留|备|预留|准备)\s*(?:值)?\s*(?:多少|几多|多少钱)(?!\s*(?:显存|内存|空间|g\b|gb|张|卡|台))|(?:要|得|该|应该)\s*(?:充|冲|存|留|备)\s*(?:个)?\s*(?:多少|几)(?!\s*(?:显存|内存|空间|g\b|gb|张|卡|台))"
            r"|\bhow\s+much\s+(?!memory|vram|ram|disk|space)(?:\w+\s+){0,4}(?:top\s*-?\s*up|load|deposit|put\s+in|add|keep|leave|fund)\b"
            r"|\btop\s*-?\s*up\s+(?:by\s+)?how\s+much\b|^\W*(?:the\s+|min(?:imum)?\s+)?(?:balance|money|funds|credit)\s+(?:(?:i|we)\s+(?:should|need\s+to|must)\s+|to\s+)(?:keep|leave|hold|have|load)\b"),
        # a rule of topping up, not a figure for the rental: "充多少送多少", "最少充多少", "minimum top-up"
        "top_up_rule": re.compile(r"送|优惠|折扣|返现|返利|最少|最低|起充|\bdiscount|\bbonus|\bminimum\b|\bpromo"),
        "table": re.compile(r"表格|报表|\bcsv\b|excel|xlsx|spreadsheet|\btable\b"),
        # "两万u 能上 8卡 h200 包月吗", "500u 能租 4090 一个月吗", "will 20k usdt get us 8x h200": money asked
        # whether it buys a setup is a budget, with or without a budget word
        # "够 14b 全参 4卡a100 包月吗": 够 leading and 吗 closing frame the whole setup as what the money must buy
        "enough": re.compile(OVER_ASKED + r"|^钱?够(?!用)[^吗么]{2,60}(?:吗|么)\s*$|够吗|够不够|够用(?!\s*(?:多|几))|够么|够不|稳吗|稳不稳|稳么|稳不|保险吗|保险不|靠谱吗|有把握吗|得起|能开|开得了|能上|上得了|能(?:先|直接|马上|现在|立刻)?\s*(?:在\s*[^\s多几吗么，,。]{1,16}\s*(?:上|那里|那边)?\s*)?租(?!啥|什么|哪)[^多几吗么]{0,30}(?:吗|么)|够租(?!多|几)[^吗么]{0,30}(?:吗|么|不)|enough|afford|cover"
                             r"|(?:够|fits?|装得下|放得下|跑得动)[^。.?？]{0,12}?(?:真的假的|是真的吗?|真的吗|对吗|对不对|是吗|\btrue\b|\bright\s*[?？]|\bcorrect\b)|sufficient|\b(?:can|could)\s+(?:i|we)\s+(?:run|rent|get|grab|snag|book|land|score|do|keep|afford|approve)\b|\bsafe\b|稳妥吗|安全吗|行吗|行不行|可以吗|ok吗"
                             r"|\b(?:can|could|will|would|does|do)\s+(?:\S+\s+){1,3}?(?:get|rent|buy|pay\s+for)\s+(?:us|me|an?|\d)|能不能|能否"),
        "affords": re.compile(OVER_ASKED + r"|\b(?:can|could)\s+(?:i|we)\s+keep\b|^钱?够(?!用)[^吗么]{2,60}(?:吗|么)\s*$|能租(?!啥|什么|哪)[^吗么几多]{1,40}(?:吗|么)|现在|还剩|剩多少|剩下|之后|余额|钱包|够不够|够吗|够租|够不|租得起|付得起|\bnow\b|\bleft\b|afford|enough"
                              r"|\b(?:can|could)\s+(?:i|we)\s+(?:rent|get|run|pay)\b|\bbalance\b|\bwallet\b"),
        # host memory named as such; a bare "内存" only beside offload (alone it often means the card's)
        "host_memory": re.compile(r"(?:主机|系统|cpu|机器|服务器|宿主机?)\s*(?:的\s*)?内存|内存条|\b(?:host|system|cpu|server)\s*(?:ram|memory)\b|\bram\b"),
        "bare_memory": re.compile(r"(?<!显)内存"),
        "offload": re.compile(r"offload|卸载"),
        "wallet": re.compile(r"余额|钱包|账上|账户里|\bbalance\b|\bwallet\b|\bfunds\b"),
        "runway_week": re.compile(r"(?:几|多少)\s*个?\s*(?:周|星期|礼拜)|how\s+many\s+(?:weeks|wks)\b"),
        "runway_month": re.compile(r"(?:几|多少)\s*个?\s*月|how\s+many\s+months"),
        "runway_hour": re.compile(r"(?:几|多少)\s*个?\s*(?:小时|钟头)|how\s+many\s+(?:hours|hrs)"),
        "hours": re.compile(r"(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?|小时|个小时)(?![a-z0-9])"),
        # a week and a month both named; 周 of a weekday or the weekend ("周五前…包月多少") is no week
        # ("一个月按 4 周" reckons the month in weeks: one span, no second unit)
        "both": re.compile(r"周(?![一二三四五六日天末1-7期]).{0,8}月|月(?!\s*按\s*\d{1,2}\s*个?\s*(?:周|星期|礼拜)).{0,8}周(?![一二三四五六日天末1-7期])"
                           r"|week\w*.{0,12}month|month\w*.{0,12}week"
                           # one unit set against the other ("a week of a 4090 … is that cheaper than a month")
                           r"|week\w*.{0,80}?(?:cheaper|pricier|more\s+expensive|better|worse)\s+than\s+(?:a\s+|one\s+|the\s+)?month"
                           r"|month\w*.{0,80}?(?:cheaper|pricier|more\s+expensive|better|worse)\s+than\s+(?:a\s+|one\s+|the\s+)?week"
                           # both named as rental units, however far apart ("monthly price at gpuli? weekly too")
                           rf"|{_UNIT_WEEK}.{{0,60}}{_UNIT_MONTH}|{_UNIT_MONTH}.{{0,60}}{_UNIT_WEEK}"),
        "form": re.compile(r"sxm|pcie|nvl|hgx|oam"),
        # how many kinds of card a provider lists (not how many cards a job needs)
        # the weights alone (not the whole job): "底座权重多大", "权重占多少", "just for the bf16 weights",
        # "该下哪个权重" (which file to download: its size is the answer's figure)
        "weights": re.compile(
            r"(?:底座|基座|模型)?权重\s*(?:文件\s*)?(?:大概|大约|约|一共|总共)?\s*(?:多大|占多少|有多大|要多少|多少\s*g|大小)|(?:下|下载|用|选)\s*(?:哪个|哪一?个|哪种|啥|什么)\s*(?:的\s*)?(?:权重|底座|基座)|(?:哪个|啥|什么|哪种)权重|(?:只要|只存|只留|只算|光|单)\s*(?:(?:bf16|fp16|推理用)\s*的?\s*)?(?:模型)?权重(?!衰减)"
            r"|\b(?:which|what)\s+(?:weights|base|checkpoint)\s+(?:should|do|to|would)\b.{0,30}\bdownload|\bdownload\s+which\s+weights"
            r"|(?:just|only)\s+(?:for\s+)?(?:the\s+)?(?:bf16\s+|fp16\s+|4[\s-]?bit\s+|base\s+)?weights|weights?\s+(?:alone|only)"
            r"|how\s+(?:big|large)\s+(?:are|is)\s+(?:the\s+)?(?:(?:bf16|fp16|16[\s-]?bit|[48][\s-]?bit|nf4|base|model)\s+)*(?:weights|base)\b"
            r"|(?:size\s+of|memory\s+for)\s+(?:the\s+)?(?:(?:bf16|fp16|[48][\s-]?bit|nf4)\s+)*base\b(?:\s+weights)?"
            r"|(?:weights?|底座|基座)\s*(?:文件\s*)?(?:大概|大约|约|一共|总共)?\s*(?:多大|有多大|占多少|大小|多少\s*g)"
            # which weights to fetch ("should we pull the 16-bit weights", "要下载 16 位权重吗", "拉 bf16 底座"): the weights line
            r"|(?:pull|download|fetch|grab|下载|拉|下)\s*(?:down\s+)?(?:the\s+)?(?:full\s+)?(?:(?:bf16|fp16|fp32|16[\s-]?bit|16\s*位|全精度|原始|原版|4[\s-]?bit|4\s*位|nf4|量化|pre[\s-]?quantized)\s*(?:的\s*)?)?(?:weights|权重|底座|基座|checkpoint)"
            r"|(?:weights|权重)\b.{0,12}(?:download|下载)|\b(?:does|do|will|would|can)\s+(?:the\s+)?(?:bf16\s+|16[\s-]?bit\s+)?(?:base|weights)(?:\s+(?:model|weights))?\s+(?:even\s+|alone\s+|itself\s+)?fit\b|(?:底座|基座)\s*(?:本身|自己)?\s*(?:都|能不能|能)?\s*(?:放得下|装得下|塞得下|放下)"),
        # one card's memory asked as a figure, on a setup of several: "每张卡大概占多少", "每卡显存多少",
        # "how much memory per card", "per-GPU footprint?" (not a rate: "每卡每小时" is per_card_hour)
        "memory_figure": re.compile(r"(?:多少|多大|几个?g|几\s*gb?)\s*(?:的)?\s*(?:显存|vram)|显存\s*(?:要|需要|占|得)?\s*(?:多少|多大|几个?g)"
                                    r"|how\s+much\s+(?:gpu\s+)?(?:memory|vram)|(?:memory|vram)\s+(?:needed|required|does\s+it\s+(?:need|take))",
                                    re.IGNORECASE),
        "per_card_memory": re.compile(
            r"(?:每|单)\s*张?\s*(?:卡|gpu)(?!\s*每?\s*小时|时)\s*(?:上|的)?\s*(?:大概|大约|约|实际)?\s*(?:显存|内存)?\s*(?:占用?|要|用|需要|吃|是)?\s*(?:大概|大约|约)?\s*(?:多少|几|多大)"
            r"|(?:显存|内存)\s*(?:占用)?\s*每\s*张?\s*(?:卡|gpu)\s*(?:多少|几)|每\s*张\s*(?:卡|gpu)?\s*(?:上|的)?\s*(?:要|用|占|吃|需要)?\s*(?:多少|几个?)\s*(?:g|gb)?\s*(?:的)?\s*(?:显存|vram)"
            r"|(?:memory|vram|usage|footprint|how\s+much|gb)\b(?:\s+\S+){0,3}?\s+(?:per|on\s+each|each)[\s-]+(?:card|gpu)(?![\s-]*(?:per[\s-]+)?hour)"
            r"|per[\s-]+(?:card|gpu)\s+(?:memory|vram|usage|footprint|need)|each\s+(?:card|gpu)\s+(?:use|need|take|hold)s?\b"),
        # the model's parameter count asked as a fact, not a size class to plan with
        # (an adapter's trainable count is another question: "LoRA 可训练参数多少", "trainable params")
        "param_count": re.compile(
            r"^(?!.*(?:可训练|trainable))(?:.*?)(?:(?:多少|几)\s*个?\s*(?:参数|权重参数)"
            r"|参数\s*(?:量|数|个数|数量|规模)?\s*(?:具体|精确|准确|确切|到底|究竟)?\s*(?:是|有)?\s*(?:多少|几|多大)(?!的)"
            r"|\btotal\s+param|how\s+many\s+(?:\w+\s+){0,2}?(?:param(?:eter)?s|weights)\b|(?:param(?:eter)?s?|weights?)\s+count|number\s+of\s+param"
            r"|exact\s+(?:number\s+of\s+)?param|param(?:eter)?s?\s+(?:exactly|in\s+total|total)\b"
            # its size asked in parameters: "how big is qwen3 8b exactly in params", "参数规模多大"
            r"|\b(?:how\s+(?:big|large)|what\s+size)\b.*\b(?:in\s+|by\s+)?param(?:eter)?s?\b|参数\s*规模)"),
        # which cards are on offer (not which card a job needs: the parser keeps this for messages with no job)
        "cards_offered": re.compile(
            r"(?:有|提供|出租|能租|可以租|可租|租得到)\s*(?:哪些|哪几种|哪几款|什么|啥|哪种)\s*(?:型号的?\s*)?(?:卡|显卡|gpu)(?!\s*(?:能|可以|才|够)?\s*(?:跑|训|装|放))"
            r"|(?:哪些|什么|啥)\s*(?:卡|显卡|gpu)\s*(?:可以|能)\s*租|(?:卡|显卡|gpu)\s*(?:都|一共)?\s*有(?:哪些|什么|啥)(?=\s*(?:$|[?？!！,，.。]|卡|显卡|型号|可选|可以|能|呢|吗|啊|呀))"
            r"|\b(?:what|which)\s+(?:kinds?\s+of\s+|types?\s+of\s+|other\s+)?(?:gpus|cards|graphics\s+cards)\s+(?:do|does|can|are|is)\s+"
            r"(?!.*\b(?:fit|fits|run|train|need|handle|support|enough)\b)"
            r"|\blist\s+(?:your|the|all|available|of)\s+(?:\w+\s+)?(?:gpus|cards)\b|\b(?:gpus|cards)\s+(?:on\s+offer|you\s+(?:have|offer|rent))\b"
            # a list of the cards asked for tersely: "gpu列表 发下", "卡的列表", "list cards pls", "show me the gpu list"
            r"|(?:卡|显卡|gpu)\s*(?:的)?\s*(?:列表|清单|一览|目录)|\blist\s+(?:me\s+)?(?:gpus|cards)\b"
            # the verb of listing before them: "列出所有显卡", "列一下 gpu", "罗列全部的卡"
            r"|(?:列出|列一下|罗列|列举)\s*(?:所有|全部|一下)?\s*(?:的)?\s*(?:卡|显卡|gpu)"
            r"|\b(?:gpu|card)s?\s+(?:list|catalog(?:ue)?)\b|\blist\s+of\s+(?:\w+\s+)?(?:gpus|cards)\b"),
        "models_listed": re.compile(
            r"(?:多少|几)\s*(?:款|种|类|个型号|个\s*(?:gpu|显卡)\s*型号)|多少\s*(?:个\s*)?型号|型号\s*(?:有)?\s*(?:多少|几)"
            r"|how\s+many\s+(?:different\s+|kinds?\s+of\s+|types?\s+of\s+)?(?:gpu\s+|card\s+)?(?:models|types|kinds|skus)\b"
            r"|how\s+many\s+(?:different\s+)?(?:gpus|cards)\s+(?:does|do|can|will)\s+\S+\s+(?:list|offer|have|rent|carry|sell)"),
    }.items()}  # each behind the literal prefilter (bot.understand.lazy.gated)


def asks_how_long(norm: str) -> bool:  # "多久", "几个小时", "how long", "how many weeks"
    return bool(_patterns()["how_long"].search(without_wait(norm)) or _patterns()["runway"].search(norm))


def asks_estimate(norm: str) -> bool:
    """How to work a run's time out is asked ("训练时间怎么算", "how do I estimate the training time"): the method answers."""
    return bool(_patterns()["estimate"].search(norm))


def asks_steps(norm: str) -> bool:
    """The message asks for a run's step count ("一共多少步", "total steps?", "how many steps")."""
    return bool(_patterns()["steps"].search(norm))


TOOL_NAMES = {"accelerate": lazy.lazy(r"accelerate"), "deepspeed": lazy.lazy(r"deepspeed|(?<![a-z0-9])ds(?![a-z0-9])|zero[\s_-]?[0-3]|zero\s*stage"),
          "llamafactory": lazy.lazy(r"llama[\s_-]?factory|\blf\b"), "fsdp": lazy.lazy(r"\bfsdp\b"),
          "torchrun": lazy.lazy(r"\btorchrun\b"), "launch": LAUNCH_TOOL}


def config_tools(norm: str) -> frozenset[str]:
    """The tools whose files a message names ("accelerate config", "ds json", "llamafactory yaml", "launch script")."""
    return frozenset(name for name, pattern in TOOL_NAMES.items() if pattern.search(norm))


WHICH_CARD = re.compile(r"啥卡|什么卡|哪(?:张|种|款|个)?卡|(?:which|what)\s+(?:gpus?|cards?)\b|(?:先|该|要|得)租(?:个|点)?\s*(?:啥|什么|哪个|哪种)|\bwhat\s+(?:should|do|would)\s+(?:we|i)\s+(?:rent|start\s+on)\b|\bwhat\s+to\s+rent\b")


def asks_which_card(norm: str) -> bool:
    """"最多能租啥卡", "which gpu can I get", "先租啥", "what should we rent?": the cards (and their prices) are the answer."""
    return bool(WHICH_CARD.search(norm))


# what money rents, asked with no card named: "预算 3w 一万网络 能租什么", "能租到啥", "what can we rent with it"
WHAT_RENTS = re.compile(r"(?:能|可以|能够)\s*租(?:到|得到|些)?\s*(?:啥|什么|哪些|哪几)|租(?:些)?\s*(?:啥|什么|哪些)(?:卡|机器|配置)?\s*[?？]?\s*$"
                        r"|\bwhat\s+(?:can|could|would|will)\s+(?:we|i|it|that|this)\s+(?:rent|get|buy)\b|\bwhat\s+(?:does\s+(?:it|that)\s+)?(?:rents?|buys?)\b")


def asks_what_rents(norm: str) -> bool:
    """Whether the message asks what is rented (within money said beside it), naming no card."""
    return bool(WHAT_RENTS.search(norm))


ASKED_OF_AN_ANSWER = ("cost", "count", "currency", "pick", "how_long", "per_card_hour", "per_day", "price_unit")


def without_asks(norm: str) -> str:
    """`norm` with the words that only ask something of an answer taken out (its cost, its card count,
    its currency, where to rent it, how long): what is left is the message's own subject, if any
    ("how much would that cost?" leaves nothing; "充值要多少钱" leaves 充值)."""
    p = _patterns()
    for key in ASKED_OF_AN_ANSWER:
        norm = p[key].sub(" ", norm)
    return norm


def _methods_versus(norm: str) -> tuple[str, ...]:
    """The methods a message sets against each other, in the order named ("qlora 跟 lora 差多少": qlora, lora)."""
    p = _patterns()
    found = sorted((m.start(), name) for name in ("qlora", "lora", "full") if (m := p[name].search(norm)))
    return tuple(name for _, name in found) if len(found) >= 2 and p["versus"].search(norm) else ()


@one_message.per_message
def methods_named(norm: str) -> frozenset[str]:
    """The fine-tuning methods `norm` names ("qlora 会掉点吗": {"qlora"}; "LoRA 和全参": {"lora", "full"})."""
    p = _patterns()
    return frozenset(name for name in ("qlora", "lora", "full") if p[name].search(norm))


def sets_against(norm: str) -> bool:
    """A word that sets two things against each other ("vs", "还是", "哪个便宜", "compared")."""
    return bool(_patterns()["versus"].search(norm) or _patterns()["cheaper"].search(norm))


def offload_on_price(a: Asks, q: TrainingRequest) -> bool:
    """Offload named in a full fine-tune asked whether it is the cheapest or cheaper way ("is offload the
    cheapest way", "offload 是最省钱的吗", "用 offload 会不会更便宜"): a price comparison, not a sizing; "the
    cheapest safe option" is answered by the safe setup, which never offloads (bot/views/summary.py)."""
    return q.method == "full" and bool(q.model or q.params_b) and (q.offload not in (None, "none") or a.switch == "offload") \
        and (a.cheapest or a.cheaper or a.minimum)  # "cheapest safe" asked of offload: no, it is no safe way (offload_versus)


def currency_ask(norm: str) -> str | None:
    """The currency a message asks the answer in ("人民币多少", "in CNY", "要多少人民币")."""
    m = _patterns()["currency"].search(norm)
    if m is None:
        return None
    return CURRENCY[next(g for g in m.groups() if g)]


# how to write a framework's file for a job is asking for the file ("deepspeed 配置文件怎么写 32b 全参 八卡",
# "how do I write the ds config for 14b full on 4 a100"): the file for that job is the answer
WRITE_HOW = re.compile(r"(?:怎么|如何|咋|怎样)\s*(?:写|配)|how\s+(?:do\s+i|to|should\s+i|would\s+i|can\s+i)\s+(?:write|set\s+up)\b"
                       r"|what\s+(?:should|would|does)\s+.{0,40}\blook\s+like")


def writes_tool_file(norm: str) -> bool:
    """How to write a named framework's file ("deepspeed 配置文件怎么写", "how do I write the ds config"): the file
    KaSuan writes is the answer; a file named by its format alone ("json 配置文件怎么写") is the FAQ's how-to."""
    return bool(WRITE_HOW.search(norm)) and bool(re.search(r"deepspeed|\bds\b|llama[\s_-]?factory|accelerate|torchrun", norm))


def wants_file(norm: str, job: bool) -> bool:
    """An export asked with no verb that hands it over: a config file named beside a job of its own ("输出 accelerate
    的配置文件 4 卡 14b 全参", "I need the DeepSpeed config file, 32B full, 8 x A100") and nothing that asks about it
    ("deepspeed 配置文件里 auto 是什么意思" is a question for the FAQ) but how to write it ("配置文件怎么写")."""
    p = _patterns()
    # a config named apart from its tool ("config to start the job: 14b qlora on one 4090, llama-factory"), the
    # fit not asked: that tool's file (a DeepSpeed stage alone, "zero3 配置", names a setting, not the tool)
    named = bool(p["file_named"].search(norm)) or (
        bool(re.search(_FILE, norm)) and bool(_NAMED_TOOL.search(norm)) and not p["sizing"].search(norm)
        and not _CHECKED.search(norm))
    return job and named and (not p["asking"].search(norm) or writes_tool_file(norm))


def read(norm: str, money: list[MoneyWord], now: datetime, names_only: bool = False, job: bool = False,
         frame_only: bool = False, unclaimed: str = "") -> Asks:
    """The asks in `norm` (the normalized message); `money` is what the money reader found in it;
    `names_only` when nothing is left once the parser took out the names and sizes it found; `job`
    when it states a job (a model or size, a method, a card count) a config file would be for."""
    p = _patterns()
    # the money reader decides first; the budget phrases read the text no name, card or size claimed (`unclaimed`) only
    # when it found no amount ("预算 5000 够吗"): "¥2.5万预算，70b", "…的预算，7b，4090" are never a budget of 70, 7 or 4,090
    budget = next(((w.value, w.currency) for w in money if w.budget), None) or (None if money else planning.budget(unclaimed or norm))
    # "我们就五千美金 … 32b 够吗", "一万块能跑 70b qlora 吗": the one amount, asked whether it is enough or runs the job
    # "¥5000 能训多大的模型": the one amount, asked what size it trains
    enough, largest_model = bool(p["enough"].search(norm)), planning.wants_largest_model(norm)  # each read once, used twice
    buys = len(money) == 1 and (enough or bool(CAN_RUN.search(norm)) or largest_model)
    if budget is None and buys:
        budget = (money[0].value, money[0].currency)
    runway = bool(p["runway"].search(norm))
    how_long = bool(p["how_long"].search(without_wait(norm)))  # "how long till it boots": the FAQ's, not the run's
    if budget is None and (runway or how_long) and money:  # "$20 能租多久": the money to divide, budget word or not
        budget = (money[0].value, money[0].currency)
    loose = any(w.loose for w in money if budget is not None and (w.value, w.currency) == budget)
    share = share_asked(norm)
    return Asks(
        budget_loose=loose,
        how_many_gpu=planning.how_many_card(norm) or machine_card(norm),
        longest_seq=planning.wants_longest_seq(norm),
        largest_batch=planning.wants_largest_batch(norm),
        largest_model=largest_model,
        budget=budget,
        deadline=planning.deadline(norm, now),
        deadline_span=planning.deadline_is_span(norm),
        start=planning.start(norm, now),
        headroom=planning.wants_headroom(norm),
        room_over_price=planning.wants_room_over_price(norm),
        room_too=planning.room_too(norm),
        least_setup=planning.least_setup_asked(norm),
        cheapest=bool(planning.CHEAPEST.search(norm)),
        safe=planning.cheapest_safe(norm),
        minimum=planning.minimum_asked(norm) and switch_asked(norm) is None,  # a switch asked about leads instead
        export=bool(p["export"].search(norm)) or wants_file(norm, job) or launch_asked(norm) or file_for_dataset(norm),
        names_only=names_only,
        frame_only=frame_only,
        tools=config_tools(norm), shown=settings_named(norm),
        mixed_precision=next((name if name != "fp32" else "no" for name in ("bf16", "fp16", "fp32") if p[name].search(norm)), None),
        cost=bool(p["cost"].search(norm)),
        sizing=bool(p["sizing"].search(norm)),
        claim=claimed(norm),
        count=bool(p["count"].search(norm)) or machines_asked(norm),
        machines=machines_asked(norm),
        hours=tuple(sorted({float(h) for h in p["hours"].findall(norm)})),
        both_units=bool(p["both"].search(planning.without_days(norm))),
        form_factor=bool(p["form"].search(norm)),
        runway=runway,
        how_long=how_long,
        runway_unit="week" if p["runway_week"].search(norm) else "month" if p["runway_month"].search(norm)
        else "hour" if p["runway_hour"].search(norm) else None,
        per_card_hour=bool(rate := p["per_card_hour"].search(norm)),
        per_card_unit=asked_unit(norm, rate),
        # "每卡每天多少" is one card's rate by the day (per_card_unit), not the rental's total shared per day
        unit=unit_asked(norm),
        catch=catch_asked(norm),
        need=need_asked(norm),
        suits=suits_asked(norm),
        per_day=bool(p["per_day"].search(norm)) and not (rate and rate_unit(rate[0]) == "day"),
        pick=bool(p["pick"].search(norm)),
        card_pick=bool(p["card_pick"].search(norm)),
        trim=bool(p["trim"].search(norm)), cheaper=bool(p["cheaper"].search(norm)),
        buy_way=buy_way(norm),
        difference=bool(p["difference"].search(norm)),
        total=bool(p["total"].search(norm)), band=bool(p["band"].search(norm)), ranks=ranks_compared(norm),
        top_up=bool(p["top_up"].search(norm)) and not p["top_up_rule"].search(norm),
        start_hold=held_asked(norm),
        pooled=pooled(norm),
        spec=specs_asked(norm),
        switch=switch_asked(norm),
        saving=saving_asked(norm),
        affords=bool(p["affords"].search(norm)),
        wallet=bool(p["wallet"].search(norm)),
        enough=enough or buys,
        host_memory=bool(p["host_memory"].search(norm) or (p["offload"].search(norm) and p["bare_memory"].search(norm)
                                                           and "显存" not in norm and "vram" not in norm)),
        models_listed=bool(p["models_listed"].search(norm)),
        cards_offered=bool(p["cards_offered"].search(norm)),
        weights=bool(p["weights"].search(norm) or model_facts.WEIGHTS_SIZE.search(norm)),
        least_memory=bool(model_facts.LEAST_MEMORY.search(norm)),
        param_count=bool(p["param_count"].search(norm)),
        model_fact=facts_asked(norm),
        format_bytes=format_bytes(norm),
        # compared on memory only: "zero2 跟 zero3 区别是啥", "why is zero-3 slower" are the concept's questions
        zero_stages=zero_stages(norm) if p["per_card_memory"].search(norm) or p["memory_figure"].search(norm) or PER_CARD.search(norm) else (),
        size_alone=bool(SIZE_ALONE.fullmatch(norm.strip())),
        # a share asked bare ("每张卡多少", "how much per gpu") is memory or money as the answer before says (bot.core)
        per_card_memory=bool(p["per_card_memory"].search(norm)) and not share,
        per_card=share and not rate,
        both=both_asked(norm),
        per_card_figure=bool(PER_CARD.search(norm)),
        repeats=repeats_asked(norm),
        memory_figure=bool(p["memory_figure"].search(norm)),
        estimate=bool(p["estimate"].search(norm)),
        how_to_rent=bool(HOW_TO_RENT.search(norm)),
        methods_compared=sum(bool(p[k].search(norm)) for k in ("qlora", "lora", "full")) >= 2,
        methods_versus=_methods_versus(norm),
        # "导出一下这个报价", "export the prices": an export of prices is their table, not a config
        table=bool(p["table"].search(norm) or (p["export"].search(norm) and p["quote"].search(norm))),
    )
