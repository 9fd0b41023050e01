"""The parts of a chat message's reading beside the training request: what it says about renting
and money, what changes a price but not the memory, and what a serving question states. Kept apart
from the parser so the parser holds only the reading itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from bot.understand.amount import Ambiguous, OutOfRange


@dataclass
class Rental:
    """What a wallet message says about money and renting."""

    provider: str | None = None
    gpu: str | None = None
    num_gpus: int | None = None
    duration_days: float | None = None
    duration_hours: float | None = None
    amount: Decimal | Ambiguous | OutOfRange | None = None  # ambiguous ("1,5") or absurd: asked back / refused
    currency: str | None = None
    form_named: bool = False  # SXM / PCIe said: the rental is that variant, not the cheaper sibling
    # the only length is a rental term's name ("周租", "包月", "weekly"): how the time is bought, never
    # how long a run takes ("今天租一张4090周租 7b qlora 来得及吗" asks the run against the deadline)
    term: bool = False
    left_hours: float | None = None  # "剩下4天", "the other 4 days": the time said to be left of it (bot.understand.time_left)


@dataclass
class PriceExtras:
    """What changes a rental's price but not its memory (storage, nodes, prepay, display currency)."""

    add_ons: dict[str, int] = field(default_factory=dict)
    nodes: int | None = None
    infiniband: bool | None = None
    annual: bool = False
    repeat_purchase: bool = False
    display_currency: str | None = None
    storage_unsized: tuple[str, ...] = ()  # "含存储的账单": storage included with no size said (volume, object-storage)
    added_asked: bool = False  # "每月加多少", "how much extra a month": what the add-ons add, not the whole bill
    per_gb: bool = False  # "对象存储多少钱一个 G": one GB's price asked, no size (add_ons hold 1 GB of each storage)
    sizes: tuple[int, ...] = ()  # "我们要 3T", "we'll archive 4TB": every size stated in GB, no card's or host's memory
    month_average: bool = False  # "年付 平均每月多少", "per month on average?": the total shared out per month
    nodes_counted: bool = False  # "2 nodes x 8 h100": the card count is already all the machines' (16), never times the nodes again
    place: str | None = None  # "数据必须留在境内": the area the machines must be in (bot.understand.residency)
    place_whether: bool = False  # "数据能不能放境内": that area only asked about, every provider still priced
    place_fits: bool = False  # "数据不出境，哪家 OK": which provider (or whether the one named) suits that area is the question
    where_asked: bool = False  # "gpuli 哪个机房能行", "which region has it": which provider or region is asked


@dataclass
class Inference:
    """A serving question: how many requests at once, and the weights' precision if stated."""

    concurrency: int | None = None
    precision: str | None = None
