"""Cantonese's everyday words read as Mandarin, as one more step of the script's normalization.

Why: a Guangzhou or Hong Kong team types "听朝 9 点提我睇下 4090 有冇货", "我而家有冇租紧嘅机", "gpuli 系点扣钱㗎",
"QLoRA 会唔会跌好多分", "边张卡最抵", "一张卡搞唔搞得掂"; bot.understand.script already reads their question words
(几钱, 唔, 冇, 嘅, 咩), but the words of time, progress, choice and ability went unread, so a reminder came back as a
price list and a rental list as "not sure". Each rule below reads one word where Cantonese grammar puts it and only
there: the same characters inside a Mandarin word (关系, 紧急, 跌价, 旁边, 掂量, 9 点) stay as they are. The step runs
after the script's own rules (which read 系…定…, 点租, 会点 first) and before the readers, so no reader keeps a
pattern of its own for Cantonese.
"""

from __future__ import annotations

from bot.understand.lazy import lazy

_CLAUSE = r"(?:^|(?<=[\s,，。.?？!！;；:：]))"  # where a clause opens: a message's start, a space, a mark
# what 边 follows when it is Mandarin's side or edge (这边, 旁边, 海边度假, 一边): never Cantonese's "which"
SIDE = "这那旁一两左右身外里上下东南西北多半天海周无前后侧彼手床路河江岸窗桌耳嘴各每"
# each rule: a pattern and its Mandarin, applied in order to a message already in simplified characters
RULES = (
    # 咁 is Cantonese's 这么 before a size ("咁贵", "咁多钱") and 那 opening a clause ("咁 zero-3 呢"); 呢 opening a
    # clause before a measure word is 这 ("呢张卡", "呢度"); 㗎 only closes a sentence and says nothing a reader needs
    (lazy(r"咁(?=\s*(?:多|贵|平|便宜|慢|快|大|小|耐|久|长|少|难|麻烦|紧))"), "这么"), (lazy(_CLAUSE + r"咁"), "那"),
    (lazy(_CLAUSE + r"呢(?=度|个|张|间|部|台|条|款|种|些)"), "这"),
    (lazy(r"㗎"), ""),
    # 系 is Cantonese's 是 before a question word ("gpuli 系点扣钱", "系边个"), after its subject ("我系新手") or opening a
    # clause ("deadline 系下礼拜二"); the Mandarin words 关系 / 联系 / 体系 / 系统 / 系列 never stand there
    (lazy(r"(?<![关联体维院派直母父干世谱星水语])系(?=\s*(?:点|怎|边|哪|几|什么))|(?<=[我你他它们个])系(?![统列数])|(?<=[\s,，。.?？!！;；:：])系(?=\s*[^\s统列数])"), "是"),
    # after that 是, 点 asks how: before a verb of paying or renting ("系点扣钱" = 是怎么扣钱) or closing the clause
    # ("退款规则系点?" = 是怎样); "是 9 点" has its number between
    (lazy(r"(?<=是)点(?=\s*(?:租|买|拣|选|计|收|开|训|跑|搞|做|扣|付|续|充|赔))"), "怎么"),
    (lazy(r"(?<=是)点(?=\s*(?:$|[,，。.?？!！呢啊呀㗎]))"), "怎样"),
    # 边 before a measure word asks which ("边张卡", "边台", "边款"); 这边 / 旁边 / 海边度假 / 一边 are Mandarin's side
    (lazy(rf"(?<![{SIDE}])边(?=\s*(?:张|台|家|款|种|部|只|条|位|间|个))"), "哪"),
    # 先 closing a clause that asks which or how many is Cantonese's 才 ("边个 region 先有" = 哪个 region 才有);
    # a Mandarin "which arrives first" has its object after it ("哪张卡先到货") and stays
    (lazy(r"((?:哪|几|多少|什么)[^,，。.?？!！;；]{0,16}?)先(?=\s*(?:有|可以|得|用到?|租到|会有|够)\s*(?:$|[,，。.?？!！;；吗呢啊]))"),
     r"\1才"),
    # 紧 after a verb is Cantonese's "in progress" ("租紧的机" = 在租的机, "跑紧") ; 抓紧 / 赶紧 / 紧急 are Mandarin's own
    (lazy(r"([租跑用开训做等])紧(?![张急迫密凑要缩贴随跟靠])"), r"在\1"),
    # 跌 before a score is Cantonese's "lose" ("跌好多分" = 掉很多分), or said of a score ("精度会唔会跌"); a price falling stays 跌
    (lazy(r"跌(?=\s*(?:好多|很多|几多|多少|了|一些|些|太多|\d+(?:\.\d+)?\s*个?)?\s*(?:分|精度|效果|准确率))"
          ), "掉"),
    (lazy(r"(效果|精度|分数|准确率)([^,，。.?？!！;；]{0,4}?)跌"), r"\1\2掉"),
    # 提我 is Cantonese's "remind me" ("听朝 9 点提我睇下"); 提到 / 前提 / 别提 stay
    (lazy(r"(?<![前醒别])提(?=\s*我(?!的))"), "提醒"),
    # 顶得顺 / 顶唔顶得顺 / 顶唔顺: Cantonese's "can it take it", asked of a budget or a card as Mandarin's 撑得住 / 够不够
    (lazy(r"顶\s*不\s*顶\s*得\s*[顺住]"), "够不够"),
    (lazy(r"顶(\s*)得(\s*)顺"), r"撑\1得\2住"),
    (lazy(r"顶(\s*)不(\s*)顺"), r"撑\1不\2住"),
    # 掂 after 搞 is Cantonese's "done" (搞掂 = 搞定, 搞唔掂 = 搞不定); 掂唔掂 alone asks whether it works (行不行)
    (lazy(r"(?<=搞)(\s*[不得]?\s*)掂"), r"\1定"), (lazy(r"掂\s*不\s*掂"), "行不行"),
    # "搞不搞得定", "跑不跑得完", "租不租得到": a verb asked with 不 then the verb's result, read as 能不能 + verb + result
    (lazy(r"([\u4e00-\u9fff])不\1得([定完到住下成起])"), r"能不能\1\2"),
    # 拣 is Cantonese's choose ("点拣好" -> 怎么选好); 挑拣 / 分拣 are Mandarin's sorting
    (lazy(r"(?<![挑分])拣(?!选)"), "选"),
)


def everyday(text: str) -> str:
    """`text` (simplified characters) with Cantonese's everyday words read as Mandarin ("租紧" -> "在租")."""
    for rule, mandarin in RULES:
        text = rule.sub(mandarin, text)
    return text
