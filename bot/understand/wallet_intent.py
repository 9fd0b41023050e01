"""Which wallet action a free-text message asks for, if any.

A message changes the ledger only when it has an action verb *with its object*: a top-up needs an
amount, a rental a card, a stop or renewal a rental number, a budget an amount. A question about
the rules of money ("余额不足会被停机吗", "can I rent by the hour?") is not an action; the router
sends it to the FAQ when the FAQ knows the answer. Reading one's own book (balance, history,
rentals, budget) needs no object but is phrased as about *my* money, never as a general rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from bot.understand import spend_asked
from bot.understand.lazy import lazy
from bot.understand.look_first import looks_first
from bot.understand.planning import wants_largest_model

TOPUP = lazy(r"充值|(?<![补扩])充(?!电|分|足)|冲(?:了|过|好)?(?=\s*\d)|转(?:了|账)?\s*\d|top(?:ped)?\s*-?up|topup|\badd(?:ed)?\b|存入|deposit|入账|到账"
             r"|\b(?:put|get)\s+(?:some\s+)?(?:money|funds?|credits?|cash)\s+(?:in|into|onto|on)\b|\bload\s+(?:some\s+|up\s+)?(?:money|funds?|credits?|cash)\b|\bfund\s+(?:the|my|our)\s+(?:account|wallet)", re.I)
# "租" as a verb: not the noun in 周租/月租/租金, not "能租吗", not "各租两周" (several people each: a count, no order); "开" only when a count or card follows
# ("开一张", "开个 a6000"), never 开启/开发/开梯度检查点, nor a setting switched on ("开8bit", "开 4 位").
RENT = lazy(
    r"(?<![周月时日年出包按可能会各])租(?!金|期|用价|赁价|什么|啥|哪|多少|吗|不|的)"
    r"|开\s*(?:一|个|张|台|两|\d(?!\s*-?\s*(?:bit|位|比特)))"
    r"|下单|(?:帮我|给我|我要|我想)\s*(?:订|rent|book)"
    r"|^(?:please\s+)?(?:rent|book|order|reserve|get\s+me)\b|\bi\s*(?:want|need|would\s+like|'d\s+like)\s+to\s+(?:rent|book)\b"
    r"|^/rent\b",
    re.I,
)
# A rental is ordered of us when its verb opens the message (after a greeting, a "please", a "then", a day or a wish:
# "那今天开 8卡h100", "想租一万网络 8卡 a100 80g"), follows a request ("帮我在 gpuli 租", "给我开一台", "我要租"), or takes its count at once ("gpuli 租一张 4090").
# A rental laid out as a step of a plan ("先租 4090 跑三天", "然后再租 h100 一个月") or said after the card and where
# ("一万网络 3090 租半年", "gpuli 的 a100 租两周") asks what that rental costs: a price, no order (English orders open
# with their verb already: RENT).
_LEAD_IN = lazy(r"^(?:\s|请|麻烦|劳驾|那|那么|好|好的|行|嗯|ok|okay|就|那就|直接|今天|明天|后天|现在|马上|立刻|立即|赶紧|这周|下周[一二三四五六日天]?|起|开始|我|我们|想要|想|要)*$", re.I)
_REQUEST = lazy(r"帮(?:我|我们|忙)|给(?:我|我们)|替(?:我|我们)|请|麻烦|劳驾|(?:我|我们)(?:要|需要)|下单", re.I)
_PLAN_STEP = lazy(r"(?:先|再|然后|之后|接着|后面|以后|回头)\s*$")
_COUNT_NEXT = lazy(r"\s*(?:\d+|几)?\s*(?:张|台|块|片|个(?!\s*(?:月|小时|钟|星期|礼拜|周|半|季)))")


def ordered(text: str) -> bool:
    """Whether the rental verb in `text` is ordered of us (see _LEAD_IN), not a step of a plan or a rental described."""
    m = RENT.search(text)
    if m is None:
        return False
    before = text[:m.start()]
    if not re.match(r"[\u4e00-\u9fff]", m.group(0)) or _REQUEST.search(before):
        return True  # "rent one h100", "/rent": English orders open with the verb; "帮我先租一张"
    if _PLAN_STEP.search(before):
        return False
    return bool(_LEAD_IN.match(before) or _COUNT_NEXT.match(text, m.end()))


# A rental only described, with nothing asked of it ("想租一万网络 a100 40g", "打算在 gpuli 租 4090", "thinking of renting
# an a6000 on cloudgpu", "gpuli 4090 租"): once the names are out, a wish or plan and the verb of renting are all that is
# left (with the count of cards). Not ordered of us (ordered above), it asks what that card costs there, as the names
# alone would.
_DESCRIBED_WORD = lazy(r"我们|我|咱们|咱|想要|想|打算|计划|准备|考虑|先|去|在|到|从|的|上|那边|这边|家|租用|租个|租一下|租"
                       r"|\b(?:we|i|i'?m|we'?re|want|wanna|would|'?d|like|plan|planning|thinking|considering|looking|hoping"
                       r"|of|about|to|rent|renting|a|an|the|one|at|on|from|with|over|there|s)\b"
                       r"|\d+\s*(?:张|台|块|片|卡|x|×)*|[\s\W_]", re.I)  # "8卡", "2 张", "2 a6000s": the cards' count
_RENT_VERB = lazy(r"租|\brent(?:ing)?\b", re.I)


def rent_only(rest: str) -> bool:
    """Whether `rest` (a message with the names it holds blanked) is a rental described and nothing else: a verb
    of renting, with at most who, a wish or plan, and where around it."""
    return _RENT_VERB.search(rest) is not None and not _DESCRIBED_WORD.sub("", rest)


# a verb after 不/别/没/无 is its negation ("挂一个月不关机": keep it running), never the action
# "non stop", "don't stop", "without stopping" say a run goes on without a break: a length, never an order to stop
STOP = lazy(r"(?<![不别没无])(?:退租|停掉|停止|关掉|关机|销毁|释放)"
            r"|(?<!\bnon )(?<!\bnon-)(?<!\bno )(?<!\bnever )(?<!n't )(?<!\bnot )(?<!\bwithout )\bstop\b|destroy|terminate|release", re.I)
RENEW = lazy(r"续费|续租|续一|renew|extend", re.I)
# 流水 is the book's entries, but 流水并行 / 流水线 is pipeline parallelism, a way to split a model across cards
HISTORY = lazy(r"账单|记录|流水(?!\s*(?:线|并行|式|化|作业))|明细|history|ledger|statement|transactions", re.I)
# one's own machines running now ("我账户现在有几台机器在跑", "名下有没有在跑的实例", "how many machines do I have running",
# "any instances running on my account"): a read of the rentals, never how many cards a job needs
_OWN = r"(?:我|我们|咱们?|账户|账号|名下)"
_MACHINES = r"(?:机器|实例|卡|服务器|gpu|显卡|台)"
RENTALS = lazy(r"在租|租了什么|租了哪些|租着|我的租|我的实例|rentals|what.*renting|my\s+instances"
               rf"|{_OWN}[^，。,.?？!！]{{0,8}}(?:几|多少|哪些|什么|有没有|有无)\s*(?:台|张|个|块)?\s*{_MACHINES}?\s*(?:在|正在)\s*(?:跑|运行|租|用|开着)"
               # "我的机器还在跑吗" asks after them; "我们卡正在跑 32b 全参 显存不够" tells of a job
               rf"|{_OWN}[^，。,.?？!！]{{0,8}}{_MACHINES}\s*(?:还)?\s*(?:在|正在)\s*(?:跑|运行|开着)\s*(?:吗|嘛|么|没|没有)?\s*[?？]?\s*$"
               # owned, not merely mentioned: "am i billed while the instance is up?" and "how many gpus do we need running" are not
               r"|\b(?:do|have)\s+(?:i|we)\s+(?:have\s+|got\s+)?(?:any|\d+)?\s*(?:machines?|instances?|gpus?|boxes|servers?|rentals?)\b.{0,20}\b(?:running|active|live|up)\b"
               r"|\b(?:machines?|instances?|gpus?|boxes|servers?|rentals?)\b.{0,20}\b(?:running|active|live)\b.{0,10}\b(?:on|under|in)\s+(?:my|our)\s+(?:account|name)\b"
               r"|\b(?:my|our)\s+(?:\w+\s+){0,2}(?:machines?|instances?|gpus?|boxes|servers?)\b.{0,15}\b(?:running|active|up\s+right\s+now|live)\b"
               r"|\bhow\s+many\s+(?:machines?|instances?|gpus?|boxes|servers?|rentals?)\s+(?:do|have)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:running|active|rented|renting|live|on)\b"
               r"|\bhow\s+many\s+(?:machines?|instances?|gpus?|boxes|servers?)\s+(?:am\s+i|are\s+we)\s+(?:running|renting)\b"
               r"|\b(?:my|our|any)\s+(?:running|active)\s+(?:machines?|instances?|rentals?|servers?)\b", re.I)
# one's own machines or money as they stand now, asked yes or no ("我们现在有在租的机器吗", "我的机器还在跑吗",
# "do we have anything running?", "are any of our machines still on?", "我们账户里还有钱吗", "do we have any money
# left?"): a read of the book, though a 吗 or a leading "are" reads like a rule's question. A rule stays a rule: what
# happens if, when, while or after, or what it will do ("我们的卡忘了关 会一直扣钱吗": OWN_RULE), and money said ("钱包还有 800") is a fact, never a read.
_RUNNING = r"(?:在租|在跑|正在跑|在运行|正在运行|开着|在计费|正在计费|在用|没关|忘关)"
OWN_RENTALS_ASKED = lazy(
    rf"{_OWN}[^,.?!]{{0,8}}(?:还)?有(?:没有)?\s*(?:正在|还在)?\s*{_RUNNING}的?\s*{_MACHINES}"
    rf"|(?:有没有|还有没有|有无|还有)\s*(?:正在|还在)?\s*{_RUNNING}\s*的\s*{_MACHINES}"
    # "我现在有租什么卡吗", "我们有没有租机器": whether anything is rented now
    rf"|{_OWN}[^,.?!]{{0,6}}有(?:没有)?\s*租(?:了|着)?\s*(?:什么|啥|哪些|几)?\s*(?:台|张|个|块)?\s*{_MACHINES}\s*(?:吗|嘛|么|没|没有)?\s*[?？]?\s*$"
    rf"|{_OWN}[^,.?!]{{0,8}}{_MACHINES}\s*(?:还|都)?\s*(?:在|正在)\s*(?:跑|运行|计费|开着)\s*(?:吗|嘛|么|没|没有)"
    rf"|(?:现在|目前|当前|还)\s*{_RUNNING}\s*(?:几|多少)\s*(?:台|张|个|块)|(?:忘(?:了)?关|没关)的?\s*{_MACHINES}|{_MACHINES}\s*(?:忘(?:了)?关|没关)"
    r"|\b(?:do|have|did)\s+(?:i|we)\s+(?:still\s+)?(?:have|got|leave|left)\s+(?:anything|something|any\s+(?:\w+\s+)?(?:machines?|instances?|gpus?|boxes|servers?|rentals?|cards?))"
    r"\s+(?:still\s+)?(?:running|rented|on|active|billing|up|live)\b"
    r"|\b(?:is|are)\s+(?:there\s+)?(?:anything|any\s+(?:of\s+)?(?:my|our)?\s*(?:machines?|instances?|gpus?|boxes|servers?|rentals?|cards?))\s+(?:still\s+)?"
    r"(?:running|on|active|billing|up|live|rented)\b|^\s*(?:anything|something)\s+(?:still\s+)?(?:running|billing|on)\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:still\s+)?running\b|\bwhat\s+(?:are|am)\s+(?:we|i)\s+(?:still\s+)?(?:running|renting)\b", re.I)
OWN_MONEY_ASKED = lazy(
    r"(?:我|我们|咱们?|账户|账号|账上|钱包|名下)[^,.?!]{0,6}(?:还)?(?:有|剩)(?:没有|没)?\s*(?:多少)?\s*(?:钱|余额|额度|credit)(?!\s*(?:的话|就|能|可以|够))"
    r"|(?:账上|账户里?|钱包里?)\s*(?:还)?(?:有|剩)\s*多少|还有余额(?:吗|么|没)|余额还有(?:吗|么|没)"
    r"|\b(?:do|have)\s+(?:i|we)\s+(?:still\s+)?(?:have|got)\s+(?:any\s+)?(?:money|credit|funds|balance)\b(?!\s+(?:for|to)\b)(?!.*\benough\b)"
    r"|\bhow\s+much\s+(?:money|credit|funds?)\s+(?:do\s+(?:i|we)\s+(?:still\s+)?have|have\s+(?:i|we)\s+got)\b|\b(?:any|some)\s+(?:money|credit|funds)\s+left\b"
    r"|\bwhat(?:'s|\s+is)\s+left\s+(?:in|on)\s+(?:my|our|the)\s+(?:wallet|account)\b|\b(?:money|credit|funds)\s+(?:in|on)\s+(?:my|our|the)\s+(?:wallet|account)\b", re.I)
OWN_RULE = lazy(r"如果|要是|的话|会(?!员|议|话)|扣钱|多扣|怎么办|用完|耗尽|以后|之后|停机|关机后|销毁|释放后|\bif\b|\bwhen\b|\bwhile\b|\bafter\b|\bwhat\s+happens\b"
                r"|\bwill\b|\bshould\b|\bcan\b|\benough\b|够", re.I)
# the money one holds, asked of the account ("我们账户里有钱吗", "账上还有多少钱", "do we have any money in the account?",
# "how much money is left in our account"): a read of one's own book, however it is asked
MONEY_HELD = (r"(?:账户|帐户|账号|账上|帐上|户头)\s*(?:里|上|中)?\s*(?:现在|目前|还)?\s*(?:有|剩|剩下)\s*(?:多少|几个)?\s*钱(?=\s*(?:了|呢)?\s*(?:吗|么|嘛|没有?|不|[?？.。]|$))"
              r"|\b(?:do|have)\s+(?:we|i)\s+(?:still\s+)?(?:have|got)\s+(?:any\s+)?(?:money|credit|funds)\b(?!\s+(?:for|to)\b)"
              r"|\b(?:any|how\s+much)\s+(?:money|credit)\s+(?:is\s+)?(?:left\s+)?(?:in|on)\s+(?:my|our|the)\s+(?:account|wallet)\b")
BALANCE = lazy(r"余额|balance|还剩多少钱|剩多少钱|还有多少钱|钱包|wallet|\bfunds\b|" + MONEY_HELD, re.I)
BUDGET = lazy(r"预算|budget|最多花|(?:花费|支出|开支|花销|消费|费用|开销)\s*上限|spend(?:ing)?\s+(?:limit|cap)|\b(?:cost|spend)\s+(?:ceiling|cap)\b", re.I)  # a cap on spending is one
CLEAR_BUDGET = lazy(r"取消预算|删除预算|不要预算|clear\s+(?:the\s+|my\s+|our\s+)?budget|remove\s+(?:the\s+|my\s+|our\s+)?budget|budget\s+off", re.I)
# a bare number is a rental's only when no length's unit follows it ("renew 3 for a week" names #3; "3 days" is a length)
RENTAL_ID = lazy(r"(?:#|第|编号|no\.?\s*|id\s*|rental\s*|实例\s*)(\d{1,12})"
                 r"|\b(\d{1,12})\b(?!\s*-?\s*(?:days?|hours?|hrs?|h\b|weeks?|wks?|months?|mos?\b|minutes?|mins?|天|日|小时|钟头|个?(?:星期|礼拜|月)|周))", re.I)
# (how a payment is done, "钱包怎么充值", "如何付款", is the procedure's question too, not a read of one's book)
# how a payment or top-up is done ("I want to top up 200 USDT, how?", "how can I add 50 usdt", "想充 200u 怎么操作",
# "充值流程是啥"): the steps are asked, nothing is recorded
HOW_TO_PAY = (r"\bhow\s*$|\bhow\s*[?？]|\bhow\s+(?:can|should|would|could)\s+(?:i|we)\b|\bhow\s+to\b|\bwhat'?s\s+the\s+(?:process|way|procedure|steps?)\b|\bwhere\s+do\s+(?:i|we)\b"
              r"|\bsteps?\b|\bwalk\s+me\s+through\b|\bprocess\b|\bhow\s+do\s+(?:i|we)\b|怎么(?:操作|弄|搞|办理|做|整|付|支付|转|充|冲)|如何|怎样|咋(?:弄|搞|操作|充|冲|付)|流程|步骤|在哪(?:里|儿)?(?:充|冲|付)|哪里(?:充|冲|付)|教(?:我|一下)")
RULE_QUESTION = lazy(HOW_TO_PAY + r"|会不会|会被|会不|会怎样|会怎么样|怎么办|怎么算|怎么扣|怎么计|(?:怎么|如何|怎样|咋)\s*(?:充|冲|付|交|缴|支付|转账|打钱)|规则|什么时候|多久|能不能|能否|可否|可以|可不可以|是否|(?:能|可)\s*(?:同时|也|还)?\s*(?:用于|用在|拿去|抵扣)|如果|要是"
                           r"|要留|留多少|才安全|用完|耗尽|没钱|(?:用|花|跑|扣|耗|烧)(?:光|完|没)|归零|会咋|咋整|咋办|为什么|为啥|能拿来|能用来|(?:能|可以)\s*(?:拿来|用来|用在|用于)?\s*(?:干|做|付|买|花在)\s*(?:啥|什么|嘛|哪些|别的)|除了|\bwhat\s+else\b|\bbesides\b|\bapart\s+from\b|\bother\s+than\b|\bused?\s+for\b|够不够|够用|\benough\b"
                           # how a plan is charged ("从钱包一次性扣还是按量", "from wallet upfront or metered?"): the rule, no read
                           r"|一次性|按量|先扣|后扣|预付|后付|\bup-?front\b|\bmetered\b|\bprepaid\b|\bpostpaid\b|\bpay[\s-]+as[\s-]+(?:you|we)[\s-]+go\b"
                           r"|冻结|预授权|预扣|押金|扣住|\bpre-?auth\w*|\breserved?\b|\bfreez\w*|\bfrozen\b"
                           # the moment a charge is taken, set against another ("at order time or at the end of the week",
                           # "下单时扣还是周末扣"): when the provider charges, a rule, never the book
                           r"|\bat\s+(?:the\s+)?(?:order|ordering|checkout|purchase|start|beginning)\b|\b(?:at|by)\s+(?:the\s+)?end\s+of\b"
                           r"|(?:下单|开机|到期|结束|月底|月末|周末|每周|每月|每天)(?:时|的时候|后|前)?\s*(?:再|才|就)?\s*扣"
                           # a claim about the money put to be checked ("余额不够会马上删机，是不是真的", "下单就全扣了对吧",
                           # "the order takes the whole week upfront, right?"): the rule is asked, never the book read
                           r"|是不是|是吗|对吗|对不对|对吧|没错吧|真的(?:吗|么|假的)?|真(?:㗎|嘅|系)|\bright\s*$|\bcorrect\s*$|\bis\s+(?:it|that|this)\s+true\b|\btrue\s*$"
                           r"|\bwhat\s+happens|\bwhen\b|\bif\b|\bcan\s+i\b|\bdo\s+you\b|\bdoes\b|\bhow\s+(?:does|do|is)\b|\bwill\b|^\s*(?:can|could|is|are|would)\b"
                           r"|\b(?:should|do|must)\s+(?:i|we)\s+(?:keep|leave|hold|need)\b|\b(?:keep|leave)\b[^.?!]{0,20}\b(?:balance|wallet|account)\b"
                           r"|\bwhy\b|\b(?:possible|allowed)\b|\bany\s+(?:chance|way)\b|\bhits?\s+zero|\bruns?\s+out|\bran\s+out|\bgone\b|\bheld\b|\bhold\b|\bsafe\b|吗", re.I)
READ_MINE = lazy(r"(?:查一?下|看一?下|看看|查查)\s*(?:我的|我们的?|咱们的?)?\s*(?:余额|钱包|账单|流水|balance|wallet)(?!\s*用完|\s*不足|\s*没了)|余额\s*(?:是|还有|还剩)?\s*多少\s*[?？]?$|^\s*/?(?:余额|balance|wallet|钱包)\s*[?？]?\s*$"
                       r"|\b(?:check|show)\b.*\b(?:balance|wallet)|what'?s\s+my\s+balance|how\s+much\s+(?:do\s+)?(?:i|we)\s+have|我的钱包"
                       # whether one's own wallet holds anything ("我钱包有钱吗", "账上还有余额没", "do I have any balance left?")
                       r"|(?:我|我们|咱们?)(?:的)?\s*(?:钱包|账户|账上)\s*(?:里)?\s*(?:还)?\s*有(?:没有)?\s*(?:钱|余额)(?!\s*(?:的话|就|才|能|可以))"
                       r"|^\s*(?:钱包|账上|账户)?\s*(?:里)?\s*还?有(?:没有)?余额\s*(?:吗|么|没|嘛)?\s*[?？]?\s*$"
                       r"|\b(?:do|have)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:any\s+)?(?:money|balance|funds|credit)\b(?!\s+(?:to|for)\b)"
                       # the balance asked loosely, in either language ("现在 balance 多少", "wallet 里有钱吗", "balance 还剩多少"), never what it
                       # takes ("余额多少才够"): one's own book read
                       r"|(?:余额|balance)\s*(?:现在|目前|还)?\s*(?:是|有|还有|还剩|剩)?\s*多少(?!\s*(?:才|够|能|可以|的话|合适|比较))"
                       r"|(?:钱包|wallet|账户)\s*(?:里|里面|上)?\s*(?:现在|目前)?\s*(?:还)?\s*有(?:没有)?\s*钱\s*(?:吗|么|嘛|没)"
                       r"|\bis\s+(?:my|our)\s+(?:wallet|balance|account)\s+(?:empty|zero)\b|\banything\s+in\s+(?:my|our)\s+wallet\b|" + MONEY_HELD, re.I)


# "现在呢", "那现在呢", "now?", "what about now": nothing but "again, as things stand now"; after a
# wallet read or write it reads the balance again (bot.core.router), elsewhere it is no question
AGAIN_NOW = lazy(r"^\s*(?:那|那么|所以)?\s*(?:现在|目前|这会儿|这下)\s*(?:呢|多少|有多少|怎么样|如何)?\s*[?？]?\s*$"
                 r"|^\s*(?:and|so|what\s+about|how\s+about)?\s*(?:now|rn|right\s+now)\s*[?？]?\s*$", re.I)


def asks_again_now(text: str) -> bool:
    """Whether `text` only asks "and now?" (see AGAIN_NOW)."""
    return bool(AGAIN_NOW.search(text))


@dataclass(frozen=True)
class WalletAction:
    """What the user wants done with their book; `rental_id` for stop and renew."""

    kind: str  # topup | rent | stop | renew | budget_set | budget_clear | budget_show | history | rentals | balance | spent
    rental_id: int | None = None
    span: str | None = None  # spent, or a budget_set that is a spending alert: "month", "week" ("day" for spent only)
    line: tuple[Decimal, str | None] | None = None  # budget_set wished as an alert past this amount ("这周花超过 2000 提醒我")
    personal: bool = False  # "me", "my", "我": in a group, the asker's own wallet
    mine: bool = False  # "我的", "我自己" anywhere in the message (the same, in a group)
    rentals_too: bool = False  # "余额多少？名下有几台在租？": the balance read, and the rentals beside it
    own_now: bool = False  # "我们现在有在租的机器吗", "is anything still billing us?": one's own state asked, never a rule


# The words that select one's own wallet (the commands' "me" too: bot/wallet/commands.py).
PERSONAL_WORDS = frozenset({"me", "mine", "my", "personal", "我", "我的", "个人", "私人"})


def wallet_action(text: str, *, amount: object | None, gpu: str | None, has_duration: bool,
                  asked: bool = False, held: bool = False, for_rental: bool = False) -> WalletAction | None:
    """The wallet action `text` states, or None (a question about money rules is not one), with
    whether it is about the asker's own wallet (read here, so the wallet never reads the text).

    `asked`: the raw message carried a question mark, which normalising drops; a budget asked
    about ("we have 20k budget, ok?") is a verdict on the last answer, never a write. `held`: the message
    states money the team has ("钱包还有 800", "$2 left"), a fact to weigh the next rental against, not a read.
    `for_rental`: the message names where or what the money is for (a provider, a model): a budget for that job."""
    found = _action(text, amount=amount, gpu=gpu, has_duration=has_duration, asked=asked, held=held, for_rental=for_rental)
    if found is None:
        return None
    personal = any(w in PERSONAL_WORDS for w in text.lower().split())
    return replace(found, personal=personal, mine="我的" in text or "我自己" in text)


# whether the budget warns as it nears its cap ("平台能否在接近上限时提醒", "快用完时能提醒吗", "can you warn us when we
# get close?"), the clause cut whole (the message arrives without its punctuation): asked beside a budget set to an
# amount, it is that budget's own thresholds, which setting it turns on, and no question of its own
ALERT_ASKED = lazy(r"(?:\S{0,10}(?:时|的时候)\s*)?(?:平台|系统|你们|你|机器人)?\s*(?:能否|能不能|可否|可不可以|是否|能|可以|会|请)"
                   r"\s*\S{0,12}?(?:提醒|通知|告警|预警|报警)\S*"
                   r"|\b(?:can|could|will|would|please)\b.{0,40}?\b(?:alert|warn|notify|remind|ping)\w*\b.*$", re.I)
CAP = lazy(r"上限|封顶|\bcap\b|\bceiling\b", re.I)
SUPPOSING = lazy(r"如果|要是|假如|假设|\bif\b|\bsuppose\b|\bwhat\s+if\b", re.I)


def _action(text: str, *, amount: object | None, gpu: str | None, has_duration: bool,
            asked: bool = False, held: bool = False, for_rental: bool = False) -> WalletAction | None:
    if gpu is None and not for_rental:
        if spend_asked.alert_wished(text):  # "alert us past $300 this week": that period's budget, its line the amount
            span = spend_asked.span_of(text)
            return WalletAction("budget_set", span="week" if span == "week" else "month", line=spend_asked.line_of(text))
        if amount is None and spend_asked.alert_asked(text):  # "do we have a spend alert set?": the budget, from the store
            return WalletAction("budget_show")
        if amount is None and not held and spend_asked.spent_asked(text):  # "我这个月一共花了多少": the ledger's sum
            return WalletAction("spent", span=spend_asked.span_of(text) or "month")
    if amount is not None and BUDGET.search(text) and SET_VERB.search(text) and not SUPPOSING.search(text):
        # "上限设为 ¥5 万，接近时能提醒吗": set; the clause asking for the alert is the budget's thresholds
        rest = ALERT_ASKED.sub(" ", text)
        if rest != text and BUDGET.search(rest) and SET_VERB.search(rest):
            text, asked = rest, False
    rule_question = bool(RULE_QUESTION.search(text))
    asked = asked or bool(ASKED_BY_WORDS.search(text))  # "budget $5, how many hours": asked with no "?"
    if CLEAR_BUDGET.search(text):
        return WalletAction("budget_clear")
    # a bare cap set to money ("上限定为人民币壹万元", "cap it at $8,000") is the spending cap, the budget
    capped = amount is not None and CAP.search(text) is not None and SET_VERB.search(text) is not None
    if ((BUDGET.search(text) or capped) and gpu is None) or CLEAR_BUDGET.search(text):
        if amount is not None and not rule_question and not _price_question(text) and not ASKS_ENOUGH.search(text) \
                and not ASKS_PICK.search(text) and not wants_largest_model(text) \
                and not ((asked or for_rental or ONLY_HAVE.search(text)) and not SET_VERB.search(BARE_BUDGET.sub("", text))):
            # "一万网络 预算 3w 一个月", "budget 300 usdt at gpuli": money for a rental there, stated before the job
            # "预算8000能租几个月", "我们预算就 500，够不" ask; only a statement or a set command sets it;
            # "budget 2k, biggest full finetune I can run?" asks what it buys, even after "budget 2k"
            return WalletAction("budget_set")
        if READ_MINE.search(text) or BUDGET_MINE.search(text) or (not rule_question and _only_about_budget(text)):
            return WalletAction("budget_show")  # "预算有限，先 LoRA 还是全参" is about something else
        if amount is None and SET_VERB.search(text) and not rule_question and not asked and not SUPPOSING.search(text):
            return WalletAction("budget_show")  # "我们想设个月度费用上限": no amount yet, the budget and how to set it
        return None
    # "only 360 usdt left on gpuli, can we renew the 4090 monthly?", "renew the 5090 for a week?": whether a card's
    # renewal can be paid is asked, never an order (and the money held is no rental's number)
    renewal_asked = asked and (gpu is not None or held)
    for pattern, kind in ((RENEW, "renew"), (STOP, "stop")):
        if pattern.search(text) and not rule_question and not _price_question(text) and not renewal_asked:
            m = RENTAL_ID.search(pattern.sub(" ", text))
            if m is not None:
                return WalletAction(kind, int(m[1] or m[2]))
            if kind == "renew" and has_duration:
                return WalletAction(kind)  # "续费一周": which rental is asked next
    if TOPUP.search(text) and amount is not None and not rule_question and not (asked and gpu is not None):
        # "we topped up 2000 on gpuli. how many weeks of A100 80GB is that?" asks what the money rents: a question
        return WalletAction("topup")
    if gpu is not None and RENT.search(text.strip()) and not _price_question(text) and not ASKS_ENOUGH.search(text) \
            and not asked and not ASKS_FIT.search(text) and not looks_first(text) and not SUPPOSED.search(text) \
            and not ASKS_ABOUT.search(text) and ordered(text.strip()):  # "租卡 先看下 l40s": no order yet
        # a question never opens a rental: "单卡a100 80g 开8bit 放得下?", "rent one h100, does it fit?"
        return WalletAction("rent")  # "1w5 u 够租 8卡 h100 一个月不" weighs money against a rental: a question
    own_state = amount is None and not held and gpu is None and not OWN_RULE.search(text)
    if own_state and OWN_RENTALS_ASKED.search(text):  # "我们现在有在租的机器吗", "do we have anything running?"
        return WalletAction("rentals", own_now=True)
    if own_state and OWN_MONEY_ASKED.search(text):  # "我们账户里还有钱吗", "any money left in our wallet?"
        return WalletAction("balance", own_now=True)
    if RENTALS.search(text) and not rule_question and not (gpu is not None and _price_question(text)):
        # "余额多少？名下有几台在租？", "balance, and how many machines are running?": both reads, the balance first
        both = bool(BALANCE.search(text)) and amount is None and not held
        return WalletAction("balance", rentals_too=True) if both else WalletAction("rentals")
    if HISTORY.search(text) and not rule_question and not (gpu is not None and (has_duration or _price_question(text))):
        return WalletAction("history")  # "8卡 h100 包月全账单 含 2t 存储卷" is a rental's bill, priced, not the book
    if BALANCE.search(text) and (READ_MINE.search(text) or not rule_question) and not (gpu is not None and _price_question(text)) \
            and not ((amount is not None or held) and not READ_MINE.search(text)):
        # "租 8卡H100 一个月，钱包里得有多少" asks that rental's price, not the book; "钱包 ₮120 能租一周 4090 不"
        # states the money to weigh that rental against; "钱包还有 800", "wallet has 300 usdt" state the team's money
        # (a fact the next question is weighed against), never a read of the book
        return WalletAction("balance")
    return None


# whether a bill goes over the money, asked ("超不超", "会不会超预算", "are we over?", "within budget?"): the same question
OVER_ASKED = (r"超不超(?!时|长)|超没超(?!时)|超了(?:吗|没|么)|超(?:吗|么)|会(?:不会)?超(?!时|过时|长|频|大|参)|超(?:出|过)?预算(?:吗|么|没|不)?|预算(?:之?内|以内)|在预算"
              r"|\b(?:are|is|am|would|will)\s+(?:we|i|it|that|this)\s+(?:be\s+)?(?:over|under|within)(?:\s+(?:the\s+|our\s+|my\s+)?budget)?\s*(?:$|[?？.!,;])"
              r"|\b(?:over|under|within)\s+(?:the\s+|our\s+|my\s+)?budget\b")
# a rental wished beside a budget, not ordered ("预算 5000，想 8 卡 H100 租一个月", "budget 2k, thinking of renting …"):
# weighed against the money like a rental with no length; an order says so without the wish ("租一个月 8 卡 h100")
WISHED = lazy(r"想|打算|计划|准备|考虑|(?:want|wanna|plan(?:ning)?|thinking\s+of|hoping|looking)\s+to|thinking\s+(?:of|about)", re.I)
# whether money is enough, in any form: "够不", "够么", "够没", "enough", "can we afford", "does it cover"
# A question tag at the end ("20k budget, ok", "预算两万 ok 不", "budget 5k, will that work") asks too.
ASKS_ENOUGH = lazy(OVER_ASKED + r"|够|enough|afford|cover|suffice|approve|\bsafe\b|安全吗|稳妥吗|行吗|可以吗|行不|成不|ok\s*(?:不|么|吧|嘛|没)"
                   r"|\b(?:ok|okay|fine|alright|good|doable|feasible|realistic|possible|work(?:s|able)?|right)\s*$"
                   r"|\b(?:that|it|this)\s+(?:ok|okay|fine|work|works|doable)\b|\bok(?:ay)?\s+(?:for|with)\b", re.I)
# whether a job fits, asked ("放得下", "装得下吗", "跑得动", "does 7b fit"): a question about the card, never an order
# a rental only supposed ("租 a100 的话", "say we rent a100s", "if we went with h100s"): a job's card weighed, no order
# something asked about the card or the rental ("租8卡 a100 两种版本有啥区别", "rent an h100, what's the catch"): a
# question whose answer comes before any order
ASKS_ABOUT = lazy(r"有(?:啥|什么|哪些)|(?:啥|什么|哪些)\s*(?:区别|差别|不同|坑|讲究|门道)|区别|差别|差在哪|注意(?:啥|什么|哪些|些?什么)|为(?:啥|什么)"
                  r"|\bdifferen(?:ce|t)\b|\bwatch\s+out\b|\bcatch\b|\bpitfalls?\b|\bgotchas?\b|\bwhy\b", re.I)
SUPPOSED = lazy(r"的话|假如|假设|\bif\b|\bsay\b|\bsuppose\b|\bsupposing\b", re.I)
ASKS_FIT = lazy(r"[放装塞跑]\s*(?:得|不)\s*(?:下|动|了|起)|能(?:不能)?\s*(?:放|装|跑)|\bfits?\b|\bwill\s+it\b|\benough\s+(?:memory|vram)", re.I)
# what to rent within it, asked ("预算一万块 推荐啥", "budget 10k, what do you recommend"): a question, never a write
# or what to change to ("预算只有一万 换啥方案", "budget is 10k, what are my options / what instead")
ASKS_PICK = lazy(r"推荐|建议|选哪|选啥|选什么|租啥|租什么|用啥|用什么|买啥|买什么|\brecommend|\bsuggest|\badvise"
                 r"|换(?:成|个|用|到)?\s*(?:啥|什么|哪)|(?:啥|什么|哪个|哪种)\s*方案|怎么(?:办|租|选|配)|有(?:啥|什么)办法"
                 r"|\b(?:what\s+are\s+)?(?:my|our|the)\s+options\b|\balternatives?\b|\binstead\b|\bwhat\s+(?:can|should)\s+(?:i|we)\s+(?:do|switch|change)\b"
                 r"|\bwhat\s+(?:should|would|can|could)\s+(?:i|we)\s+(?:rent|get|buy|use|pick|choose)\b|\bwhich\s+(?:one|card|gpu|setup)\b", re.I)
# an explicit set command keeps writing even when asked with a question mark ("set my budget to 500?")
# a question said by its words, with or without a question mark: what a budget buys is asked, never set
ASKED_BY_WORDS = lazy(r"\bhow\s+(?:many|long|much|far)\b|\b(?:what|which)\b|几个?(?:小时|钟头|天|周|星期|月)|多少(?:个)?(?:小时|天)"
                      r"|多长时间|能(?:租|跑|用|撑|开)\s*(?:几|多)"
                      r"|哪\s*(?:一\s*)?天|几\s*[号日]|(?:什么|啥)\s*时候|何时"
                      # what is left after spending it ("充了 500，4090 包月之后还剩多少", "how much is left after"): a sum
                      r"|(?:还)?剩(?:下)?\s*多少|\b(?:how\s+much|what)(?:'s|\s+is|\s+will\s+be|\s+would\s+be)?\s+(?:be\s+)?(?:left|remaining)\b", re.I)  # a day asked: "…到期后数据保留到哪天"
# money said to be all there is ("我们只有一万块预算", "we only have 10k budget"): a limit to weigh the job against, never a write
ONLY_HAVE = lazy(r"只有|只剩|仅有|就只?有|\bonly\s+(?:have|got|has)\b|\bjust\s+(?:have|got)\b", re.I)
# "budget 300 usdt, how many weeks": the command's shape at the start is no set verb once the message asks
BARE_BUDGET = lazy(r"^\s*budget\s+(?=\d)", re.I)
SET_VERB = lazy(r"设置?|改成|改为|调到|调成|定为|定成|定在|\bset\b|\bcap\s+(?:it|that|this|us|spending)\s+at\b|\bchange\b|\bmake\s+it\b|\bupdate\b|^\s*/?budget\s+\d", re.I)
BUDGET_READ_WORDS = lazy(r"[\s\W_]|还剩|剩|多少|用了|花了|情况|状态|我的|我们的?|咱们的?|本月|这个月|查|看|一下|现在|呢"
                         r"|\b(?:show|my|our|the|status|left|how|much|is|what|current|this|month)\b", re.I)
# one's own budget asked after, whatever else the message says ("我的 budget 还剩多少? I think we never set one",
# "how much of our budget is left"): a read of the book, which says so when none is set
BUDGET_MINE = lazy(r"(?:我|我们|咱们?)的?\s*(?:budget|预算)\s*(?:还剩|剩|还有|用了|花了|是多少|多少)"
                   r"|\b(?:my|our)\s+(?:monthly\s+)?budget\b.{0,15}\b(?:left|remaining|used|spent|status)\b"
                   r"|\bhow\s+much\s+(?:of\s+(?:my|our|the)\s+)?(?:monthly\s+)?budget\s+(?:is\s+|do\s+(?:i|we)\s+have\s+)?(?:left|remaining)", re.I)
BUDGET_READ_ROOM = 2  # characters besides the budget word and reading words: "预算还剩多少", "my budget?"


def _only_about_budget(text: str) -> bool:
    """The message asks to see the budget and nothing else."""
    return len(BUDGET_READ_WORDS.sub("", BUDGET.sub("", text))) <= BUDGET_READ_ROOM


PAYING_ASKED = lazy(HOW_TO_PAY, re.I)


def asks_how_to_pay(text: str) -> bool:
    """A top-up named with how it is done asked ("想充 200u 怎么操作", "add 100 usdt, what are the steps"): the
    payment steps are the answer, and nothing is recorded."""
    return bool(TOPUP.search(text) and PAYING_ASKED.search(text))


def is_rule_question(text: str) -> bool:
    """A question about how money works ("余额不足会被停机吗"), not about one's own book."""
    return bool(RULE_QUESTION.search(text))


