"""Traditional Chinese read as simplified, and Cantonese question words as Mandarin, before anything else
reads a message.

Why: a team in Taipei or Hong Kong types "4 張 A100 做 14B 全參 可以嗎"; every word list of ours is
simplified (全参, 张, 吗), so the same question read 全參 as no method and 張 as no count. One conversion at
the core's entry (and at the parser's, for its direct callers) lets every reader see one script. OpenCC's
phrase tables do the work (乾坤 stays 乾坤, 後面 becomes 后面); a message with no Chinese character skips it.
The same team writes Cantonese ("gpuli 點樣增值", "QLoRA 效果差好多咩", "4090 夠唔夠"): its function words, which
Mandarin does not use, are read as the Mandarin ones (点样 -> 怎样, 唔 -> 不, 咩 at the end -> 吗), and 增值 as
Hong Kong's word for topping up (not before 税 or 服务, where it is Mandarin's "value-added").
Grammar, not only words: "系美金定人民币" asks 是美金还是人民币 (系 opens the clause, 定 joins the choices),
"一个钟" is an hour, a bare measure word opens a clause ("部 4090 够唔够", "条 job") as Mandarin's 一张 / 这条
do, and Taiwan's noun 设定 ("accelerate 設定", "設定檔") is Mandarin's 配置 (the verb, "设定预算", stays).
Sichuan and Chongqing speech asks "how much" as 好多 and "how long" as 好久 at a clause's end; read as 多少 / 多久.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.understand.cantonese_words import SIDE, everyday
from bot.understand.lazy import lazy
from bot.understand.regional_asks import regional_asks

_CJK = lazy(r"[\u3400-\u9fff]")
# Cantonese words (as OpenCC leaves them in simplified characters) and the Mandarin a reader of ours knows
CANTONESE = {"点样": "怎样", "点解": "为什么", "几多": "多少", "系唔系": "是不是", "系咪": "是不是", "乜嘢": "什么",
             "边度": "哪里", "边个": "哪个", "边间": "哪家", "佢哋": "他们", "冇": "没有", "唔": "不", "嘅": "的",
             "咗": "了", "冇咗": "没了", "悭": "省", "唔见咗": "不见了", "喺": "在", "啲": "些", "睇": "看", "俾": "给", "嚟": "来", "啱": "对",
             "几钱": "多少钱", "几耐": "多久", "得唔得": "行不行", "我哋": "我们", "你哋": "你们", "点算": "怎么办",
             "设定档": "配置文件", "蚊": "块", "低过": "低于", "少过": "少于", "多过": "多于", "高过": "高于", "提我一声": "提醒我", "听日": "明天", "而家": "现在", "今日": "今天",
             "听朝": "明天早上", "听晚": "明天晚上", "今朝": "今天早上", "朝早": "早上", "琴日": "昨天", "寻日": "昨天",
             "𠮶": "那", "嗰": "那", "佢": "它", "乜": "什么", "嘢": "东西", "揾": "找", "搵": "找", "畀": "给", "攞": "拿",
             "唔好": "不要", "好唔好": "好不好", "唔好意思": "不好意思", "唔系": "不是", "真系": "真是", "唔使": "不用", "使唔使": "需不需要", "唔该": "请", "几蚊": "多少块", "边样": "什么"}
# Taiwan's words for things the mainland names otherwise (OpenCC's t2s converts characters, not vocabulary; its
# tw2sp phrase table also turns 序列 into 串行, so the few words our readers need are kept here, read as one word)
TAIWAN = {"汇出": "导出", "档案": "文件", "软体": "软件", "硬体": "硬件", "程式": "程序", "资料集": "数据集", "资料量": "数据量", "资料": "数据",
          "硬碟": "硬盘", "帐号": "账号", "储值": "充值", "讯息": "消息", "载入": "加载", "预设": "默认", "伺服器": "服务器",
          "网路": "网络", "显示卡": "显卡", "效能": "性能", "频宽": "带宽", "推论": "推理", "执行": "运行",
          "储存": "存储", "物件储存": "对象存储", "区块储存": "块存储"}
_TAIWAN = lazy("|".join(sorted(TAIWAN, key=len, reverse=True)))
# "我哋得一万块": 得 before an amount is Cantonese for "only have" (我们只有), never Mandarin's "must"
_ONLY_HAVE = r"(?:我哋|我|我们)得(?=\s*[\d一二两三四五六七八九十几半])"
_CANTONESE = lazy(_ONLY_HAVE + "|" + "|".join(sorted(CANTONESE, key=len, reverse=True)) + r"|咩|增值(?!税|服务|业务)")
_CLAUSE = r"(?:^|(?<=[\s,，。.?？!！;；:：]))"  # where a clause opens: a message's start, a space, a mark
_NUMERAL = r"\d一两二三四五六七八九十几半"
# each rule: a pattern and its Mandarin; a word is only read where the grammar puts it, never inside another word
_RULES = (
    # "会点" ends a question (余额唔够会点 = 会怎样); 会点击 / 会点菜 / 会点样 go on
    (lazy(r"会点(?=$|[\s,，。.?？!！呢啊呀㗎])"), "会怎样"),
    # "系美金定人民币": 系 opening a clause (never 系统 / 系列 / 系数), then 定 between two choices (never 一定 / 设定)
    (lazy(_CLAUSE + r"系(?![统列数])(\s*[^\s定]{1,12}?)(\s*)(?<![一确设决固指规约预否肯稳锁])定(?=\s*[^\s价制时期义位金])"),
     r"是\1\2还是"),
    # "h100 定 a100": 定 standing alone between two names is Cantonese's "or" in a question
    (lazy(r"(?<=[a-z0-9]\s)定(?=\s*[a-z0-9])", re.IGNORECASE), "还是"),
    # "要几张 H100 先跑得", "几多钱先租得": 先 then a verb with 得 closing the clause is Cantonese's "only then can" (才能跑)
    (lazy(r"先(\s*)([\u4e00-\u9fff])得(?=\s*(?:$|[,，。.?？!！吗呢啊㗎]))"), r"才能\1\2"),
    # "一个钟", "8 个钟", "几个钟": an hour (个钟头 / 个钟点 are Mandarin already)
    (lazy(rf"(?<=[{_NUMERAL}每])(\s*)个钟(?![头点表])"), r"\1小时"),
    # a measure word after a count, before a card: "2 部 4090" -> 2 张
    (lazy(rf"(?<=[{_NUMERAL}])(\s*)部(?=\s*[a-z0-9])", re.IGNORECASE), r"\1张"),
    # a bare measure word opening a clause names one thing: "部 4090" -> 一张 4090, "条 job" -> 这条 job
    (lazy(_CLAUSE + r"部(?=\s*[a-z0-9])", re.IGNORECASE), "一张"),
    (lazy(_CLAUSE + r"([条只架])(?=\s*[a-z])", re.IGNORECASE), r"这\1"),
    # 平 after the word that compares is Cantonese's cheap: "边个平啲" (哪个平些), "最平", "平过 gpuli"
    (lazy(r"(?:(?<=哪个)|(?<=哪家)|(?<=哪间)|(?<=最)|(?<=更)|(?<=较))(\s*)平(?![台均方时常安衡稳板行等静面摊分价])|平(?=\s*(?:些|过|一点|点))"), r"\1便宜"),
    # 同 joining two choices is Cantonese's and: "包月同租 4 个星期" (never 同时 / 同一 / 相同 / 合同 ...)
    # (only after a name, a number or a term: "同配置" after a verb is Mandarin's "the same config")
    (lazy(r"(?:(?<=[a-z0-9])|(?<=[a-z0-9]\s)|(?<=[月周租天卡家])|(?<=[月周租天卡家]\s))同(?![时一样步意事学期等比类款型城行伴配规级档种个])", re.IGNORECASE),
     "和"),
    # 点 opening a clause (or after 要 / 该 / 到底 / 咁) right before a verb of renting or choosing asks how ("4090 点租最抵",
    # "点拣"); inside a word it is Mandarin's own: 节点训练, 检查点跑, 一点, 重点
    (lazy(r"(?:(?:^|(?<=[\s,，。.?？!！;；:：]))|(?<=[要该底咁]))点(?=\s*(?:租|买|拣|揀|选|计|收|开|训|跑|搞|做|扣|付|续|充|赔))"), "怎么"),
    # 由 before a day is Cantonese's "from" ("由今日跑到双十二"); 由于 / 理由 / 自由 never stand there
    (lazy(r"(?<![理自缘来经])由(?=\s*(?:今天|明天|下周|下个?(?:礼拜|星期)|现在|\d+\s*(?:号|日|月)))"), "从"),
    # 仲 is Cantonese's "still" ("仲剩几多", "仲要加钱"); 仲裁 is arbitration
    (lazy(r"仲(?!裁)"), "还"),
    # 抵 after a degree word is "worth it" ("最抵", "边个抵啲", "几抵"); 抵扣 / 抵消 / 抵押 / 抵达 are Mandarin's own
    (lazy(r"(?<=[最好几更很咁较])抵(?![扣消押达用])|(?<=[个家间])抵(?=\s*(?:些|啲|d|$|[?？呢啊]))"), "划算"),
    # 成 before a span of time is the whole of it: "跑成个月" (跑整个月), "成个星期"
    (lazy(r"成(?=\s*个\s*(?:月|星期|礼拜|钟头|小时|年))"), "整"),
    # 晒 after a verb is Cantonese for "all of it" ("扣晒" = 扣完, "用晒" = 用完); Mandarin's 晒 (晒太阳, 晒单) stays
    (lazy(r"(?<=[扣用花删清卖烧使食])晒"), "完"),
    # 输出 before a file is Taiwan's export ("输出 yaml 跟启动指令"); 指令 is a command, but not instruction data or tuning
    (lazy(r"输出(?=\s*(?:yaml|json|配置|config|脚本|文件|设定))", re.IGNORECASE), "导出"),
    (lazy(r"指令(?!\s*(?:微调|精调|调优|数据|集|遵循|跟随|对齐|模型|样本|tun|data|follow))", re.IGNORECASE), "命令"),
    # Taiwan's 记忆体 is memory: the host's beside a CPU or the machine ("系统记忆体", "CPU 记忆体" = 内存), else the card's
    # (显存: "记忆体怎么估", "显卡记忆体不够"), which is the memory this bot sizes
    (lazy(r"(cpu|系统|主机|电脑|机器|伺服器|服务器)(\s*)记忆体", re.IGNORECASE), r"\1\2内存"),
    # a server's add-on: memory added or upgraded by an amount ("加 128G 记忆体", "记忆体升级到 128G"), or said beside
    # the CPU cores added with it ("16 核心 CPU 跟 128G 记忆体"): the host's 内存 a provider sells, not the card's
    (lazy(r"(加|升级|扩充|扩到|升到|加到)(\s*\d+\s*(?:g|gb|t|tb)?\s*)记忆体", re.IGNORECASE), r"\1\2内存"),
    (lazy(r"记忆体(?=\s*(?:升级|扩充|加到|扩到|升到))"), "内存"),
    (lazy(r"((?:cpu|核心?)[^。，,;；?？]{0,16}?)记忆体", re.IGNORECASE), r"\1内存"),
    (lazy(r"(?:显示卡|显卡|显示|gpu\s*)?记忆体", re.IGNORECASE), "显存"),
    # Taiwan's noun 设定 (a tool's settings) is 配置; the verb before a Chinese object ("设定 预算") stays
    (lazy(r"设定(?!\s*(?![一两二三四五六七八九十])[\u3400-\u9fff])"), "配置"),
)


@lru_cache(maxsize=1)
def _converter() -> object:
    from opencc import OpenCC  # loaded on the first Chinese message: its tables take a few milliseconds to read

    return OpenCC("t2s")


@lru_cache(maxsize=4096)  # the core and the parser both ask for one message: the second looks it up
def simplified(text: str) -> str:
    """`text` in simplified characters; unchanged when it has no Chinese character."""
    if not _CJK.search(text):
        return text
    plain = str(_converter().convert(text))  # type: ignore[attr-defined]
    # Taiwan's words only in a message typed in traditional characters: the mainland writes 资料 and 执行 too
    text = _CANTONESE.sub(_mandarin, _TAIWAN.sub(lambda m: TAIWAN[m.group(0)], plain) if plain != text else plain)
    for rule, mandarin in _RULES:
        text = rule.sub(mandarin, text)
    return regional_asks(everyday(text))  # "租紧", "系点扣钱", "边张卡": Cantonese's everyday words, after the rules above  # "要好多显存", "够租 4090 好久": Sichuan's 好多 / 好久 ask as 多少 / 多久 (after 咩 became 吗)


def _mandarin(m: re.Match[str]) -> str:
    word = m.group(0)
    if word[0] == "边" and m.start() and m.string[m.start() - 1] in SIDE:  # 海边度假, 旁边个人: Mandarin's side
        return word
    if word == "咩":  # a question's last word asks yes or no (吗); inside the sentence it asks what (做咩, 咩卡)
        return "吗" if m.end() == len(m.string) or m.string[m.end():].strip()[:1] in "?？!！。.,，" else "什么"
    if word.endswith("得") and word not in CANTONESE:  # "我哋得": only have; "得唔得" is a word of its own
        return CANTONESE.get(word[:-1], word[:-1]) + "只有"
    return "充值" if word == "增值" else CANTONESE[word]
