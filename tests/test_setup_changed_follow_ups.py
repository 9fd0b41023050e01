"""A follow-up that changes one thing of a setup just priced or sized (the provider, the card, the length, the
count, "the matching card") is answered as that setup changed, priced at once, the figure in the first lines."""

from __future__ import annotations

import pytest

from bot.understand.fields import duration
from bot.understand.parser import parse
from bot.understand.script import simplified
from tests.chat_user import ChatUser


def _head(chat: ChatUser, n: int = 3) -> str:
    return "\n".join(chat.lines[:n])


def _play(turns: list[str]) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize("turns, figure", [
    # the provider asked rents no such card: its own card for the job (CloudGPU's RTX A6000, $0.44 an hour)
    (["14b qlora 用 5090 行不行", "gpuli 一周多少", "换 cloudgpu 呢"], "$0.44"),
    (["is a 5090 ok for 14b qlora", "weekly at gpuli?", "and on cloudgpu?"], "$0.44"),
    # "the matching card there", not that provider's whole list (72B QLoRA: CloudGPU's A800 at $1.09 an hour)
    (["72b qlora gpuli 用什么卡", "一周多少", "cloudgpu 相应的卡 每小时多少"], "1.09"),
    (["which card for 72b qlora at gpuli", "a week?", "the equivalent card at cloudgpu, per hour?"], "1.09"),
])
def test_a_provider_changed_prices_its_own_card_for_the_job(turns: list[str], figure: str) -> None:
    chat = _play(turns)
    assert figure in _head(chat), chat.text
    assert "挂牌价" not in chat.lines[0] and "list prices" not in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ["7b qlora 在 cloudgpu 用 4090", "gpuli 包周呢", "那 一万网络 呢"],
    ["7b qlora on a cloudgpu 4090", "gpuli weekly?", "what about yiwan?"],
])
def test_the_stand_in_at_a_provider_without_the_card_is_priced_in_the_first_lines(turns: list[str]) -> None:
    chat = _play(turns)
    assert "1,750" in _head(chat), chat.text  # 一万网络's RTX 3090 a month, not two lines of refusal first


@pytest.mark.parametrize("turns", [
    ["一万网络 3090 包月多少", "假如改跑 13b lora 用什么卡", "那个 一个月多少"],
    ["yiwan 3090 per month", "if we ran 13b lora instead, which card?", "monthly for that one?"],
])
def test_a_job_put_in_place_of_a_rental_is_sized_at_that_provider(turns: list[str]) -> None:
    chat = _play(turns)
    assert "2,800" in _head(chat), chat.text  # 一万网络's A100 40G, the table's card for 13B LoRA


@pytest.mark.parametrize("turns", [
    ["7b 全参 一张 80g 的卡够吗", "gpuli 一个月多少", "换 h200 宽裕点呢"],
    ["7b full finetune on a single 80gb card?", "gpuli per month?", "h200 instead, for more room?"],
])
def test_a_card_changed_after_a_full_fine_tunes_price_keeps_the_seeds_optimizer(turns: list[str]) -> None:
    chat = _play(turns)
    assert "2,599" in _head(chat), chat.text  # one H200 with the 8-bit optimizer, not the MI300X
    assert "MI300X" not in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ["8张h100 能跑 72b 全参吗", "不开 offload 呢", "那租一个月多少"],
    ["can 8x h100 do a 72b full finetune", "without offload?", "monthly for that?"],
])
def test_eight_cards_stated_price_the_one_eight_card_box(turns: list[str]) -> None:
    chat = _play(turns)
    assert "19,752" in _head(chat), chat.text  # 8 × H200 with the 8-bit optimizer at gpuli, not 32 × H100


@pytest.mark.parametrize("text, days", [
    ("租一季呢", 90.0), ("两个季度多少", 180.0), ("for a quarter?", 90.0), ("two quarters then", 180.0),
    ("a quarter of the memory", None),
])
def test_a_quarter_is_three_months(text: str, days: float | None) -> None:
    assert parse(text).rental.duration_days == days


@pytest.mark.parametrize("turns, figure", [
    (["一万网络 3090 一个月多少", "那一季多少"], "5,250"),
    (["3090 monthly at yiwan", "and for a quarter?"], "5,250"),
])
def test_a_quarter_after_a_monthly_price_is_three_months_of_it(turns: list[str], figure: str) -> None:
    chat = _play(turns)
    assert figure in _head(chat), chat.text


@pytest.mark.parametrize("turns", [
    ["gpuli 4090 包周", "两周呢", "包一个月会不会更省"],
    ["4090 weekly at gpuli", "two weeks?", "is a month cheaper?"],
])
def test_a_month_weighed_after_two_weeks_keeps_the_two_weeks(turns: list[str]) -> None:
    chat = _play(turns)
    head = _head(chat, 4)
    assert "218" in head and "369" in head, chat.text


@pytest.mark.parametrize("text", ["if I only need 10 days?", "what if we just need 10 days"])
def test_ten_days_needed_is_a_length_not_ten_cards(text: str) -> None:
    chat = _play(["cheapest card for 7b qlora at gpuli", text])
    assert "218" in _head(chat), chat.text  # two weeks of its 4090
    assert "10 cards" not in chat.text, chat.text


@pytest.mark.parametrize("turns", [
    ["14b lora a week at gpuli", "cloudgpu by the hour for the same?", "3 days then?"],
    ["gpuli 14b lora 包周", "cloudgpu 同样的配置 按小时呢", "跑 3 天呢"],
])
def test_the_same_setup_at_another_provider_then_a_length(turns: list[str]) -> None:
    chat = _play(turns)
    assert "31.68" in _head(chat), chat.text  # CloudGPU's A6000 for 72 h, the provider just asked staying


@pytest.mark.parametrize("text, said", [("cloudgpu 4090 跑 5 個鐘 幾錢", "5 小时"), ("一個月幾錢", "多少钱")])
def test_cantonese_price_and_hour_words(text: str, said: str) -> None:
    assert said in simplified(text)
    assert duration(simplified("跑 5 個鐘")) == (None, 5.0)


@pytest.mark.parametrize("turns", [
    ["7b qlora 用什么卡", "要两张这个呢"],
    ["which card for 7b qlora", "2 of those?"],
])
def test_two_of_the_card_picked_are_that_card(turns: list[str]) -> None:
    chat = _play(turns)
    assert "RTX 3090" in chat.lines[0] and "T4" not in chat.lines[0], chat.text  # two of the 3090 picked, not two T4s


@pytest.mark.parametrize("turns", [
    ["一万网络 t4 一个月多少", "拿来跑 7b qlora 够不够"],
    ["how much is a t4 at yiwan", "big enough for 7b qlora?"],
])
def test_a_job_asked_of_a_card_just_priced_is_judged_on_it(turns: list[str]) -> None:
    chat = _play(turns)
    assert "T4" in chat.lines[0], chat.text
