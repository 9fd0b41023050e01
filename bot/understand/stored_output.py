"""A job's output kept in storage, priced ("32b 全参的 checkpoint 512G 放对象存储一个月多少钱", "our 14b lora weights,
300 GB, kept in object storage for two months: cost?").

Why apart: the model and method name whose checkpoint it is, so the message reads as a sized job and was priced as
the whole training run, cards and all. What is asked is the storage: a thing the run leaves (checkpoint, weights, a
snapshot, the dataset) put somewhere (放, 存, keep, store), with no card, no count of cards and no run of its own
(租, 训, 跑, rent, train) in the message. Then the sized add-on is the price asked, over the months said.
"""

from __future__ import annotations

from bot.understand.lazy import lazy

# what a run leaves behind, or the data it reads
OUTPUT = lazy(r"checkpoints?|ckpts?|权重|模型文件|快照|存档|产物|数据集|训练数据|语料|\bweights?\b|\bsnapshots?\b|\bdatasets?\b|\bartifacts?\b"
              r"|\bmodel\s+files?\b|\boutputs?\b")
# put away: a verb of keeping, or the storage said as its place
KEPT = lazy(r"放|存|备份|保留|留着|\bkeep(?:ing)?\b|\bkept\b|\bstor(?:e|ed|ing)\b|\bpark(?:ed)?\b|\bback(?:ed)?\s+up\b|\bhold\b|\bin\s+(?:the\s+)?(?:object\s+)?storage\b")
# a run of its own asked beside it: then the storage is one line of that run's bill
RUN_TOO = lazy(r"租|训|跑|开机|算力|卡|\brent(?:ing)?\b|\btrain(?:ing)?\b|\brun(?:ning)?\b|\bgpus?\b|\bcards?\b")


def stores_output(norm: str) -> bool:
    """The normalized message asks what keeping a run's output in storage costs, and nothing of the run itself."""
    return bool(OUTPUT.search(norm) and KEPT.search(norm)) and not RUN_TOO.search(norm)