# How to rent, asked: never an order ("怎么开一台 4090 周租", "how do I get an h100 for a week").
# ("how do I spin up an 8x h100, what do i click", "gpuli 怎么开通一台 h100，点哪里"): the steps, and the price
# "怎么租最省", "how should we rent it cheapest" ask which way of renting costs least (a pick), not how ordering works
_CHEAPEST_WAY = (r"(?!\s*(?:才|会|能)?\s*(?:最省|最便宜|最划算|更省|更便宜|更划算|划算|省钱|便宜|合适|比较好))"
                 r"(?!\s+(?:it\s+|them\s+|this\s+)?(?:cheapest|cheaply|for\s+(?:the\s+)?(?:least|cheapest|less)|most\s+cheaply))")
HOW_TO_RENT_WORDS = (rf"(?:怎么|如何|怎样|咋)\s*(?:在\s*[a-z0-9\u4e00-\u9fff]{{1,10}}?\s*(?:上|里)?\s*)?(?:开|租|下单|订|买|创建|启动|弄|搞){_CHEAPEST_WAY}|点哪|点什么|在哪(?:里|儿)?(?:下单|开|租)"
                     r"|\bhow\s+(?:do|can|would|should)\s+(?:i|we)\s+(?:rent|order|book|get|start|spin\s+up|launch|create|set\s+up|provision)\b"
                     + _CHEAPEST_WAY + r"|\bwhat\s+do\s+(?:i|we)\s+click\b|\bwhere\s+do\s+(?:i|we)\s+(?:click|order|sign\s+up)\b")
