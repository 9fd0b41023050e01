"""The intent of one message, decided on all its signals at once (see `classify`): a sizing, a cost, a
price, a FAQ answer, a wallet action, small talk or help.

Why apart from the parser: the parser finds the entities and fields; this weighs them, with the words
that ask (price words, training words, how-to words), into one intent. The word lists live here, with
the one rule that reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.understand import asks as ask_words
from bot.understand import objective as obj
from bot.understand import rental_extras as extras
from bot.understand.background import asked_after_background
from bot.understand.card_entry import entry_names_card
from bot.understand.cards import UnknownCard
from bot.understand.faq import Hit, faq_index
from bot.understand.faq_clauses import STRONG_FAQ, faq_answers
from bot.understand.faq_topics import (
    METHOD_SET,
    about_other,
    asks_unsized,
    asks_what_a_switch_saves,
    money_asked,
    named_service,
    named_too,
    on_card,
    service_topics,
    switch_cost,
    switch_needed,
    topic_or,
)
from bot.understand.faq_verdict import verdict_for
from bot.understand.fillers import without_fillers
from bot.understand.glossary import defines
from bot.understand.lazy import lazy
from bot.understand.look_first import looks_first
from bot.understand.normalize import normalize
from bot.understand.offload_choice import offload_choice
from bot.understand.one_card_fit import one_card_fit
from bot.understand.readings import Rental
from bot.understand.several import MEMORY_ASK, PICK_A_CARD
from bot.understand.stored_output import stores_output
from bot.understand.talk import small_talk
from bot.understand.wallet_intent import WalletAction, asks_how_to_pay, is_rule_question
from bot.understand.why_oom import why_oom_of_job
from engine.catalog import gpus
from engine.request import TrainingRequest

HELP = lazy(
    r"^\s*/?(?:help|hepl|halp|start|commands?|usage|帮助|菜单)\b\s*\??$|怎么用|咋用|如何使用|怎么使用|你能干啥|你能做什么|你会什么|能干什么|能做啥"
    r"|有哪些命令|有什么命令|命令列表|指令|what can you do|how (?:do i|to) use (?:this|you|the bot|it)|^help\b"
    r"|what commands|which commands|list (?:of )?(?:the )?commands|commands? (?:are there|do you have|list)|all (?:the )?commands"
)
SIZE_WORDS = lazy(
    r"显存|memory|vram|够|fit|几张|几卡|多少卡|多少张|要多少|oom|爆|跑得动|能跑|跑不|能训|训得|行不|行吗|能不能|需要|"
    r"多久|多长时间|how long|time|cost|price|花多少|多少钱|costs?|need|enough|size|sizing|要几|run|train"
)
TRAIN_WORDS = lazy(r"微调|训|train|finetun|fine[\s-]*tun|sft|lora|全参|全量|预训练|pretrain|epoch")
# a change of the job before: "那换成qlora呢", "on a 4090", and the field named first ("模型换 qwen3 8b", "卡改成 a100",
# "switch the model to qwen3 8b", "change the card to an a100", "same thing but for 14b")
FOLLOW_UP = lazy(r"^(?:那|那换|换成|改成|换(?!一?个\s*(?:问题|话题))|改|如果|要是|假如|拉到|加到|用|上|what about|how about|and\b|what\s+if\b|with\b|w/|on\b|at\b|for\b"
                 r"|(?:模型|底模|基座|显卡|卡|方法|序列(?:长度)?|长度|seq(?:_len)?|cutoff(?:_len)?|rank|秩|zero|batch|bs|精度|优化器|周期|租期|学习率|lr|epochs?|轮数)"
                 r"\s*(?:换|改|调|用)"
                 r"|(?:switch|change|swap|move)\s+(?:(?:the\s+)?(?:model|base\s+model|card|gpu|method)\s+)?(?:to|for)\b"
                 r"|(?:the\s+)?(?:model|base\s+model|card|gpu|method)\s*(?:->|→|to\b)|(?:the\s+)?same\s+(?:thing|job|setup|on|at|for|with|but)\b|now\s+(?:with|for|on)\b"
                 # the last question asked again of what follows: "same q for 14b", "同问 14b", "一样的问题 但是 48G"
                 r"|(?:the\s+)?same\s+(?:q|qn|question|query|ask)\b|同问|同上|同样的问题|一样的问题|问题一样|还是这个问题"
                 # a setting raised or lowered by a verb first: "bump seq to 8k", "double the batch", "drop the rank to 8"
                 r"|(?:bump|raise|increase|push|up|lower|drop|reduce|cut|set|make|double|halve)\s+(?:the\s+|my\s+)?(?:max\s+)?"
                 r"(?:seq(?:uence)?|context|ctx|cutoff|batch|micro[\s_-]*batch|rank|lora\s+rank|epochs?|grad(?:ient)?\s+accum\w*))"
                 r"|呢\s*[?？]?\s*$|\binstead\b"
                 # the term it is asked in said after the mark: "在 cloudgpu 呢 按小时", "a100 呢，按月", "那 gpuli 呢 一周"
                 r"|呢\s*[,，、]?\s*(?:按|每|一个?|包)?\s*(?:小时|钟头|天|周|星期|月|年)[租付价]?\s*(?:算|的|计)?\s*[?？]?\s*$"
                 # what to take instead, asked at the end: "不想 offload，换啥", "不开 8bit 的话用什么卡", "no offload, what then?" (using
                 # one of two named, "DDP 还是 ZeRO-2 先上哪个", is a choice: only a thing ruled out before it asks what instead)
                 r"|换\s*(?:啥|什么|哪个|哪种)\s*(?:卡|配置|方案)?\s*[?？]?\s*$|(?:不|别|没)[^还]{0,24}?(?:用|上|租)\s*(?:啥|什么|哪个|哪种)\s*(?:卡|配置|方案)?\s*[?？]?\s*$"
                 r"|\bwhat\s+then\s*[?？]?\s*$"
                 # the job before asked again after a change: "…, still ok?", "still fits?", "…，还行吗", "还能跑吗"
                 r"|\bstill\s+(?:ok(?:ay)?|fine|fits?|good|works?|enough|doable|possible)\b|还\s*(?:行|够|能跑|能训|可以|装得下|放得下)\s*(?:吗|不|么)"
                 # the same thing in another size, named by its count ("what's the 4-card version", "the 2 gpu one",
                 # "4 卡的版本", "8 卡那个" opening the message): a variant of the last answer, never a topic of its own
                 # ("cloudgpu 能租多卡机吗 八卡那种" names the kind of machine its own question asks about)
                 r"|\bthe\s+\d+\s*-?\s*(?:cards?|gpus?|x)\s+(?:version|variant|edition|one|option|flavou?r)s?\b"
                 r"|^(?:那么?)?\s*\d+\s*(?:张|块)?\s*卡\s*的?\s*(?:版本|版|那个|那款|那台|那套)")
# what to turn on or set for a condition ("上 32k 长上下文 要开啥", "显存不够 该开什么", "what should we enable for 32k
# context?"): a question of practice, answered by the FAQ even where it opens like a change of the job ("上", "with")
ENABLE_ASK = lazy(r"(?:要|需要|该|得|应该)?\s*开(?:啥|什么|哪些|哪个)|(?:要|需要|该|应该)\s*(?:设|配|打开|启用)(?:啥|什么|哪些)"
                  r"|\bwhat\s+(?:should|do|must)\s+(?:i|we)\s+(?:enable|turn\s+on|switch\s+on|set)\b"
                  r"|\bwhat\s+to\s+(?:enable|turn\s+on|switch\s+on|set)\b|\bwhich\s+(?:settings?|options?|flags?|switches)\b")
# the card of the setup just priced, named back ("cloudgpu 对应的卡呢", "the matching card at cloudgpu"): a change of that
# question (its provider), never a provider's whole list
SAME_CARD = lazy(r"(?:对应|相应|相当|同款|同档|同级别?|同等|类似|差不多)的?\s*(?:显)?卡|(?:那|这)(?:张|块|个|款)\s*(?:显)?卡"
                 r"|同(?:一|1)\s*(?:张|块|款|个)?\s*(?:显)?卡|\b(?:matching|equivalent|corresponding|comparable|similar|same)\s+(?:cards?|gpus?|one)\b|\b(?:that|this)\s+(?:card|gpu)\b|\b(?:for|on)\s+the\s+same\s*[?？.!]*\s*$|同样的(?:配置|呢)|一样的(?:配置|呢)")


# set against the last answer: "vs the a800?", "比起 a800 呢", "compared with an a800?"
SET_AGAINST = lazy(r"^(?:(?:vs\.?|versus|compared\s+(?:with|to)|against)\s|比起|相比|对比)", re.I)


def follow_up_said(norm: str) -> bool:
    """Whether the message opens or speaks as a follow-up (FOLLOW_UP), its spoken fillers out ("那啥 7b lora 要多少
    vram" opens with a pause, not with "那"). A comparison opening the message sets one card against the last answer;
    one naming two cards of its own ("对比两个方案：A100 8 卡 … H100 8 卡") sets them against each other."""
    from bot.understand.entities import find_gpus

    said = without_fillers(norm)
    if FOLLOW_UP.search(said):
        return True
    return bool(SET_AGAINST.search(said)) and len({g.ident for g in find_gpus(said)}) < 2


def same_card_back(norm: str) -> bool:
    """A word pointing at the card of the answer before ("那张卡上", "on the same card"). One said right after a card
    the message names ("h100 那个卡之间是 nvlink 吗": the H100 card, "那个" only marking it) is that card's own, never
    an earlier one: the message is a question of its own."""
    from bot.understand.entities import find_gpus

    for m in SAME_CARD.finditer(norm):
        before = norm[:m.start()].rstrip()
        if not any(g.end >= len(before) for g in find_gpus(before)):
            return True
    return False


RENT_A_CARD = lazy(r"租(?:个|张|一张|几张|台|点)?\s*(?:卡|显卡|gpu)|\brent\s+(?:a\s+|some\s+)?(?:cards?|gpus?)\b")
WHETHER = lazy(r"[吗么?？]|\b(?:how|can|could|do|does|is|are|what|why|which)\b")
# "cloudgpu 上的卡多少钱一小时", "gpuli's cards per hour": the provider's cards, all of them, priced
PROVIDER_LIST = lazy(r"哪些卡|什么卡|有啥卡|卡型|价目|价格表|报价单|(?:的|上的?|家的?|各(?:种|款|张)?)(?:显)?卡|price\s*list|which\s+(?:cards|gpus)"
                     r"|what\s+(?:cards|gpus)|all\s+(?:cards|gpus|prices)|'s\s+(?:cards|gpus)\b|\b(?:cards?|gpus?)\s+(?:at|on|from)\b")
# money back for a rental: whatever card, length or amount the story names, the refund rule answers
# ("rented the wrong card 20 min ago, refund possible?", "4090 刚租一小时 能退多少钱")
REFUND_WORDS = r"退款|退钱|退费|退还|退回|(?:能|可以|能不能|可不可以)退|退不退|退多少|refund|cancel|取消|money\s+back" \
    r"|\b(?:get|getting|got)\s+(?:the\s+|my\s+|our\s+)?(?:rest|remainder|unused\s+(?:part|minutes|time|money))\s+back\b" \
    r"|\bhow\s+much\s+(?!(?:\w+\s+){0,6}?set\s+(?:us|me|you|them)\s+back\b)(?:\w+\s+){0,6}?(?:back|returned|refunded|released)\b|\b(?:comes?|goes?)\s+back\s+to\s+(?:my|our|the)\s+(?:balance|wallet|account)"
# what becomes of the hold asked ("what happens to the 1h preauth?", "没用完的预授权怎么算", "剩下的预授权呢"), or why there is
# one ("why do they hold an hour of credit at start", "开机为啥要冻结一小时"): its unused part coming back is the answer
HOLD_FATE_WORDS = r"\bwhat\s+happens\s+to\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+){0,2}?(?:pre-?auth\w*|hold|deposit)\b" \
    r"|(?:没用完|未用完|用不完|剩下|剩余)的?\s*(?:预授权|冻结|押金|pre-?auth\w*|hold)|(?:预授权|冻结的?钱|pre-?auth\w*)\s*(?:怎么|点)(?:算|计|处理|办)" \
    r"|\bwhy\b[^.?!]{0,30}?\b(?:hold|holds|held|freezes?|frozen|reserves?|blocks?|pre-?auth\w*)\b[^.?!]{0,20}?\b(?:an?|one|1|\d+)\s*(?:hours?|hrs?|h)\b" \
    r"|(?:为什么|为啥|为何|咋)[^。？！?!]{0,12}?(?:冻结|预授权|预扣|先扣|扣住)"
HOLD_FATE = lazy(HOLD_FATE_WORDS)
REFUND = lazy(REFUND_WORDS + "|" + HOLD_FATE_WORDS)
REFUND_ENTRY, PAYMENT_ENTRY = "refunds", "payment-methods"  # the FAQ entries on refunds and on paying (catalogs/faq.yaml)
# the refund word the message ends on asks it, its question mark gone with the punctuation ("…a day later, refundable?")
REFUND_LAST = lazy(r"(?:refund(?:able|s|ed)?|money\s+back|退款|退钱|退费)\s*$")
# "what does cloudgpu charge for the a6000" asks the card's price, no rule of money
MONEY_RULE = lazy(r"余额|balance|钱(?:就|都|也)?(?:用|花|烧|扣)(?:光|完|没)|\bout\s+of\s+(?:money|credits?|funds)\b|扣费|扣钱|计费|billing|charged?(?!\s+(?:you\s+|us\s+)?for\s+(?:the\s+|an?\s+|one\s+|their\s+)?(?:\d+\s*x\s*)?(?:[a-z]{1,4}\d{2,4}[a-z]?|\d{4})\b)|预授权|pre-?auth|冻结|到期|expir|续费|" + REFUND_WORDS + "|" + HOLD_FATE_WORDS)
# How-to and troubleshooting questions: the FAQ's advice, not a sizing of a model nobody named.
HOWTO = lazy(r"怎么办|怎么估|怎么算|怎么设|怎么配|怎么调|怎么切|如何|咋办|报错|为啥|为何|怎么会|咋会|\bnan\b|爆显存了|oom了|要不要|需不需要|该不该|\bhow\s+(?:do|can|should)\s+(?:i|we)\b|\bhow\s+to\b"
                   r"|what\s+should\s+i|should\s+i\b|\bwhy\b|为什么")
# A question after a cause ("14b 开了 bf16 为啥还 oom", "why does 7b OOM in training when inference runs"):
# the FAQ's explanation, even where it names a size and a sizing word ("能跑" of the inference it compares)
WHY = lazy(r"为什么|为啥|为何|怎么会|咋会|\bwhy\b")
# Words that ask for a sizing outright (a how-to naming a size and none of these is the FAQ's)
SIZE_WORDS_STRICT = lazy(r"显存|memory|vram|够不够|够吗|fit|几张|几卡|多少卡|多少张|跑得动|能跑|能不能训|多少钱|多久|how\s+long|cost")
# whether a price is the provider's published one or only an estimate ("8卡 a100 80g 是官网价吗", "is that an
# official price?"): the FAQ's answer on which prices are published, not the price list again
OFFICIAL_ASK = lazy(r"官网(?:明示|挂出|公布|标)?的?(?:价|报价)|官方(?:的)?(?:价|报价)|明示|是估的|估的吗|估算的|预估的?(?:吗|还是)|推算的"
                    r"|\bofficial\b|\bpublished\b|\blisted\s+price|\ban?\s+estimate\b|\bestimated\b")
# how a discount works asked ("年付怎么打折 H100 和普通卡一样吗", "is the yearly discount the same for H100 as for other
# GPUs?"): the provider's discount rule for each kind of plan, never one card's priced year
DISCOUNT_RULE = lazy(r"(?:打折|折扣|几折|优惠|\bdiscount\w*)[^。？！.?!]{0,40}?(?:怎么|如何|咋|怎样|规则|一样|相同|不同|区别|\bhow\b|\bsame\b|\bdiffer\w*|\bwork\w*|\brules?\b)"
                     r"|(?:怎么|如何|咋|怎样|\bhow\b)[^。？！.?!]{0,20}?(?:打折|折扣|几折|优惠|\bdiscount\w*)")
# an amount of money asked of a job ("余额至少留多少", "is $5 enough for it?"), where "余额不够了" only states the event
BALANCE_AMOUNT = lazy(r"多少|how\s*much|够不够|够吗|够用吗|\benough\s*(?:\?|for\b|to\b)|\bis\b[^?]{0,30}\benough\b")
# what is left of a setup named alone once its card, count and provider are out ("一万网络的 …", "… at Yiwan")
# the words a setup named at a provider leaves besides its names; a bare count ("2 A800 80G at cloudgpu") is the setup's
BARE_FILLER = lazy(r"(?i)[的在上,，.。?？!！:：]|\b(?:at|on|from|in|of|the|an?|with)\b|\b\d{1,2}\s*[x×*]?(?=\s|$)")
# whether a stated setup will do, asked as a yes or no ("行吗", "可以吗", "ok?", "will it work", "does it fit")
SETUP_VERDICT = lazy(r"行吗|行不行|行不|可以吗|可不可以|够吗|够不够|放得下|装得下|跑得动|能跑吗|靠谱|现实吗|现不现实|可行|行得通|能成吗|\b(?:realistic|feasible|doable|viable|sane)\b|\bok\b\s*(?:[?？]|$)|\bfits?\b|\bwork\b\s*(?:[?？]|$)|\bwill\s+it\s+work\b|\benough\b")
CHEAPEST = lazy(r"最省|最便宜|最划算|怎么租|咋租|cheapest|cheaper|most\s+economical|best\s+(?:way|deal)")


@dataclass
class Classified:
    intent: str
    hits: list[Hit]
    confident: bool = False
    talk: str | None = None
    follow_up: bool = False
    answers: list[Hit] = field(default_factory=list)


CHECKPOINT = lazy(r"checkpoint|ckpt|检查点|存档|断点")
# "checkpoint 存哪", "where should I keep the checkpoints": the place asked (a reply that also sizes them leads with it)
WHERE_WORDS = r"存哪|存在哪|放哪|放在哪|写哪|写到哪|存到哪|放到哪|哪里存|存什么地方|\bwhere\b"
WHERE_ASK = lazy(WHERE_WORDS)
CHECKPOINT_ASK = lazy(r"多大|多少\s*g|占多少|多少空间|多少盘|多少磁盘|how\s+(?:big|large)|\bsize\b|disk|" + WHERE_WORDS)
# how big a saved file is ("adapter 大概多大", "adapter 有几个 G", "how big is the adapter"): the save's size, not memory
SAVED_SIZE = lazy(r"多大|大小|体积|几个?\s*g\b|多少\s*(?:g|mb|m)\b|占多少|多少空间|how\s+(?:big|large)|\bfile\s+size\b|\bsize\s+of\b")


def asks_price(text: str) -> bool:
    """Whether a question asks a price ("cloudgpu 上的卡多少钱一小时", "能按小时租卡吗", "想在按分钟计费的那家
    租卡") or a provider's list of cards ("cloudgpu 有哪些卡": its price list): a bare card sent after it
    asks that card's price; after any other question ("gpuli 哪些卡有 NVLink") the card changes that question."""
    norm = normalize(text).lower()
    listed = PROVIDER_LIST.search(norm)  # "cloudgpu 有哪些卡" asks its list; "哪些卡有 NVLink" asks a property
    return bool(PRICE_WORDS.search(norm) or RENT_A_CARD.search(norm) or (listed and LIST_ENDS.match(norm, listed.end())))


# how a rental is charged ("cloudgpu 的卡怎么计费", "how does gpuli bill"): a price asked, by its rule
BILLED = lazy(r"bill|charg|收费|计费|扣费|怎么算钱|怎么算")


def asks_billing(text: str) -> bool:
    """Whether a question asks a price or how renting is charged: "cloudgpu 的卡怎么计费" then "4090" asks
    that card's price there, as "cloudgpu 上的卡多少钱" then "4090" does."""
    return asks_price(text) or bool(BILLED.search(normalize(text).lower()))


LIST_ENDS = lazy(r"[\s?？。!！,，.]*(?:(?:呀|啊|呢|吗|么|可以租|能租|可租|does\s+\w+\s+(?:have|offer|rent|list)|(?:can|do)\s+(?:i|we)\s+rent)[\s?？。!！.]*)?$")


# the trained adapter, asked where it is kept ("训完 适配器放哪", "where do I save the lora adapter"): what a save holds
ADAPTER = lazy(r"适配器|\badapters?\b")
KEPT = lazy(r"存|放|保存|写|\b(?:save|keep|store|put)\b")


def asks_checkpoint(norm: str) -> bool:
    """"32B 全参的 checkpoint 一份多大", "how big is a checkpoint of 7B LoRA": the save, not the memory; "8b qlora
    训完 适配器放哪" asks the same place for the adapter a LoRA save holds."""
    return (bool(CHECKPOINT.search(norm)) and bool(CHECKPOINT_ASK.search(norm))) or \
        bool(ADAPTER.search(norm) and ((WHERE_ASK.search(norm) and KEPT.search(norm)) or SAVED_SIZE.search(norm)))


PRICE_WORDS = lazy(
    r"怎么卖|咋卖|卖多少|卖几|怎么个价|\basking\s+price\b|\bsell(?:s|ing)?\s+(?:it\s+|them\s+)?for\b|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\bsell\b[^?]{0,40}?\bfor\s*(?:[?？]|$)|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\b(?:go(?:es)?|charges?(?:\s+(?:you|us|me))?)\s+for\b|\bgoing\s+rate\b|多少钱|多少|价格|单价|售价|标价|定价|租价|价钱|什么价|啥价|够租|租多久|报价|租金|费用|收费|月租|周租|时租|(?<!实)时价|月费|周费|年费|月付|年付|周付|包月|按月|按周|按小时|每小时|每周|每月|贵不贵|便宜|how\s*much|price|pricing|cost|\brent|cheap|(?<!learning )(?<!dropout )(?<!success )(?<!error )(?<!sample )(?<!frame )(?<!refresh )(?<!bit )\brates?\b(?!\s*limit)|"
    r"per\s+(?:hour|week|month|year)|/\s*(?:h|hr|hour|月|周|小时)\b|hourly|weekly|monthly|annual(?:ly)?|yearly"
)
PRICE_ASK = lazy(r"怎么卖|咋卖|卖多少|卖几|怎么个价|\basking\s+price\b|\bsell(?:s|ing)?\s+(?:it\s+|them\s+)?for\b|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\bsell\b[^?]{0,40}?\bfor\s*(?:[?？]|$)|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\b(?:go(?:es)?|charges?(?:\s+(?:you|us|me))?)\s+for\b|\bgoing\s+rate\b|每小时|每周|每月|多少钱|价格|单价|价钱|什么价|啥价|报价|租金|月租|周租|时租|(?<!实)时价|月费|周费|年费|月付|年付|周付|多少|便宜|贵|划算|\bcheap\b|\bexpensive\b|\bpricey\b|how\s*much|price|pricing|cost|cheapest|per\s+(?:hour|week|month|year)|hourly|weekly|monthly|annual(?:ly)?|yearly|(?<!learning )(?<!dropout )(?<!success )(?<!error )(?<!sample )(?<!frame )(?<!refresh )(?<!bit )\brates?\b(?!\s*limit)")
SETUP_OK = lazy(r"行吗|行不行|行不|可以吗|可不可以|可行吗|能行吗|够吗|够不够|装得下吗|放得下吗|ok吗|\bok\s*\?|\bwork\b|\bfeasible\b|\bfit\b|\benough\b")
# the value a setting takes, asked ("设多少", "调成多少", "填几"): what to set it to, never a price
SETTING_AMOUNT = lazy(r"(?:设置?|设成|设为|调成|调到|调为|填|写)\s*(?:成|为|到)?\s*(?:多少|几)(?!\s*钱)")
AMOUNT_ONLY = lazy(r"多少(?!钱)|how\s*much")  # an amount, of money only when a money word says so
AMOUNT_ASK = lazy(r"多少|how\s*much|\bcost\w*|\b(?:the|a|total|final)\s+(?:charges?|bill)\b|\btotal\b|总价|合计|总共多少|一共多少钱|够|enough|\bcovers?\b")  # an amount, or whether one covers it
# a price itself asked for ("hourly price?", "价格表"), not a rental term named as the context ("买周租 剩下5天能干嘛")
PRICE_NOUN = lazy(r"怎么卖|咋卖|卖多少|卖几|怎么个价|\basking\s+price\b|\bsell(?:s|ing)?\s+(?:it\s+|them\s+)?for\b|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\bsell\b[^?]{0,40}?\bfor\s*(?:[?？]|$)|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\b(?:go(?:es)?|charges?(?:\s+(?:you|us|me))?)\s+for\b|\bgoing\s+rate\b|多少钱|价格|单价|价钱|什么价|啥价|报价|租金|how\s*much|\bprices?\b|pricing|\bcosts?\b|\brates?\b")
# "那张 4090", "这块 a100": a pointer at a card says which card, as its name does; never a count of cards for the FAQ
POINTED_CARD = lazy(r"(?:这|那|该)\s*(?:张|块|个|台|款)\s*(?=[A-Za-z0-9])")
PRICE_ONLY_WORDS = lazy(r"怎么卖|咋卖|卖多少|卖几|怎么个价|\basking\s+price\b|\bsell(?:s|ing)?\s+(?:it\s+|them\s+)?for\b|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\bsell\b[^?]{0,40}?\bfor\s*(?:[?？]|$)|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\b(?:go(?:es)?|charges?(?:\s+(?:you|us|me))?)\s+for\b|\bgoing\s+rate\b|每小时|每周|每月|多少钱|价格|单价|售价|标价|定价|租价|价钱|什么价|啥价|报价|租金|月租|周租|时租|(?<!实)时价|月费|周费|年费|月付|年付|周付|how\s*much|price|pricing|\brent|hourly|weekly|monthly")


def _yes_no(norm: str) -> bool:
    """Whether the message asks to be answered yes or no (bot.understand.cues.YES_NO; imported here, cues reads this module)."""
    from bot.understand.cues import YES_NO
    return bool(YES_NO.search(norm.strip()))


def classify(raw: str, norm: str, req: TrainingRequest, rental: Rental, action: WalletAction | None,
             card: UnknownCard | None, add_ons: bool = False, topic: str = "", priced_extras: bool = False) -> Classified:
    """The intent, decided on all the message's signals at once.

    - A named model or size makes a sizing (or, with a dataset or a duration, a cost) question,
      unless the message is about serving the model (an inference question).
    - A wallet action needs its verb and object (see wallet_intent); a question about money rules
      is never one: when the FAQ answers it with confidence, the FAQ wins.
    - Cards with price words and no model are a price question, unless the rest of the message asks
      what the FAQ answers about the service (where, latency, payment, boot, SLA, CPU and RAM); with
      no model, a confident FAQ answer beats asking "which model?".
    - A follow-up ("那换成qlora呢") changes one thing of the previous question.
    """
    sized = bool(req.model or req.params_b)
    answers, hits = faq_answers(POINTED_CARD.sub(" ", raw), rental.provider)
    if HELP.search(norm) and not sized and not answers:
        # "怎么用" asks how to use the bot, unless the FAQ answers the message with confidence: "剩下的天数怎么用"
        # asks what the rest of a weekly rental is for
        return Classified("help", [])
    talk = small_talk(norm)
    if talk is not None and not sized and not rental.gpu:
        return Classified("smalltalk", [], talk=talk)
    if defines(answers):  # "what does 全参 mean vs lora for a 7b": what the terms mean, whatever job is named
        return Classified("faq", hits, True, answers=answers[:1])
    if (weighed := offload_choice(norm)) is not None:  # "zero-3 和 offload 哪个先试 32b full 8 卡": the choice, for that job
        return Classified("faq", [weighed, *hits], True, answers=[weighed])
    if add_ons and not rental.gpu and extras.dataset_storage(norm):
        return Classified("price", hits)  # "200GB dataset for 32B full ft, what storage and how much": the volume's bill
    if rental.provider:
        hits = _about_provider(hits, rental.provider)
        # an answer about another provider stays when the message names that one too ("gpuli …？cloudgpu …？")
        kept = [a for a in answers if not about_other(a, rental.provider) or (len(answers) > 1 and named_too(a, norm))]
        if answers and not kept:
            # "gpuli 的库存在哪看": the confident entry was another provider's; this provider's entry
            # whose own term the message names ("库存") answers, from a lower confidence
            named = [h for h in faq_index().keyworded(raw, PROVIDER_TERM_FLOOR, hits, rental.provider) if not about_other(h, rental.provider)]
            kept = named[:1]
        answers = kept
    confident = bool(answers)
    strong = confident and answers[0].score >= STRONG_FAQ
    if action is not None and not sized:
        reading = action.kind in ("balance", "history", "rentals", "budget_show")
        if not (reading and is_rule_question(norm) and strong) or action.own_now:
            return Classified("wallet", hits)
    if not sized and rental.gpu and (rental.duration_days or rental.duration_hours) and MONEY_RULE.search(norm) \
            and is_rule_question(norm) and AMOUNT_ASK.search(norm) and not REFUND.search(norm):
        # "cloudgpu 跑 8 小时 A100，余额至少留多少": the rule applied to that rental is its price (with
        # the hold the provider takes while it runs), not the rule's general wording; asked no amount
        # ("月租 8 卡 h100 到期前会提醒吗 提前几天") the rental is only the rule's context: the FAQ answers
        return Classified("price", hits)
    if not sized and MONEY_RULE.search(norm) and (is_rule_question(norm) or (REFUND.search(norm) and (
            WHETHER.search(norm) or AMOUNT_ASK.search(norm) or REFUND_LAST.search(norm)))):
        # "what happens when my balance hits zero": a question about the rules of money is the FAQ's,
        # answered from a clear leader even below the usual confidence (the topic is already known)
        lead = answers or ([hits[0]] if _clear_leader(hits) else [])
        if not lead and REFUND.search(norm):  # money back asked in so many words ("刚开十分钟 能退吗"): the refund entry, if near the top
            lead = [h for h in hits[:2] if h.entry.id == REFUND_ENTRY][:1]
            lead = lead or ([h for h in hits[:3] if h.entry.holds_hour][:1] if HOLD_FATE.search(norm) else [])  # the hold's entry
        if lead:
            return Classified("faq", hits, True, answers=lead)
    if not sized and not rental.gpu and len(answers) < 2 and asks_how_to_pay(norm) and (  # two questions: each answered below
            answers or _clear_leader(hits) or any(h.entry.id == PAYMENT_ENTRY for h in hits[:1])):  # "how do I put money in"
        return Classified("faq", hits, True, answers=answers[:1] or hits[:1])  # "想充 200u 怎么操作": the payment steps
    if sized and confident and MONEY_RULE.search(norm) and is_rule_question(norm) and not BALANCE_AMOUNT.search(norm) \
            and not SIZE_WORDS_STRICT.search(norm) and not _wants_cost(req, rental, norm):
        # "8b qlora 跑一半余额用完了会怎样": the job is only where the rule bites; what happens is the FAQ's answer,
        # never that job's sizing (an amount asked, "余额留多少", stays the job's price)
        return Classified("faq", hits, True, answers=answers[:1])
    if sized and confident and not req.method and not (req.gpu or req.num_gpus) and obj.compares_inference(norm):
        return Classified("faq", hits, True, answers=answers[:1])  # "qwen 7b 推理和训练显存差多少": the comparison, not a sizing
    if obj.is_inference(norm) and (sized or not confident):
        return Classified("inference", hits)
    why = confident and bool(WHY.search(norm))
    if sized and not (req.gpu or req.num_gpus or req.seq_len) and (why or not req.method) and HOWTO.search(norm) \
            and not MEMORY_ASK.search(norm) and (why or not SIZE_WORDS_STRICT.search(norm)) and (confident or _clear_leader(hits)):
        # "70B 张量并行怎么设", "7B fp16 出现 NaN 怎么办": a how-to that names a size, not a sizing; "7b 推理
        # 能跑，为啥一训练就 oom" asks why, and an entry that answers it outright wins over its sizing words
        return Classified("faq", hits, True, answers=topic_or(topic, ask_words.methods_named(norm), answers or hits[:1]))
    # "32b 全参，八张 A100，想用 zero2 省点通信，行吗": a whole setup (cards, count, stage) and whether it works is that
    # setup's fit, whatever reason the message gives for the stage
    setup_asked = bool(req.method and req.gpu and req.num_gpus and req.zero is not None and SETUP_OK.search(norm))
    if sized and (not MEMORY_ASK.search(norm) or asks_what_a_switch_saves(topic)) and not _wants_cost(req, rental, norm) and not setup_asked:
        about = _not_only_cheapest(topic, topic_or(topic, ask_words.methods_named(norm), []))
        # a whole setup put to a yes or no ("32b 全参 8卡h100 用zero2省点通信 行吗"): its fit is asked, the reason beside it no question
        # "72b lora 单卡有没有装得下的 不想搞多卡通信": whether one card holds the job is its sizing, the reason no question
        if about and not (req.method and req.gpu and req.num_gpus and SETUP_VERDICT.search(norm)) and not one_card_fit(norm) \
                and not why_oom_of_job(norm, req):  # "开了 bf16 为啥 7b 全参单卡 80g 还是 OOM": that job's breakdown
            # "72B 一训就 NaN", "32b 要不要开张量并行 8卡 h100", "7b ZeRO-2 还是 DDP": the words left once the job
            # is taken out ask the FAQ about precision, parallelism or the data pipeline, not for a sizing
            return Classified("faq", hits, True, answers=about)
    if not (sized or req.gpu or req.num_gpus) and (switch := switch_needed(norm)) is not None and not _wants_cost(req, rental, norm):
        return Classified("faq", hits, True, answers=[switch])  # "32k 的 lora 要开梯度检查点吗": that switch's entry
    if sized and confident and asked_after_background(raw) is not None:
        # "我们 7B 全参开了 bf16 还是 OOM……请问 bf16 混合精度到底省的是哪部分？": the job is the background, the last
        # sentence asks the FAQ how or what, naming no job and asking no sizing of it
        return Classified("faq", hits, True, answers=answers[:1])
    if sized and asks_checkpoint(norm) and not _wants_cost(req, rental, norm):
        return Classified("checkpoint", hits)
    if sized and add_ons and not (rental.gpu or card is not None or req.num_gpus) and stores_output(norm):
        return Classified("price", hits)  # "32b 全参的 checkpoint 512G 放对象存储一个月多少": the storage's price; the job frames it
    if sized:
        if _wants_cost(req, rental, norm):
            return Classified("cost", hits)
        return Classified("size", hits)
    linked = _scheme_on_unlinked_cards(raw, norm, req, rental) if len(answers) < 2 else None  # two questions: each its own
    if linked is not None:
        return Classified("faq", hits, True, answers=[linked])
    if not sized and req.hours and req.samples and (bool(rental.gpu) or card is not None or req.step_seconds is None):
        # a measured run with no model: its hours priced on the card, or (no card) the time alone
        return Classified("price", hits)
    if not (sized or rental.gpu or card is not None or METHOD_SET.search(norm)) and (switched := switch_cost(topic)) is not None:
        return Classified("faq", hits, True, answers=[switched])  # "does 8-bit adam hurt long continued-pretraining runs": the switch's cost
    # a card with a price word, or a length and an amount asked ("一万网络 3090 一个月多少 换成美元呢"): a price question
    card_priced = bool(rental.gpu) and not TRAIN_WORDS.search(norm) and bool(PRICE_ONLY_WORDS.search(norm) or (
        (rental.duration_days or rental.duration_hours) and (AMOUNT_ASK.search(norm) or "租" in norm) and not MEMORY_ASK.search(norm)))
    follow_up = follow_up_said(norm) and bool(
        req.method or req.num_gpus or req.gpu or req.seq_len or req.objective or req.zero is not None) and not card_priced
    if confident and (lead := answers[:1] or hits[:1]) and "discounts" in lead[0].entry.topics and DISCOUNT_RULE.search(norm) \
            and not AMOUNT_ASK.search(norm):
        return Classified("faq", hits, True, answers=lead)  # the discount's rule, each kind of plan named
    if follow_up and confident and not (req.gpu or req.num_gpus or req.method) and ENABLE_ASK.search(norm):
        return Classified("faq", hits, True, answers=answers[:1])  # "上 32k 长上下文 要开啥": what to turn on, no job change
    if follow_up and confident and (asks_unsized(topic) or any((rental.gpu or req.gpu) in part.cards for a in answers for part in a.entry.by_card)
                                    or (not (req.method or req.num_gpus) and entry_names_card(answers[0], rental.gpu or req.gpu, norm))):
        # "at gpuli, which of A6000 / A40 can be NVLink-bridged?": a question the FAQ answers about the very
        # card named, asked whole, not a change to the job before
        return Classified("faq", hits, True, answers=answers)
    if follow_up:
        return Classified("size", hits, follow_up=True)
    carded = bool(rental.gpu) or card is not None
    if carded and req.hours and req.samples:
        return Classified("price", hits)  # a measured run with no model: its hours priced on the card
    # a card rented with a sized add-on ("gpuli 4090 month plus 500 GB volume, total?") is that rental's bill
    billed_add_on = add_ons and carded
    looked = carded and not req.method and looks_first(norm)  # "先看下 l40s": the card's prices, looked at first
    # "num_workers 设多少合适": an amount asked of a setting is the value to set, no money asked
    priced = bool(PRICE_WORDS.search(SETTING_AMOUNT.sub(" ", norm))) or bool(rental.duration_days or rental.duration_hours) or billed_add_on or looked
    training = bool(TRAIN_WORDS.search(norm))
    sizing_words = bool(SIZE_WORDS.search(norm))
    asks_price = bool(PRICE_ASK.search(norm)) or bool(rental.duration_days or rental.duration_hours) or billed_add_on or looked
    if (carded or (rental.provider and req.num_gpus)) and not priced_extras and not training:
        # "一万网络 H100 机房在哪 延迟多少", "gpuli 8 卡机器出口带宽多少": a card (or a provider's machine by its count) named,
        # and the rest asks what the FAQ answers about the service, not the price nor whichever entry quotes that card
        # most (a rental with add-ons, nodes, InfiniBand, a prepaid year or a run's size is priced: the rental's words)
        # a bare amount word asks the amount of the thing it stands by ("a100 40g 带宽多少": the bandwidth), not money
        asks_money = money_asked(norm) or bool(PRICE_ASK.search(AMOUNT_ONLY.sub(" ", norm)) or rental.duration_days or rental.duration_hours)
        service = service_topics(topic, rental.provider, asks_money if carded else money_asked(norm))
        if service:
            # the message's own answers (one per question asked) stay when the rest names the term of one of
            # them too, or one is about the very card named ("4090 多卡有没有 NVLink": the multi-4090 entry's)
            terms = {h.entry.id for h in service}
            stays = any(a.entry.id in terms or on_card(a, rental.gpu) for a in answers)
            return Classified("faq", hits, True, answers=answers if stays else service[:1])
    # training words make a price question only with an amount asked: a price word, or with a length
    # stated any amount word ("36h 的 qlora 任务，3090 多少", "pretraining … for a month — total?")
    amount_asked = bool(PRICE_ONLY_WORDS.search(norm)) or bool(
        (rental.duration_days or rental.duration_hours) and AMOUNT_ASK.search(norm) and not MEMORY_ASK.search(norm))
    if confident and priced and OFFICIAL_ASK.search(norm):
        return Classified("faq", hits, True, answers=answers[:1])  # whether that price is published, not the price
    if carded and strong and (rental.duration_days or rental.duration_hours) and not (PRICE_NOUN.search(norm) or AMOUNT_ASK.search(norm)) \
            and _yes_no(raw.lower()) and verdict_for(answers[0].entry, raw, rental.provider):
        # "gpuli weekly 4090, is it paid upfront?": a yes or no the FAQ gives about the rental named, not its price
        # again (the answer says that plan's price beside the rule: bot.core.faq.plan_line)
        return Classified("faq", hits, True, answers=answers[:1])
    if carded and priced and not (training and not amount_asked) and not (strong and not asks_price):
        return Classified("price", hits)
    if not carded and not training and priced and (add_ons or (rental.provider and not (strong and not (AMOUNT_ASK.search(norm) or PRICE_NOUN.search(norm))) and (
            (PROVIDER_LIST.search(norm) and not SAME_CARD.search(norm)) or (req.num_gpus and extras.rents_count(rental.provider, req.num_gpus))))):
        # "2000G 存储卷一个月多少", "cloudgpu 有哪些卡、多少钱", "cheapest 8-card option at 一万网络, monthly?" (a
        # count the provider rents no setup of, "Can I rent an 8-GPU box on CloudGPU?", is the FAQ's; so is a
        # message asking no amount that the FAQ answers outright: "gpuli 的卡 买周租 剩下5天能干嘛")
        return Classified("price", hits)
    if not carded and not training and rental.provider and RENT_A_CARD.search(norm) and not WHETHER.search(norm):
        return Classified("price", hits)  # "想在按分钟计费的那家租卡": what it rents, priced (no question about it)
    howto = bool(HOWTO.search(norm))
    if req.objective and not strong:
        return Classified("size", hits)  # "DPO 的参考模型要不要算": what is counted, and which model?
    asks_memory = bool(MEMORY_ASK.search(norm))
    if training and howto and not asks_memory and not confident and _clear_leader(hits):
        return Classified("faq", hits, True, answers=hits[:1])  # "爆显存了怎么办": the FAQ's advice, no model needed
    if training and not strong and (PICK_A_CARD.search(norm)
                                    or (sizing_words and not (howto and confident) and (asks_memory or not confident))):
        return Classified("size", hits)  # "微调要多少显存": which model? (with buttons), not a FAQ essay
    # "3090够吗": for which model? Not of two questions each answered, one outright ("4 张 4090 多卡训练可行吗？
    # 这种卡之间有 NVLink 吗？"): whether several of that card train together is the FAQ's, the link too
    if req.gpu and not (confident and howto) and not strong and sizing_words and re.search(r"够|fit|enough|行不|行吗", norm) \
            and not (len(answers) > 1 and max(a.score for a in answers) >= STRONG_FAQ):
        return Classified("size", hits)
    if confident and carded and rental.provider and not training and not WHETHER.search(norm) \
            and not BARE_FILLER.sub(" ", topic).strip():
        # "一万网络 8卡 a100 80g", "8x A100 80G at Yiwan": a setup named at a provider and nothing asked of it is
        # its price there, not whichever entry quotes that card (a card alone stays a change to the question before)
        return Classified("price", hits)
    if confident:
        return Classified("faq", hits, True, answers=answers if carded else named_service(answers, topic, rental.provider))
    if req.gpu and sizing_words and re.search(r"够|fit|enough|能跑|跑得动|行不|行吗", norm):
        return Classified("size", hits)
    if training and (PICK_A_CARD.search(norm) or sizing_words):
        return Classified("size", hits)
    if (req.tokens or req.samples) and training:
        return Classified("size", hits)
    return Classified("unknown", hits)


# several cards of one kind ("多卡", "4 张", "several"), beside the count read as a field
SEVERAL = lazy(r"多卡|多张|几张|一起训|\bseveral\b|\bmultiple\b|multi[\s-]?gpu")


def _scheme_on_unlinked_cards(raw: str, norm: str, req: TrainingRequest, rental: Rental) -> Hit | None:
    """"5090 多卡跑 zero3 行不行", "we want four 4090s for zero-3, good idea?": a way of splitting the work (a
    ZeRO stage, DDP) named for several cards with no NVLink (catalogs/gpus.yaml) and no model is asked of those
    cards' link, which decides it (ZeRO-3 gathers the parameters over PCIe every layer): the interconnect entry
    that answers for that very card, not "which model?" (with a model, the sizing answers, and warns of it)."""
    gpu = req.gpu or rental.gpu
    if req.model or req.params_b or gpu is None or req.zero is None:
        return None
    spec = gpus().get(gpu)
    if spec is None or spec.interconnect != "pcie":
        return None
    if max(req.num_gpus or 0, rental.num_gpus or 0) < 2 and not SEVERAL.search(norm):
        return None
    index = faq_index()
    ranked = index.search(raw, limit=len(index.entries), provider=rental.provider)
    return next((h for h in ranked if "interconnect" in h.entry.topics  # a part at another provider answers not here
                 and any(gpu in part.cards and rental.provider in (None, part.provider) for part in h.entry.by_card)), None)


def _not_only_cheapest(topic: str, about: list[Hit]) -> list[Hit]:
    """A job's cheapest way asked ("cheapest way to full ft 72b on gpuli and whats the catch") is that job's
    smallest setup, priced, with its costs (offload's slowdown): no entry met on the cheapest words alone
    (the beginners' first rental) answers it."""
    if not about or not CHEAPEST.search(topic):
        return about
    return [h for h in about if faq_index().keyworded(CHEAPEST.sub(" ", topic), 0.0, [h], None, concepts=True)]


def _about_provider(hits: list[Hit], provider: str) -> list[Hit]:
    """A question naming one provider is not answered by an entry about another: those go last,
    and never count as a confident answer ("gpuli 的库存在哪看" is not cloudgpu's price list)."""
    return sorted(hits, key=lambda h: about_other(h, provider))


PROVIDER_TERM_FLOOR = 0.25  # the named provider's entry, by a term of its own, after another's was set aside
RULE_LEAD_SCORE = 0.25  # a money-rule question takes the FAQ's top answer from this score ...
RULE_LEAD_MARGIN = 0.1  # ... when it leads the next one by this much


def _clear_leader(hits: list[Hit]) -> bool:
    if not hits or hits[0].score < RULE_LEAD_SCORE:
        return False
    return len(hits) < 2 or hits[0].score - hits[1].score >= RULE_LEAD_MARGIN


def _wants_cost(req: TrainingRequest, rental: Rental, norm: str) -> bool:
    """A dataset size, a step time or a rental length makes a sizing question a time-and-cost one."""
    return bool(req.tokens or req.samples or req.hours or req.days or req.step_seconds
                or rental.duration_days or rental.duration_hours)
