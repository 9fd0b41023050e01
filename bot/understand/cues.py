"""The words of a message that the answering side weighs after the parse, read once by the parser.

Why: the router, the follow-up merger and the handlers used to read the raw text again for these
("一共多少" joins an add-on to the last rental, "包月会不会更划算" weighs the other unit, "够吗" asks a
fit, "多卡" asks how cards work together, "gpuli or cloudgpu?" names two providers). A phrasing the
parser had read one way could then be read another way downstream. Now the parse carries `Cues`,
and nothing after it looks at the words again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bot.understand.asks import without_asks
from bot.understand.card_counts import need_asked
from bot.understand.cards import memory_card
from bot.understand.class_counts import people_counted, share_asked
from bot.understand.classify import HOWTO, REFUND, SAME_CARD, WHERE_ASK
from bot.understand.clause_marks import ASKING, YEARLY
from bot.understand.config_asked import ASKED as QUANT_ASKED
from bot.understand.currency_which import which_currency
from bot.understand.daily_hours import Daily, daily, per_period
from bot.understand.deadline_rental import kept_running
from bot.understand.detail_ask import detail_asked
from bot.understand.entities import find_gpus, provider_names, providers_named
from bot.understand.faq_charge import stop_asked
from bot.understand.fields import units_only, without_durations
from bot.understand.fillers import without_fillers
from bot.understand.follow_frame import lone_count, multiplied_weeks, weeks_said
from bot.understand.follow_reads import (
    SETUP_REF,
    UPGRADE_REFERRED,
    WHICH_CHEAPER,
    CardFrames,
    amount_only,
    card_frames,
    cheaper_said,
    extra_asked,
    lone_form,
    lone_memory,
    nodes_added,
    one_node_asked,
    providers_weighed,
    series_named,
    under_memory,
    which_card,
)
from bot.understand.instances import split_reading
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.quote_words import margin_said, runs_asked
from bot.understand.rental_extras import CURRENCY, length_only, term_only
from bot.understand.rule_window import without_ruling
from bot.understand.run_time_frame import run_time_only
from bot.understand.runway_frame import runway_only
from bot.understand.scaled import scaled
from bot.understand.speed_asked import speed_asked
from bot.understand.switch_asks import KEEP_SPEED_WORDS, keeps_speed
from bot.understand.term_floor import floor_asked
from bot.understand.tool_alone import named_alone
from bot.understand.unit_asked import unit_asked
from bot.understand.unrated_currency import unrated_alone, unrated_amount, unrated_named

# "要买哪种", "what should I buy": what to rent for a length just priced
BUY = lazy(r"买|租哪|选哪|怎么租|\b(?:buy|get|take|order|pick|choose|rent)\b")
# "换 3090 多少", "how much": an amount asked, not of memory, steps or layers
HOW_MUCH = lazy(r"多少(?!\s*(?:g|gb|显存|内存|参数|层|步|token))|how much")
# the figure to write down for the rental priced, to be safe ("报销预算按多少写稳妥", "what number should we budget to be
# safe?", "申请经费填多少保险"): its high end, where the price is a band
SAFE_FIGURE = lazy(r"(?:写|报|填|按|申请|列|做)\s*多少.{0,6}(?:稳妥|稳|保险|安全)|(?:稳妥|保险)(?:起见|点|些)?.{0,8}(?:写|报|填|按|列)\s*多少"
                   r"|\b(?:budget|put\s+down|write\s+down|request|ask\s+for|file|claim)\b.{0,30}\b(?:to\s+be\s+safe|safely)\b"
                   r"|\bsafe\s+(?:figure|number|amount|budget)\b", re.I)
# one end of a price band asked ("high end?", "worst case", "按上限算", "最高多少"): a figure of the rental priced
BAND_END = lazy(r"\b(?:high|upper|top|low|lower|bottom)\s+end\b|\bworst[\s-]case\b|\bat\s+the\s+(?:most|least)\b|\bceiling\b"
                r"|最高|最低|上限|下限|封顶|最贵|往高了?算|按高的?算|按低的?算", re.I)
# "包月再加个 500g 存储卷 一共多少", "plus a 500 GB volume, total?": an add-on joined to the setup just priced,
# not priced alone
JOINED = lazy(r"再加|加上|加个|另加|外加|一共|总共|合计|总价|连同|\b(?:plus|add|adding|with|total|in\s+all|altogether)\b"
              r"|\bon\s+top\b|\balong\s+with\b|\btogether\b")
# a rental said beside the one before ("再租一周 5090", "另外开一台 l40s", "also a 5090 for a month", "another card"): added to
# it, where a rental said alone with its money ("we have 3000 usdt, can it rent a gpuli 5090 for 4 months?") is its own
ALSO = lazy(r"再\s*(?:租|开|来|加|买|要)|另外|另租|另开|也要|还要|\balso\b|\banother\b|\bas\s+well\b|\btoo\b|\bextra\b")
# "那还不如包月？", "包月会不会更划算", "would monthly be cheaper then": the other unit weighed against the span
# just priced, so both ways of buying that span are the answer (two weeks ₮8,344 against the month ₮14,432)
OTHER_UNIT_BETTER = lazy(
    r"不如\s*(?:直接)?\s*(?:包|按|租)?\s*(?:个|一个|1个)?\s*(?:月|周|星期)|(?:包月|月租|周租|包周|按月|按周|(?<![\d二两三四五六七八九十几])(?:买|租|包)?\s*(?:一|1)?\s*个\s*月|(?:买|租|包)?\s*(?:一|1)\s*(?:周|星期))"
    r"\s*(?:的话)?\s*(?:会不会|是不是|会|是)?\s*(?:更|比较|还)?\s*(?:划算|便宜|省|值)"
    r"|\b(?:monthly|weekly|a\s+month|a\s+week|the\s+month|the\s+week)\b.{0,20}\b(?:better|cheaper)\b"
    r"|\b(?:better|cheaper)\b.{0,20}\b(?:monthly|weekly|a\s+month|a\s+week|the\s+month)\b")
# a rental unit's bare name ("month?", "a week?", "按月呢", "月呢", "by the year?"), with the currency it is wanted
# in after it ("按月呢，人民币", "月付呢 要多少美元"); read on the raw text, as number words ("one month") stay words
BARE_TERM = re.compile(r"^\s*(?:(?:and\s+)?(?:a|one|per|by\s+the|for\s+a)\s+|按|包|那)?\s*(month|week|year|月|周|年)\s*(?:租|付)?\s*(?:呢|吗|\?|？|\s)*"
                       r"(?:[,，、]?\s*(?:要|用|换成|in)?\s*(?:多少)?\s*(人民币|rmb|cny|美元|美金|usd|usdt)\s*(?:多少|呢|吗|\?|？|\s)*)?$", re.I)
# a card asked whether it holds the job ("4090 ok", "够吗", "放得下吗", "能装下不", "is a 4090 fine for"); not "能训完吗" /
# "时间够吗", which ask of the deadline
FIT_ASK = lazy(r"(?<!时间)(?<!时间不)够(?!\s*时间)|\bfits?\b|\benough\s+(?:memory|vram)|\b(?:good|big)\s+enough\b|\benough\s+for\b|\bup\s+to\s+(?:it|the\s+job)\b|\bcut\s+it\b|装得下|放得下|塞得下|跑得动|行吗|行不行|可以吗"
               r"|(?:能|可以)\s*(?:放|装|塞)得?\s*(?:下|进)|(?:放|装|塞)得进|(?:放|装|塞)不(?:放|装|塞)?得(?:下|进)"  # "能放下吗", "装不装得下"
               r"|\b(?:ok|okay|fine)\s*(?:[?？吗]|\band\b|for\b)|\bhold\b"
               # "is one 80gb card really enough?", "would one a100 suffice", "can one card do it": the last word asks the fit
               r"|\benough\s*[?？!.]*\s*$|\bsuffic(?:e|es|ient)\b|\bdo\s+(?:it|the\s+job)\b|\bcan\b[^.?!]{0,30}\bhandle\b|(?<![不没])能\s*(?:跑|训)(?:起来|得动)?\s*(?:吗|么|不(?![完了])|[?？])"
               r"|\b(?:will|would|can|could|does)\b[^.?!]{0,40}\bdo\s*[?？!.]*\s*$|撑得住|扛得住|顶得住|hold\s+up"  # "will a single 80 GB card do?"
               # cards asked to stand in for the ones before ("4 张 H100 能替代吗", "could 4 H100s replace them?"): their fit
               r"|(?:替代|代替|取代|顶替|替换)\s*(?:得了|得掉)?\s*(?:吗|么|不|[?？])|\b(?:replace|substitute\s+for|stand\s+in\s+for)\b"
               # whether the job can be trained at all ("can we full-finetune a 32b on eight h100s", "is it possible to
               # train 14b on two 4090s", "能不能用两张 4090 训 14b"): its fit, asked; never whether it ends in time (训完)
               r"|^\s*(?:so|and|ok|hey|guys)?[\s,]*(?:can|could)\s+(?:we|i|you|one|it)\s+(?:\w+[\s-]+){0,2}?(?:full[\s-]*)?"
               r"(?:fine[\s-]*tune|finetune|train|tune|run)\b|\b(?:is\s+it\s+possible|are\s+we\s+able)\s+to\s+(?:\w+[\s-]+){0,2}?"
               r"(?:full[\s-]*)?(?:fine[\s-]*tune|finetune|train|tune|run)\b|(?:能不能|能否|可不可以)[^，,。.?？]{0,20}(?:训|微调|跑)(?![完了得])")
# more cards asked to lower each card's memory: "does that cut the memory needed per card", "每张卡的显存会不会降"
CUTS_MEMORY = lazy(r"\b(?:cut|cuts|reduce[sd]?|lower[s]?|shrink[s]?|halve[sd]?|save[sd]?|less(?:en)?)\b[^.?!]{0,40}\b(?:memory|vram)\b[^.?!]{0,30}"
                   r"\b(?:per|each|every)\s+(?:card|gpu|device)|\b(?:per|each|every)\s+(?:card|gpu|device)\b[^.?!]{0,30}\b(?:less|lower|smaller|fewer)\b[^.?!]{0,12}\b(?:memory|vram)\b"
                   r"|(?:每张卡|每卡|单卡|每张|每块卡)[^。？?]{0,12}显存[^。？?]{0,8}(?:(?<![多最至])少|降|减|省|变小|(?<![大])小)"  # "占多少", "最少" ask a figure
                   r"|(?:省|减少|降低|减半|分摊)[^。？?]{0,6}(?:每张卡|每卡|单卡)[^。？?]{0,6}显存")
# whether something named is needed at all: "is that really necessary?", "有必要吗", "真的需要吗", "do we really need"
NECESSARY = lazy(r"\b(?:really|actually|truly)\s+(?:necessary|needed|required)\b|\b(?:is|isn'?t)\s+(?:that|it|this)\s+(?:really\s+)?(?:necessary|needed|required|overkill)\b"
                 r"|\b(?:do|does|must)\s+(?:we|i|you|they)\s+(?:really|actually)\s+(?:need|have\s+to)\b|\boverkill\b|有必要吗|有没有必要|有这个必要|是不是必须|真的需要|真需要|非得|犯得着|用得着吗"
                 # "8b qlora 非要上 A100 吗", "一定要用 H100 吗", "必须上 a100 吗", "do I have to rent an A100"
                 r"|(?:非要|非得|一定|必须)\s*(?:要|得)?\s*(?:用|上|租)?\s*(?:一张|1\s*张|1\s*卡|单卡)?\s*(?=(?:rtx\s*|nvidia\s*)?[a-z]{1,3}\d)|\b(?:do|does|must)\s+(?:we|i|you|they)\s+(?:have\s+to|need\s+to)\s+(?:use|rent|get)\b"
                 # the bigger card asked as better ("7b qlora 用 h100 是不是 better 一点", "会不会好一点", "would an h100 be
                 # better for it?"): whether it is needed, the job's own figures answer (bot.core.needed_first)
                 r"|是不是\s*(?:更|会|要)?\s*(?:好|better|强|稳)\s*(?:一)?\s*(?:点|些)?|会不会\s*(?:更)?\s*(?:好|better|强)\s*(?:一)?\s*(?:点|些)"
                 r"|\b(?:is|would|will)\s+(?:an?\s+|the\s+|one\s+)?(?:rtx\s*|nvidia\s*)?[a-z]{1,3}\d{2,4}[a-z0-9]*\s+(?:be\s+)?(?:any\s+)?better\b")
# a price band's low end taken as the budget: "按最低价 2.5 万来报预算", "预算就按下限写", "budget at the low end", "plan on the lower figure"
LOW_END = lazy(r"(?:按|用|以|取|报|写|填|照)\s*(?:最低价?|低端|下限|低价|最便宜的?价?|低的那?个?)(?!\s*(?:配置|配|显存|要求|规格))[^。？?]{0,16}(?:报|写|填|列|做|算|申请|预算)"
               r"|预算[^。？?]{0,8}(?:按|用|以|取|写|填)\s*(?:最低|低端|下限|低价)"
               r"|\b(?:budget|plan|request|quote|file)\w*\b[^.?!]{0,30}\b(?:low|lower|bottom)\s+end\b"
               r"|\b(?:use|take|go\s+with|budget\s+(?:on|with|at)|plan\s+(?:on|with))\s+the\s+(?:low|lower|lowest|bottom)\s+(?:end|figure|number|price|estimate|quote)\b")
TO_QLORA = lazy(r"(?:改成|换成|改用|换用|转成|切到|切成|改为)\s*(?:4\s*-?\s*(?:bit|位)\s*(?:的\s*)?)?qlora"
                r"|\b(?:switch|move|go|change|convert)\w*\s+(?:over\s+)?to\s+(?:4-?bit\s+)?qlora\b|\bqlora\s+instead\b"
                r"|\b(?:wants?|suggests?|proposes?)\s+(?:to\s+(?:use|try)\s+|using\s+)?(?:4-?bit\s+)?qlora\b|(?:想|要|建议)(?:用|上)\s*(?:4\s*-?\s*(?:bit|位)\s*)?qlora")
OOM_ASK = lazy(r"\boom\b|爆显存|会爆|爆吗|爆不爆|run\s+out\s+of\s+memory|out\s+of\s+memory")
# an out-of-memory that happened, with what to do about it asked ("oom 了怎么办", "keeps OOMing, what should we do"):
# the levers are the answer (bot.core.oom_levers), not the verdict on a setup that the user already saw fail
OOM_HIT = lazy(r"\boom\w*|爆显存|显存(?:爆|不够用)了|out\s+of\s+memory")
OOM_FIX = lazy(r"怎么办|咋办|怎么(?:解决|处理|弄|搞|调)|如何(?:解决|处理)|有(?:什么|啥)办法|该怎么|\bw[hu]?at\s+(?:to\s+do|(?:should|do|can)\s+(?:i|we)\s+do)\b"
               r"|\bhow\s+(?:do|can|should)\s+(?:i|we)\s+(?:fix|avoid|get\s+around)\b|\bhow\s+to\s+(?:fix|avoid)\b|\bany\s+(?:tips|ideas|fix(?:es)?)\b"
               r"|\bfix\s+(?:it|this|that)\b|\bsuggestions?\b")
# how cards work together: several of one card, a sharding stage, data parallel
TOGETHER = lazy(r"多卡|多张|几张一起|一起训|\bseveral\b|\bmultiple\b|multi[\s-]?gpu|\bddp\b|zero[\s_-]*(?:stage)?[\s_-]*[123]|\bfsdp\b")
# "新问题：…", "另外问下…", "new question: …": the message stands alone, whatever was asked before it
FRESH = lazy(r"^\s*(?:新问题|新的问题|另一个问题|另外一个问题|换个(?:问题|话题)|另外问(?:一)?下|另外问个问题|另问|"
             r"(?:再|另外|还|顺便|然后)?(?:问|请教|咨询)(?:一)?(?:个|下|一下|点)?(?:别的|其他的?|其它的?|另外的?)(?:问题|事)?|"
             r"(?:a\s+|one\s+)?(?:new|another|different|separate|unrelated)\s+(?:question|topic)|unrelated)"
             r"\s*(?:[:：,，。.!！;；—-]|\s)\s*")
# one training setting's word ("bf16", "flash attention", "8bit adam", "梯度检查点", "不开 offload") with nothing
# but a verb of changing around it: after a sizing it is that sizing with the setting changed; a question about
# the setting ("bf16 还是 fp16?", "what is offload") has words of its own and stays the FAQ's
VALUED_KEY = (r"\bseq(?:uence)?(?:[\s_-]*len(?:gth)?)?|\bctx|\bcontext(?:[\s_-]*(?:len(?:gth)?|window))?|\bcutoff(?:[\s_-]*len(?:gth)?)?"
              r"|\bmax[\s_-]*(?:seq[\s_-]*)?len(?:gth)?|序列长度|序列|上下文长度|上下文|截断长度|\bmicro[\s_-]*batch(?:[\s_-]*size)?|\bbatch(?:[\s_-]*size)?"
              r"|\bbs|批大小|\bgrad(?:ient)?[\s_-]*acc(?:um(?:ulation)?)?(?:[\s_-]*steps)?|梯度累积|\b(?:lora[\s_-]*)?rank")
SETTING = (r"bf16|fp16|fp32|bfloat16|float16|float32|混合精度|全精度|半精度|flash[\s_-]*att(?:n|ention)(?:[\s_-]*\d)?|\bfa[23]\b"
           r"|\bsdpa\b|\beager\b|(?:paged[\s_-]*)?adamw?(?:[\s_-]*8[\s_-]*bit)?|8[\s_-]*bit[\s_-]*(?:paged[\s_-]*)?adamw?|8\s*位优化器|(?<![\w.])8[\s_-]?(?:bit|比特)(?![\w.])"
           r"|(?:gradient|grad|activation)[\s_-]*checkpoint(?:ing)?|梯度检查点|重计算|(?:cpu|optimizer|优化器)?[\s_-]*offload|卸载到\s*cpu"
           r"|\bzero[\s_-]*(?:stage[\s_-]*)?[0-3](?:\s*\+\s*offload)?\b|\bfsdp\b"
           # a setting with its new value ("seq is 8192", "序列是 8192", "cutoff_len now 4096", "batch 8", "8k context")
           rf"|(?:{VALUED_KEY})\s*(?:(?:is|was|now|set|to|at|of|be|should|will|becomes|goes|changed|bumped|from|[:=]|->|→|是|为|从|改成|改为|设成|设为"
           r"|调成|调到|改到|换成|变成)\s*)*\d+(?:\s*k\b)?(?:\s*(?:->|→|to|到|调到|改到|改成|调成)\s*\d+)?|(?<![\w.])\d+\s*k?\s*(?:tokens?\s*)?(?:的\s*)?(?:seq(?:uence)?(?:\s*len(?:gth)?)?|context|ctx|序列|上下文|长度)")
# the method (its base quantized or not) and the card count are changes of the job too ("qlora, single card", "what if I do bf16 lora
# instead", "换成全参 8 卡呢"): said alone, they re-size the job before with them, never the FAQ entry they name
JOB_CHANGE = (r"q[\s-]?lora|(?<![q\w])lora|全参|全量|\bfull(?:[\s-]*(?:fine[\s-]*tun\w*|finetun\w*|ft|params?|parameters?))?\b"
              r"|\b(?:\d+|a|one|single)\s*(?:x\s*)?(?:cards?|gpus?)\b|\d+\s*(?:张卡?|卡)|(?<![\da-z.])4[\s-]?bit\b|\bnf4\b|\bint4\b|量化|\b(?:un|non[\s-]?)?quanti[sz]\w*")
SETTING_FILLER = (r"那|就|改成|换成|改用|改为|换|用上?|开启?|打开|关掉?|不开|不用|加上?|上|的|话|呢|吧|试试|如果|要是|只用|只要"
                  r"|微调|训练|\b(?:fine[\s-]*tun\w*|finetun\w*|train\w*)\b|\bwith(?:out)?\b|\buse\b|\busing\b|\bdo\b|\bgo\b|\bif\b|\bi\b|\bwe\b|\bi'?ll\b|\blet'?s\b|\bjust\b|\bonly\b|\bon\b"
                  r"|\ba\b|\boff\b|\bno\b|\bturn\b|\benable\b|\bdisable\b|\band\b|\bthen\b|\bswitch\b|\bto\b|\bwhat\s+about\b"
                  r"|\bwhat\s+if\b|\bhow\s+about\b|\binstead\b|\bnow\b|\bstill\b|\bthe\b|\bour\b|\bmy\b|还|现在|[\s,，。.!！?？]"
                  # the setup asked for with it ("no offload option?", "不 offload 的方案呢", "any setup without offload?")
                  r"|\b(?:any|options?|setups?|configs?|plans?|ways?)\b|方案|配置|选项|办法|有没有|有吗|不|别"
                  # a wish to have or avoid it ("we'd rather avoid offload", "prefer no offload please", "尽量避免 offload")
                  r"|\b(?:avoid(?:ing)?|rather|prefer(?:ably)?|please|skip(?:ping)?|want|wanna|would|we'?d|i'?d|don'?t|like)\b|不要|不想|想|避免|尽量|最好|宁可"
                  # the job's memory asked with the change ("…, more memory?", "显存会涨吗"): that job sized again
                  r"|\b(?:more|less|extra)\b|\b(?:memory|vram|mem)\b|显存|会|涨|增加|变大|变多|多吗|多不多|占用"
                  # the setting accepted as the plan ("qlora is fine", "qlora 就行", "lora 也可以") and speed made its
                  # condition ("不想 offload，吞吐要紧", "no offload, throughput matters": bot.understand.switch_asks)
                  r"|\b(?:is|are|fine|good|enough|works?|will)\b|就行|就好|也行|也可以|也好|行|可以|没问题|够了"
                  rf"|{KEEP_SPEED_WORDS}")
# "ZeRO-2 为啥不行", "why not ZeRO-2?": a setting asked why it is not the answer is that job with the setting,
# whose verdict says why (8 × H100 for 32B full under ZeRO-2: 120 GB of states a card), not a general FAQ entry
WHY_NOT = (r"为啥|为什么|为何|怎么|咋|不行|不能|不可以|不够|用不了|不用|吗|\bwhy\b|\bnot\b|\bcan'?t\b|\bcannot\b"
           r"|\bdoesn'?t\b|\bwon'?t\b|\bwork\b|\bfit\b|\bisn'?t\b|\bit\b|\bok(?:ay)?\b|\benough\b")
SETTING_FILLER = rf"{SETTING_FILLER}|{WHY_NOT}"
SETTING_ONLY = lazy(rf"(?:{SETTING_FILLER})*(?:{SETTING}|{JOB_CHANGE})(?:(?:{SETTING_FILLER})|(?:{SETTING})|(?:{JOB_CHANGE}))*")


SETTING_WORD = lazy(SETTING, re.IGNORECASE)


def setting_alone(norm: str) -> bool:
    """Whether the message is only settings of a job: its words alone ("bf16", "qlora, single card"), or with the
    card they go on ("h100 两张 zero3", "zero3 on two h100s": that card with that setting, a change of the job)."""
    if QUANT_ASKED.search(norm):  # "会量化吗", "is qlora quantized?": whether the base is 4-bit, asked, no setting stated
        return False
    if SETTING_ONLY.fullmatch(norm.strip()):
        return True
    cards = find_gpus(norm)
    if not cards:
        return False
    rest = norm
    for g in sorted(cards, key=lambda g: -g.start):  # the card, its plural and the count said before it ("2 h100s")
        count = re.search(r"(?<![\w.])\d{1,3}\s*[x×*]?\s*$", rest[:g.start])
        tail = re.match(r"s\b", rest[g.end:])
        rest = rest[:count.start() if count else g.start] + " " + rest[g.end + (1 if tail else 0):]
    return bool(SETTING_WORD.search(rest)) and bool(SETTING_ONLY.fullmatch(rest.strip()))


def fresh_start(raw: str) -> tuple[str, bool]:
    """The message without a leading "new question" marker, and whether it had one: what follows the
    marker is read on its own (the marker's words would otherwise pull in an FAQ entry on "问题")."""
    m = FRESH.match(raw.lower())
    return (raw[m.end():], True) if m and raw[m.end():].strip() else (raw, False)

# a yes/no question ("能用支付宝付吗", "支不支持 visa", "can I pay with alipay?"): an English one opens with its
# verb (at the start or after a comma), a Chinese one asks with 吗 or an A-not-A pair, of any verb ("收不收",
# "给不给"); "how can I pay" is not one
# a run asked whether it ends in time: "finish in class", "done before the lab ends", "跑得完", "来得及", "下课前训完"
ENDS_IN = lazy(r"\b(?:finish(?:es|ed)?|done|complete[sd]?|in\s+time|enough\s+time|make\s+it|wrap(?:s|ped)?\s+up)\b|[跑训]得?完|来得及|来不及|时间够|赶得[上及]|[前内]完成")
MACHINES = lazy(r"多机|多台机器|跨机|跨节点|多节点|\bmulti[\s-]?nodes?\b|\b(?:across|several|multiple|many)\s+(?:nodes|machines|boxes|servers)\b")
COPULA = lazy(r"(?<![还但可要只就总于])是(?!否|啥|什么|哪|多少|几)[^，,。？?；;]{1,30}?[吗嘛](?![a-z])|是不是|是否")
YES_NO = lazy(r"[吗嘛][?？]?|能不能|能否|可不可以|有没有|支不支持|([\u4e00-\u9fff])不\1"
              r"|(?:^|[,，;；.!?？:：—–]\s*|\s-\s+|\band\s+)(?:can|could|do|does|is|are|will|would|should|may|am)\b"
              # after one leading name ("cloudgpu are you charged while it boots"), never a wh-word's ("how do i")
              r"|^(?!(?:what|how|which|where|when|who|whom|whose|why)\b)[\w.-]+\s+(?:can|could|do|does|is|are|will|would|should|am)"
              r"\s+(?:i|you|we|it|they|there|my|this|that)\b"
              # after a leading place it is asked of ("at gpuli is the rental paid upfront", "on yiwan can we add ib")
              r"|^(?:over\s+)?(?:at|on|for|with|in)\s+[\w.\u4e00-\u9fff-]+\s*,?\s+(?:can|could|do|does|is|are|will|would|should|may)\b"
              # after a condition ("if I shut it down at night do I pay less?", "when it's idle are we still charged")
              r"|^(?:if|when|once|while)\b[^?？]{1,60}?\b(?:can|could|do|does|is|are|will|would|am)\s+(?:i|you|we|it|they|there|that)\b"
              # a clipped one, a verb of change opening its clause ("…NaN in fp16, switch to bf16?", "move to zero-3 then?"),
              # never one asking which
              r"|(?:^|[,，;；.!?？:：—–]\s*|\s-\s+)(?:switch|move|swap|change|go)\s+(?:to|over|with|back)\b(?![^,，;；.!?？]*\b(?:what|how|which|where|when|who)\b)[^,，;；.!?？]{0,40}[?？]\s*$"
              # a clipped one, the thing then its word of consent ("alipay ok?", "usdt works?"), never a wh-word's
              r"|^(?!.*\b(?:what|how|which|where|when|who|whom|whose|why)\b).*\b(?:ok|okay|fine|works?|accepted|supported|allowed|possible|doable|feasible)\s*\?+$")

# a word that points at the job or setup of the answer before ("can we rent it for 2 weeks", "run that 3 days")
# ("weekly cost for those", "monthly for these cards", "这两张包月多少"; "那 3 张呢" changes the count instead)
REFERS_BACK = lazy(r"\b(?:it|that|this|them|those|these|the\s+same|the\s+(?:job|run|setup|cards?|gpus?|training|config))\b"
                   r"|它|这个|那个|这套|这些|那些|那张|那台|这(?:[两俩几二三四五六七八九十]|\d+)?\s*[张块台]|同样的?", re.IGNORECASE)

# a length added to the one before ("再加 3 小时呢", "多跑两天", "another 2 days", "3 more hours", "extra 5 hours")
SPAN_ADDED = lazy(r"(?:再|多|另|额外)\s*(?:加|跑|租|续)?\s*(?:\d+(?:\.\d+)?|半)\s*个?\s*(?:小时|钟头|天|周|星期|礼拜|月)"
                  r"|\b(?:another|an\s+extra|extra|additional)\s+\d+(?:\.\d+)?\s*(?:hours?|hrs?|h|days?|weeks?|months?)\b"
                  r"|\b\d+(?:\.\d+)?\s*more\s+(?:hours?|hrs?|days?|weeks?|months?)\b", re.IGNORECASE)

# the files asked again: "再导一份", "再出一个 deepspeed 的", "重新导出", "重新生成", "redo it", "export again"
EXPORT_AGAIN = lazy(r"再\s*(?:导|出|生成|发)|再\s*(?:来|给|做|要)\s*[一1]?\s*(?:份|版)|重新\s*(?:导|出|生成|做|来|给)|重[导出]"
             r"|\bre-?(?:export|generate|do)\b|\bredo\b|\bagain\b|\bonce\s+more\b"
             r"|\b(?:another|a\s+new)\s+(?:copy|export|config|version)\b")
# an add-on added to the setup ("加内存128g", "再加16核", "add 128GB RAM", "with 16 cores", "内存升到128G")
ADD_ON_ADDED = lazy(r"加|升|扩|带(?!宽)|配上|含|\b(?:add|adding|plus|with|upgrade|bump|incl|including|included)\b", re.IGNORECASE)
# a month written right after the add-on it bills ("存储卷一个月", "500g volume for a month"): the add-on's term
ADD_ON_TERM = lazy(r"(?:存储卷?|云盘|硬盘|数据盘|对象存储|\b(?:volumes?|storage|disks?|ssd)\b)\s*(?:for\s+)?(?:1|a|one)?\s*(?:个)?\s*(?:月|months?\b)",
                   re.IGNORECASE)
# whether or how it can be added ("能加内存吗", "can I add RAM?", "内存怎么加"): the FAQ's question, not a change
ADD_ON_WHETHER = lazy(r"能不能|可不可以|可以|能否|能加|吗|么|怎么|如何|\b(?:can|could|is\s+it|how|does|do\s+they)\b", re.IGNORECASE)
# a provider named with nothing but whether the job runs there ("cloudgpu 能跑吗", "gpuli 上行不行", "一万网络跑得动吗",
# "can it run on cloudgpu?", "would gpuli work?", "ok at yiwan?"): the job just answered, at that provider
RUNS_THERE = lazy(r"^(?:那|那么|用|在|去|放|换|换到|放到|\s|上|的话|呢|吗|嘛|么|[?？!！,，.。]|能不能|能|可以|可不可以|行|行不行|不行|跑|跑得动|跑得了|"
                  r"跑不跑得动|训|训得了|装得下|放得下|租|\b(?:can|could|would|will|does|do|is|it|this|that|the|job|we|i|run|runs|train|"
                  r"work|works|ok|okay|fine|fit|fits|there|on|at|with|in|be|possible|doable|feasible|handle|so|and|what|about)\b)+$", re.IGNORECASE)
# the words of those that ask whether it runs at all ("能跑吗", "行吗", "works?"): without one, "cloudgpu 呢" is another change
RUN_ASKED = lazy(r"能|可以|行|跑得|训得|装得|放得|\b(?:can|could|would|will|does|is)\b|\b(?:work|works|ok|okay|fine|possible|doable|feasible|handle)\b", re.IGNORECASE)
# whether the memory is the same as full fine-tuning's ("跟全参一样吗", "和全量微调一样多吗", "same as full fine-tuning?",
# "as much memory as a full finetune?"): asked beside a pretraining sizing, its answer leads (bot.core.need_first)
SAME_AS_FULL = lazy(r"(?:跟|和|与|同|比)\s*全(?:参|量)(?:微调)?\s*(?:的?显存)?\s*(?:一样|相同|差不多|一致)"
                    r"|\b(?:same|as\s+much(?:\s+(?:memory|vram))?)\s+as\s+(?:an?\s+|the\s+)?full(?:[\s-]*(?:fine[\s-]*tun\w*|finetun\w*|ft|sft|params?))?\b"
                    r"|\bsame\s+(?:memory|vram)(?:\s+\w+){0,2}\s+as\s+(?:an?\s+|the\s+)?full\b", re.IGNORECASE)
# a change of the job said as one ("switch to 14B and ZeRO-2", "模型换成 32b，周期改包月", "make it 14b and bf16 lora",
# "改用 lora，顺便把序列改成 4096", "same job but with 72b"): a follow-up changing several things at once, however long
CHANGE_SAID = lazy(r"^\s*(?:那|那就|那么)?\s*换(?!一?个\s*(?:问题|话题))|换成|改成|改为|改用|换用|换到|改到|调成|调到|切到|切成|改一下|都换|都改|同时|顺便(?:把|改|换)"
                   r"|(?:模型|底模|基座|显卡|卡|方法|周期|序列|rank|zero)\s*(?:换|改|调|切)"
                   r"|\b(?:switch|change|swap|move|bump|drop|go)\s+(?:\w+\s+){0,2}(?:to|for)\b|\bmake\s+it\b|\binstead\b"
                   r"|\bat\s+the\s+same\s+time\b|\bboth\s+at\s+once\b|\bsame\s+(?:job|thing|setup|run)\s+but\b", re.IGNORECASE)
# an earlier figure recalled ("remind me, the ZeRO-3 number was?", "zero3 的是多少来着", "what was it with zero-3 again?",
# "刚才 zero3 那个数是多少"): the job before with that setting, its figure said again
RECALLED = lazy(r"\bremind\s+me\b|\bwhat\s+was\b|\bwas\s+(?:it|that)?\s*[?？]*\s*$|\bagain\s*[?？]*\s*$|\bearlier\b"
                r"|来着|刚才|刚刚|之前|前面|再说一[遍下次]|回顾", re.IGNORECASE)
# the longest message a follow-up reading weighs (bot.core.follow_ups ABOUT_BUDGET): frames are read up to it
FOLLOW_UP_CHARS = 80
# whether a card can be had now, asked ("能直接开一台 4090 吗", "现在能租吗", "can I spin up a 4090 right away?"): asked of
# one's own wallet, the wallet's balance against the rental is the answer (bot.core.router._against_wallet)
CAN_RENT = lazy(r"(?:能|可以|可不可以|能不能|能否)\s*(?:直接|马上|现在|立刻|立即|先|就)?\s*(?:开|租|下单|起|启动)|租得起|开得了|租得了"
                r"|\b(?:can|could|may)\s+(?:i|we)\s+(?:still\s+|just\s+|now\s+|even\s+|directly\s+)?(?:rent|open|start|launch|get|spin|order|book)\b"
                r"|\bam\s+i\s+able\s+to\s+(?:rent|open|start|launch|get|spin)", re.IGNORECASE)
# how money runs out or what happens then: a rule of money (the FAQ's), never one's own balance weighed
# the wallet said to hold nothing, as a fact or a supposition ("钱包没钱", "余额为 0 的话", "账上空了", "empty wallet",
# "no balance", "with zero balance"): whatever it holds, the rental asked is weighed against nothing
BROKE = lazy(r"(?:钱包|余额|账上|账户)\s*(?:里)?\s*(?:没|没有)\s*(?:钱|余额|了)|(?:钱包|账上|账户)\s*(?:是)?\s*空|余额\s*(?:为|是|只有)?\s*(?:0|零)(?![\d.])"
             r"|\b(?:empty|zero|no)\s+(?:wallet|balance|funds|money)\b|\b(?:wallet|balance)(?:'s|\s+is)?\s+(?:empty|zero|at\s+0)\b"
             # "our wallet has nothing in it", "nothing in the wallet", "钱包里 0 元", "余额 0 U"
             r"|\bwallet\s+(?:has|holds)\s+nothing\b|\bnothing\s+in\s+(?:the\s+|our\s+|my\s+)?wallet\b"
             r"|(?:钱包|账户|账上)\s*(?:里|中|上)?\s*(?:只有|有|是)?\s*(?:0|零)\s*(?:元|块|刀|u|usdt|美元)?(?![\d.])", re.I)
MONEY_RULE = lazy(r"用完|耗尽|扣光|花光|会怎样|会怎么样|会咋样|会被|停机|销毁|欠费|透支|\bruns?\s+(?:out|dry)|\bran\s+out|\bwhat\s+happens"
                  r"|\bdestroy|\bhits?\s+zero|\boverdra", re.IGNORECASE)
# an order to rent what was just priced ("great, rent it for a month please", "就租这个", "帮我下单", "book that one",
# "go ahead and rent it"): a rental of that card, asked to be recorded (a confirmation first, as every rental)
RENT_ORDER = lazy(r"\b(?:rent|book|order|reserve|get)\s+(?:it|that|this|them|those|one|that\s+one|this\s+one|the\s+same)\b"
                  r"|\bgo\s+ahead\s+and\s+(?:rent|book|order)|\blet'?s\s+(?:rent|book|order|go\s+with)\b"
                  r"|(?:就|那就|帮我|给我|替我)\s*(?:租|订|下单|开)(?:\s*(?:这个|这台|它|这张|那个|一台|一个|吧))?|下单吧|租吧|就它了|就这个吧"
                  r"|(?:租|订|开)\s*(?:这个|这台|它|这张|那个|那台)", re.IGNORECASE)

# the unit a price is asked in: "hourly", "per hour", "每小时", "按小时多少", "一小时多少"
PRICE_UNIT = lazy(r"\bper\s+(?:hour|hr)\b|\bhourly\b|\ban\s+hour\b|每\s*小时|按\s*小?时|一\s*小时|时租|/\s*h(?:r|our)?\b", re.IGNORECASE)


@dataclass(frozen=True)
class Cues:
    """What the answering side weighs beyond the fields; empty for a message built from typed options."""

    chars: int = 0  # the message's length: a short one may change the last answer, a long one stands alone
    buy: bool = False
    joined: bool = False
    also: bool = False  # a rental said beside the one before (ALSO)
    other_unit: bool = False
    bare_term: str | None = None  # "month", "week", "year" (or 月 周 年): a rental unit's name alone
    term_currency: str | None = None  # the currency asked with that bare term
    fit: bool = False
    oom: bool = False  # "will it oom", "会爆显存吗", "out of memory?": the fit asked as its failure
    oom_hit: bool = False  # "oom 了怎么办", "OOMs on a 3090, what to do": the levers asked after a failure
    together: bool = False
    units_only: bool = False  # every length is a unit's name ("per day", "包月"), none a span
    howto: bool = False  # a how-to or why question: one of its own, never a change of the last
    providers: tuple[str, ...] = ()  # every provider named, in order
    count_needed: int | None = None  # "那要 2 张吗": the one card count asked whether it is needed
    length_frame: bool = False  # nothing but a length and asking words ("就用三天，有便宜点的吗")
    term_frame: bool = False  # nothing but a term and asking words ("年付呢，要多少人民币")
    fresh: bool = False  # "新问题：…", "new question: …": never a follow-up of the answer before
    corrects: bool = False  # "不对，是 14b", "oops, typo — 72b": opens by correcting the last job, a change of it
    change_said: bool = False  # "switch to 14B and ZeRO-2", "模型换成 32b，周期改包月": a change of the job, said as one
    recalled: bool = False  # "remind me, the ZeRO-3 number was?", "zero3 的是多少来着": an earlier figure asked again
    setting_only: bool = False  # "bf16", "qlora, single card": a training setting, method or count alone, a change of the job
    yes_no: bool = False  # a question asked to be answered yes or no ("能用支付宝吗", "can I pay with Visa?")
    copula: bool = False  # "是…吗", "是不是…": a yes or no asked with 是, answered 是 or 不是 (not 有)
    machines: bool = False  # "多机", "跨节点", "multi-node": the job spread over machines, however many
    ends_in: bool = False  # whether a run ends in time ("done before the lab ends?", "下课前跑得完"): a window's verdict
    keeps_speed: bool = False  # speed made a condition ("但别太慢", "without slowing it down"): what it rules out is said
    where: bool = False  # "存哪", "where do I keep them": the place is asked (a checkpoint's answer leads with it)
    refers_back: bool = False  # "it", "that", "这个": a word pointing at the last answer's job or setup
    daily: Daily | None = None  # "10 hours a day for 2 weeks": the hours run each day of the span (bot.understand.daily_hours)
    per_period: tuple[float, float] | None = None  # "每天跑 8 小时": hours run each period of so many days, span or not
    back_to_back: tuple[int, float] | None = None  # "gpuli 10 次实验 每次 3 小时": runs, hours each, on one card (instances)
    split: int | None = None  # "3 个组分摊", "split 4 ways": the total shared out among that many (bot.understand.instances)
    split_guessed: bool = False  # "我们 AA 每人多少": shared out with no count said, so split is two, and the answer says so
    instances: int | None = None  # "4 张 4090 各跑一组": that many single-card instances, each its own job (bot.understand.instances)
    people: int | None = None  # "30 个学生": the people a class counts, whom a share asked next divides among (class_counts)
    share_asked: bool = False  # "每人多少", "per student?": one person's share of the total asked (bot.understand.class_counts)
    option: str | None = None  # "第二个", "the cheaper one": which option of the last answer (bot.understand.option_ref)
    speed_asked: bool = False  # "吞吐掉多少", "how much slower": the lever's slowdown is the answer (bot.core.speed_first)
    which_currency: bool = False  # "人民币还是美元", "is that USD?": which currency the last price is in
    unrated_currency: str | None = None  # a currency the catalog has no rate for, named ("新台币", "in rupees": TWD, INR)
    unrated_alone: bool = False  # nothing but that currency asked ("新台币大概多少", "HKD?"): the last price, in it
    unrated_amount: tuple[Decimal, str] | None = None  # money said in it ("budget S$300": 300, SGD), never US dollars
    export_again: bool = False  # "再导一份", "redo it": the files asked again (bot.core.export_again)
    add_on_term: bool = False  # "再加 500G 存储卷一个月", "storage for a month": the month is the add-on's, not the rental's
    add_on_added: bool = False  # "加内存128g", "add 128GB RAM": an add-on added, not asked whether it can be
    example_run: bool = False  # "单次大概多久" after a job with no dataset: timed on the reference example (bot.core.faq_job)
    lone_count: int | None = None  # "and with eight?", "那 8 呢": a number alone in a follow-up's frame
    nodes_added: int | None = None  # "再加一个节点呢", "add another node?": machines added to the setup just answered
    memory_card: int | None = None  # "cheapest 80GB card for 8h?": a card asked by its memory alone, GB (short messages)
    weeks: int | None = None  # "那 4 周呢": whole weeks, the message's only length
    weeks_times: int | None = None  # "4090 周租 x4": a week said multiplied, its weeks (priced beside the month covering them)
    span_added: bool = False  # "再加 3 小时", "another 2 days": the length said is added to the last one, not a new one
    stop_billing: bool = False  # "晚上能关掉不计费吗", "pause billing": whether stopping the instance stops paying
    # a price asked in a unit, not whether the unit is sold ("cloudgpu hourly?", "what does it go for per hour", "每小时多少"):
    # the price of the card at hand in that unit, never the FAQ entry on renting by the hour ("能按小时租吗" is that entry's)
    unit_priced: bool = False
    runway_frame: bool = False  # "那能跑多久", "does that cover": a short message saying nothing but how long of the rental and money
    run_time_frame: bool = False  # "要训多久", "how long will that take?": a short message saying nothing but the job's time
    # the readings of bot.understand.follow_reads, weighed by the follow-up readers of bot/core:
    beside_cards: CardFrames = field(default_factory=CardFrames)  # figures, a frame, a fit asked, once the cards are taken out
    which_card: bool = False  # "which card then", "那用啥卡": the card that holds the job before is asked
    cheaper: bool = False  # "有更便宜的吗", "any cheaper option?": a cheaper setup than the one priced
    cheaper_exists: bool = False  # "有没有…", "is there …": whether one exists is asked
    which_cheaper: bool = False  # "哪个更划算", "which one is cheaper?": of the two cards just priced
    providers_weighed: bool = False  # "gpuli or cloudgpu cheaper?", "cloudgpu 和 gpuli 哪个便宜": two providers set against each other
    under_gb: float | None = None  # "does it drop below 80 GB?": the memory a job is asked to be got under
    lone_memory: str | None = None  # "48g 跑 12 小时呢": a card memory size said alone ("48")
    lone_form: str | None = None  # "and the SXM one?", "PCIe 的呢": a card's form said alone ("sxm", "pcie")
    series: str | None = None  # "llama 3.3" after a 70B job: a model series named without its size ("llama3.3")
    upgrade_referred: bool = False  # "升级后一个月多少", "with the upgrade": the upgrade asked about before
    extra_asked: bool = False  # "跨两台机器 除了卡还要准备啥": what machines need beside their cards
    one_node: bool = False  # "单机 8 卡够还是得多机", "is one node enough": one machine against several, asked
    same_as_full: bool = False  # "跟全参一样吗", "same as full fine-tuning?": the memory weighed against full fine-tuning's
    runs_there: bool = False  # "cloudgpu 能跑吗", "can it run on gpuli?": a provider and whether the job runs there, nothing else
    figures: bool = False  # a digit anywhere in the message ("₮2000 够吗"): an amount of its own
    detail: str | None = None  # "within how long", "存哪": the detail of the last answer asked (bot.understand.detail_ask)
    detail_rest: str = ""  # the words beside that detail's asking words ("slower" of "how much slower")
    yearly: bool = False  # "年付多少", "per year": a yearly term named
    setup_ref: bool = False  # "那个 8 卡的", "the 8-card one": the setup just shown, named by its card count
    amount_only: bool = False  # "多少", "how much?", "人民币吧?": nothing but the last answer's figure asked (in a currency)
    amount_currency: str | None = None  # the currency said in such a message ("rmb pls": CNY)
    how_much: bool = False  # "多少", "how much", but not of memory, steps or layers ("换 3090 多少": a price)
    band_end: bool = False  # "high end?", "最高多少": one end of a price band
    safe_figure: bool = False  # "预算按多少写稳妥", "what should we budget to be safe?": the figure to write down
    can_rent: bool = False  # "能直接开一台吗", "can I rent one now?": whether a rental can be had (CAN_RENT)
    money_rule: bool = False  # "余额用完会怎样", "what happens if it runs out": a rule of money (MONEY_RULE)
    than_others: bool = False  # "比别家便宜吧", "cheaper than the others?": the provider named set against all the rest (THAN_OTHERS)
    meaning: bool = False  # what a word means asked (MEANING)
    compared: bool = False  # a comparison asked (COMPARED): never a question of its own against the answer it may weigh
    only_have: bool = False  # "we only have alipay and usdt", "手上只有支付宝": what the user has, so whether it works is asked
    refund: bool = False  # "能退吗", "do I get the rest back": money back for a rental asked (REFUND)
    time_used: bool = False  # "刚开十分钟", "开了 20 分钟", "after 20 min": the time said is time already used (TIME_USED)
    rent_order: bool = False  # "rent it for a month please", "就租这个": an order of what was just priced (RENT_ORDER)
    method_needed: bool = False  # "should we still do qlora", "还有必要上 qlora 吗": whether QLoRA is needed at all (bot.core.method_needed)
    same_card: bool = False  # "on the same card", "同一张卡", "那张卡上": the card of the answer before, named back (SAME_CARD)
    asking: bool = False  # a choice or a go-ahead asked ("选哪套", "which card?", "ok 吗", "行不行"; never "今天吃啥"): PLAN_ASK
    cuts_memory: bool = False  # "does that cut the memory per card?", "每张卡显存会少吗": whether more cards lower each one's (CUTS_MEMORY)
    necessary: bool = False  # "is that really necessary?", "有必要吗": whether what was named is needed at all (NECESSARY)
    to_qlora: bool = False  # "改成 4-bit QLoRA", "switch to QLoRA": the lighter method switched to (TO_QLORA)
    low_end: bool = False  # "按最低价 2.5 万报预算可以吗", "budget at the low end?": a band's low end taken as the figure (LOW_END)
    nonstop: bool = False  # "全程开着", "from now until then": the card kept running to the deadline (bot.core.deadline_kept)
    broke: bool = False  # "钱包没钱能先租吗", "with an empty wallet can we still rent?": the wallet said to hold nothing (BROKE)
    fit_first: bool = False  # a card alone after a plan's cost: its fit leads (set by bot.core.card_fit_asked, not read here)
    scaled: tuple[str, Fraction] | None = None  # "double the batch", "卡减半": a setting and its factor (bot.understand.scaled)
    margin: Decimal | None = None  # "加 30% 毛利报多少", "with a 20% markup": the percent put on the last quote (bot.core.quote_follow)
    runs_asked: bool = False  # "预算 20 刀够跑几次", "how many runs does $50 buy": whole runs of the last quote (bot.core.quote_follow)
    tool_alone: bool = False  # "LLaMA-Factory", "用 deepspeed 的吧": frameworks named and nothing else (bot.understand.tool_alone)
    budget_held: tuple[Decimal, str] | None = None  # the budget held when the method is picked for the job before (bot.core.plan_asked)
    method_pick: bool = False  # "先 lora 还是直接全参", "LoRA first or full?": which method to take is asked (METHOD_PICK)
    term_floor: tuple[float, str] | None = None  # "跑两天也得买一周吗": the run's hours and the term weighed (bot.understand.term_floor)
    toggled: str | None = None  # "那开了呢" ("on"), "那关了呢" ("off"): the setting the answer before was declined or given, switched (TOGGLED)


# which method to take, not only how they differ: "先 lora 还是直接全参", "全参还是 lora 好", "选哪个", "lora first or full?",
# "should we go full", "which is better" ("差多少", "what's the difference" ask the gap alone)
# what a bare ask of the plan just answered asks: which to take, or whether it will do (bot.core.plan_asked); chatter
# that asks something else ("今天吃啥", "what's for lunch?") names none of these
PLAN_ASK = lazy(r"哪|选|挑|推荐|建议|方案|配置|怎么租|怎么搞|咋整|咋办|怎么办|行不行|行吗|可以吗|可不可以|能不能|能行|够不够|够吗|"
                r"\bok\b|\bokay\b|\bwhich\b|\bpick\b|\bchoose\b|\brecommend|\bsetup\b|\boptions?\b|\bwork|\bfeasible\b|"
                r"\bdoable\b|\bshould\b|\bcan\s+(?:we|i)\b|\bwhat\s+(?:now|then)\b|\benough\b|来得及|赶得上|赶得及|\bin\s+time\b|\bmake\s+it\b", re.I)
METHOD_PICK = lazy(r"^(?![\s\S]*(?:quality|效果|质量))[\s\S]*?(?:先\s*(?:做|上|用|跑|搞|试)?\s*(?:q-?lora|lora|全参|全量)|直接\s*(?:上|做|用|跑|搞)?\s*(?:全参|全量)|(?:选|用|做|上)\s*哪(?:个|种)"
                   r"|哪(?:个|种)\s*(?:好|更好|合适|更合适|划算|更划算)|还是.{0,16}?(?:好|合适|划算)|\bwhich\b|\bshould\s+(?:we|i)\b|\bfirst\b"
                   r"|\bbetter\b|\bstart\s+with\b|\bgo\s+(?:with|for)\b|\brecommend)")  # a quality asked is the quality entry's
# whether QLoRA (4-bit) is needed at all: "should we still do qlora", "do we even need qlora", "is qlora necessary",
# "还要 qlora 吗", "还有必要用 qlora 吗", "qlora 有必要吗", "还需要量化吗"
_QUANT = r"(?:q-?lora|4-?bit|量化)"
METHOD_NEEDED = lazy(rf"(?:还|仍然|依然|还是)\s*(?:要|需要|得|用)\s*(?:做|用|上|走|开)?\s*{_QUANT}|(?:有|没)\s*必要\s*(?:做|用|上|走|开)?\s*{_QUANT}"
                     rf"|{_QUANT}\s*(?:还)?\s*(?:有|没)\s*必要|\b(?:still|even|really)\s+(?:do|use|need|go\s+with|bother\s+with)\s+(?:a\s+)?{_QUANT}"
                     rf"|\b(?:need|bother)\s+(?:with\s+)?{_QUANT}\b|\b{_QUANT}\s+(?:still\s+|even\s+|really\s+)?(?:necessary|needed|worth\s+it)", re.IGNORECASE)


# a setting switched with nothing named ("不开八bit" then "那开了呢" / "and with it on?"; "开 offload" then "关了呢" /
# "what if we turn it off"): the one the answer before declined or gave, on or off; the whole message says only that
_IF = r"(?:那|那么|要是|如果|假如|那要是|那如果)?\s*"
_THEN = r"\s*(?:了|的话|上)?\s*(?:呢|的话|会怎样|会怎么样|怎么样|如何|行吗|够吗|够不够|能行吗|装得下吗)?"
_EN_IF = r"(?:(?:and|so|ok|okay|but)\s+)?(?:(?:what|how)\s+(?:about|if)\s+)?(?:(?:we|i|you)\s+)?"
TOGGLED_ON = lazy(rf"{_IF}(?:开|打开|开上|开启|启用|用上|加上|带上){_THEN}"
                  rf"|{_EN_IF}(?:with\s+it\s+on|turn(?:ed)?\s+it\s+on|switch(?:ed)?\s+it\s+on|enabl(?:e|ed|ing)\s+it|it\s+(?:turned|switched)\s+on)"
                  r"(?:\s+(?:then|instead))?", re.I)
TOGGLED_OFF = lazy(rf"{_IF}(?:关|关掉|关闭|关上|不开|不用|去掉|取消)(?:了)?{_THEN}"
                   rf"|{_EN_IF}(?:with\s+it\s+off|turn(?:ed)?\s+it\s+off|switch(?:ed)?\s+it\s+off|disabl(?:e|ed|ing)\s+it|without\s+it|it\s+(?:turned|switched)\s+off)"
                   r"(?:\s+(?:then|instead))?", re.I)


def toggled(norm: str) -> str | None:
    """"on" or "off" when the whole message switches the setting before and names none (TOGGLED_ON/OFF)."""
    said = norm.strip(" ?？!！。.,，")
    return "on" if TOGGLED_ON.fullmatch(said) else "off" if TOGGLED_OFF.fullmatch(said) else None


# what the user has said as all they have ("we only have alipay and usdt", "手上只有 USDT", "只能用支付宝"): whether it
# works is asked, as a yes or no would ask it
ONLY_HAVE = lazy(r"只有|只能用|只能付|手(?:上|里|头)(?:只)?有|\bonly\s+(?:have|got|use|pay\s+with)\b|\ball\s+(?:we|i)(?:'ve|\s+have)\b", re.I)


# the other providers as one ("比别家便宜吧", "其他家呢", "cheaper than the others?", "than other providers")
THAN_OTHERS = lazy(r"别家|别的(?:家|平台|厂商|云)|其他(?:家|平台|厂商|服务商|云)|其它(?:家|平台|厂商|服务商)|\bthan\s+(?:the\s+)?others\b"
                   r"|\bother\s+(?:providers|clouds|platforms|vendors)\b|\belsewhere\b|\banywhere\s+else\b", re.I)
# what a word means asked ("cloudgpu 的预授权是啥意思", "what does pre-auth mean"): the term's own question, of no answer before
MEANING = lazy(r"(?:啥|什么|甚么)\s*意思|意思是|指的是(?:啥|什么)|\bwhat\s+(?:does|do|is)\b.{1,40}\bmean\b|\bmeaning\s+of\b", re.I)
# a comparison asked ("comm overhead compared with ddp?", "跟 lora 比呢", "zero2 和 zero3 区别"): its other side may be the
# answer just given, and its subject is the things compared, never a card before
COMPARED = lazy(r"\bcompared\s+(?:with|to)\b|\bvs\.?(?:\s|$)|\bversus\b|\brelative\s+to\b|\bthan\b|\bdiffer(?:ence|ent|s)?\b"
                r"|相比|比起|对比|比较|区别|差别|差异|不同|[跟和与]\s*\S{1,12}?\s*比"
                r"|比\s*[^，,。？?!！]{1,16}?(?:大|小|多|少|快|慢|高|低|贵|便宜|省|费|强|弱)", re.I)


# the time said as already used: "用了三天", "跑了 5 小时", "刚开十分钟", "开了 20 分钟", "已经两天了", "used it 3 days",
# "had it for 2 days", "destroy it after 20 min", "20 minutes in", "created it 30 minutes ago"
TIME_USED = lazy(r"用了|跑了|开了|租了|创建了|已经|过了|刚(?:开|租|建|创建|买|起|启动)|\bused\b|\bhad\s+it\b|\bbeen\b|\bran\b|\brunning\b"
                 r"|\bafter\b|\bsince\b|\bago\b|\blater\b|\b(?:minutes?|mins?|hours?|hrs?)\s+in\b|后悔|反悔", re.I)


def _without_providers(frame: str, named: list[str]) -> str:
    """`frame` with the providers it names taken out, with the word that places them ("at gpuli", "在
    一万网络上"): "two weeks at gpuli?" changes the last answer's length there, as "gpuli 两周呢" does."""
    for ident, keys in provider_names():
        if ident in named:
            for key in keys:
                frame = re.sub(rf"(?:\b(?:at|on|from|with|via)\s+|在\s*)?(?<![a-z0-9]){re.escape(key)}(?![a-z0-9])\s*上?", " ", frame)
    return frame


def _split(norm: str) -> dict[str, Any]:
    shared = split_reading(norm)
    heads = {"people": people_counted(norm), "share_asked": share_asked(norm)}
    return {**heads, "split": shared[0], "split_guessed": shared[1]} if shared else heads


def read(raw: str, num_gpus: int | None = None, instances: int | None = None, words: str = "",
         nodes: int | None = None) -> Cues:
    """The cues of one message (or one question of it), from its raw text; `num_gpus` is the count the
    parse read (the one a "那要 2 张吗" asks of). The frames, the count asked and the lone setting are
    only ever weighed of a short message (a follow-up), so a longer one skips reading them. `instances`: the
    separate single-card instances the parse read (bot.understand.instances); `words` the parse's normalized
    words, `nodes` the machines it read (what else they need is only read of two or more)."""
    norm = normalize(raw)
    named = providers_named(norm)
    chars = len(raw.strip())
    short = chars <= FOLLOW_UP_CHARS
    frame = without_asks(without_durations(without_ruling(_without_providers(norm, named)))) if short else ""
    lower = raw.lower()
    bare = BARE_TERM.match(raw)
    return Cues(
        chars=chars, buy=bool(BUY.search(lower)), joined=bool(JOINED.search(lower)), also=bool(ALSO.search(lower)),
        other_unit=bool(OTHER_UNIT_BETTER.search(norm)),
        bare_term=bare.group(1).lower() if bare else None,
        term_currency=CURRENCY[bare.group(2).lower()] if bare and bare.group(2) else None,
        fit=bool(FIT_ASK.search(norm)), oom=bool(OOM_ASK.search(norm)), oom_hit=bool(OOM_HIT.search(norm) and OOM_FIX.search(norm)), together=bool(TOGETHER.search(norm)), units_only=units_only(norm),
        howto=bool(HOWTO.search(lower)), providers=tuple(named),
        count_needed=need_asked(norm, num_gpus) if short else None,
        unit_priced=bool(PRICE_UNIT.search(norm)) and unit_asked(norm) is None,
        length_frame=short and length_only(frame), term_frame=short and term_only(frame), runway_frame=short and runway_only(frame),
        run_time_frame=short and run_time_only(frame),
        setting_only=short and setting_alone(norm), yes_no=bool(YES_NO.search(lower.strip())), copula=bool(COPULA.search(lower)), machines=bool(MACHINES.search(norm)),
        ends_in=bool(ENDS_IN.search(lower)), keeps_speed=keeps_speed(norm),
        where=bool(WHERE_ASK.search(norm)),
        refers_back=bool(REFERS_BACK.search(without_fillers(lower))), daily=daily(norm), per_period=per_period(norm), instances=instances, **_split(norm),
        speed_asked=speed_asked(norm), which_currency=which_currency(raw), **_unrated(raw, short), export_again=bool(EXPORT_AGAIN.search(lower)),
        add_on_added=short and bool(ADD_ON_ADDED.search(raw)) and not ADD_ON_WHETHER.search(raw),
        add_on_term=short and bool(ADD_ON_TERM.search(norm)),
        lone_count=lone_count(raw) if short else None, memory_card=_memory_card(norm) if short else None, weeks=weeks_said(raw) if short else None,
        weeks_times=multiplied_weeks(norm) if short else None,
        span_added=short and bool(SPAN_ADDED.search(norm)),
        which_cheaper=short and bool(WHICH_CHEAPER.search(words)), yearly=bool(YEARLY.search(raw)),
        how_much=bool(HOW_MUCH.search(norm)), change_said=short and bool(CHANGE_SAID.search(norm)),
        recalled=short and bool(RECALLED.search(norm)),
        same_as_full=bool(SAME_AS_FULL.search(norm)), term_floor=floor_asked(norm) if short else None,
        runs_there=short and len(named) == 1 and _runs_there(_without_providers(norm, named)),
        band_end=bool(BAND_END.search(norm)), safe_figure=bool(SAFE_FIGURE.search(norm)),
        can_rent=bool(CAN_RENT.search(norm)), money_rule=bool(MONEY_RULE.search(norm)), time_used=bool(TIME_USED.search(norm)),
        refund=bool(REFUND.search(norm)), stop_billing=stop_asked(norm), only_have=bool(ONLY_HAVE.search(norm)),
        than_others=bool(THAN_OTHERS.search(norm)), compared=bool(COMPARED.search(norm)), meaning=bool(MEANING.search(norm)),
        rent_order=bool(RENT_ORDER.search(norm)), method_needed=bool(METHOD_NEEDED.search(norm)), method_pick=bool(METHOD_PICK.search(norm)),
        same_card=bool(SAME_CARD.search(norm)), asking=bool(ASKING.search(norm)) and bool(PLAN_ASK.search(norm)),
        cuts_memory=bool(CUTS_MEMORY.search(norm)), necessary=bool(NECESSARY.search(norm)), low_end=bool(LOW_END.search(norm)),
        to_qlora=bool(TO_QLORA.search(norm)), nonstop=kept_running(norm), broke=bool(BROKE.search(norm)),
        scaled=scaled(norm) if short else None,
        margin=margin_said(norm), runs_asked=runs_asked(norm), tool_alone=short and named_alone(norm),
        providers_weighed=providers_weighed(_without_providers(norm, named), len(named)),
        **_detail(raw), **_follow_reads(raw, norm, short, nodes))


def _unrated(raw: str, short: bool) -> dict[str, Any]:
    """The currency without a rate a message names (bot.understand.unrated_currency), and whether a short one
    asks nothing else."""
    named = unrated_named(raw)
    return {"unrated_currency": named, "unrated_alone": short and named is not None and unrated_alone(raw),
            "unrated_amount": unrated_amount(raw) if named is not None else None}


def _runs_there(rest: str) -> bool:
    """Whether what is left once the provider is taken out only asks whether the job runs there."""
    rest = rest.strip()
    return bool(rest) and bool(RUNS_THERE.match(rest)) and bool(RUN_ASKED.search(rest))


def _detail(raw: str) -> dict[str, Any]:
    """The detail of the last answer a short follow-up asks, and its words beside the asking ones."""
    read = detail_asked(raw)
    return {"detail": read[0], "detail_rest": read[1]} if read is not None else {}


def _follow_reads(raw: str, norm: str, short: bool, nodes: int | None) -> dict[str, Any]:
    """The readings of bot.understand.follow_reads: of a short message only, but the figures and what else
    two machines or more need."""
    cheaper, exists = cheaper_said(raw) if short else (False, False)
    only, currency = amount_only(norm) if short else (False, None)
    return {"beside_cards": card_frames(norm, short), "which_card": short and which_card(norm), "cheaper": cheaper,
            "cheaper_exists": exists, "lone_memory": lone_memory(norm) if short else None, "under_gb": under_memory(norm) if short else None,
            "lone_form": lone_form(norm) if short else None, "series": series_named(norm) if short else None,
            "upgrade_referred": short and bool(UPGRADE_REFERRED.search(norm)),
            "extra_asked": (nodes or 0) >= 2 and extra_asked(norm), "figures": any(ch.isdigit() for ch in raw),
            "one_node": one_node_asked(norm), "nodes_added": nodes_added(norm) if short else None,
            "toggled": toggled(norm) if short else None,
            "setup_ref": short and ("卡" in raw or "th" in raw.lower()) and bool(SETUP_REF.search(raw)), "amount_only": only, "amount_currency": currency}


def of_question(cues: Cues, question: str, nodes: int | None) -> Cues:
    """`cues` with the follow-up readings of the question the router put together from the FAQ question asked
    before and this message ("有 nvlink 吗" then "那 4090 呢" asks "有 nvlink 吗 那 4090 呢"): what the follow-up
    readers weigh is that question's words, not the change alone (a card named after it is no change of card)."""
    return replace(cues, **_follow_reads(question, normalize(question), True, nodes))


def _memory_card(norm: str) -> int | None:
    card = memory_card(norm)
    return card.memory_gb if card is not None else None