HOW_TO_RENT = lazy(HOW_TO_RENT_WORDS, re.I)
PRICE_QUESTION = lazy(HOW_TO_RENT_WORDS + r"|多少钱|多少|多久|多长时间|几天|几个?小时|几个?(?:月|周|星期|礼拜)|能不能|能否|可不可以|行不行|够不够|价格|价钱|什么价|啥价|报价|(?:怎么|如何|怎样|咋)\s*(?:收|计|算|扣)(?:费|钱)?|怎么租|最省|划算|贵不贵|便宜"
                            r"|啥卡|什么卡|哪(?:张|种|款|个)?卡|能租(?:啥|什么|哪)|租(?:啥|什么|哪)|最多|最大"
                            r"|how\s+much|how\s+long|price|cost|\b(?:balance|money|funds|credit)\s+(?:(?:i|we)\s+(?:should|need\s+to|must)\s+|to\s+)(?:keep|leave|hold|have|load)\b|\bhow\s+(?:is|are|do|does|would|will)\s+(?:it|they|you|that|this)\s+(?:be\s+)?(?:charged|billed|charge|bill)\b|cheap(?:er|est)\b|which\s+(?:gpu|card)|what\s+(?:gpu|card)|(?:can|could)\s+(?:i|we)\s+(?:still\s+)?(?:rent|run|get|afford|spin\s+up|start)|\?|？|吗"
                            # "那 4090 租一周呢", "what about renting a 4090 for a week": asking, not ordering
                            r"|呢\s*$|\b(?:what|how)\s+about\b", re.I)


def _price_question(text: str) -> bool:
    """"租一张4090一周多少钱" asks for a price; it must never open a rental confirmation."""
    return bool(PRICE_QUESTION.search(text))
