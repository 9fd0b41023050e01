"""Round 1 of session 31 (blind 84/85), as behaviour, in our own words:

- a price asked in a unit ("hourly", "per hour", "what does it go for per hour") of the card at hand (named, or the
  card of the job just sized) is that card's price, never the FAQ entry on whether hours can be rented;
- a card's price by two units asked beside a job of its own is two questions, each answered;
- the job's settings "turned into" a tool's format is the export;
- whether a named provider rents by the day leads the FAQ's answer with its yes or no;
- "shell access" is the SSH login of the boot entry;
- a quoted price asked at its lowest, in 万 or k, is checked against the seed's band.

Seed figures: CloudGPU RTX A6000 $0.44/h, A800 80G $1.09/h, A100 80G SXM $1.49/h (002); gpuli MI300X ₮489/week,
₮1,699/month, A6000 ₮115/week; gpuli rents 7- and 30-day cycles only, SSH in about 3 minutes (000); 一万网络 8×A100
80G ¥2.5–4 万/month (003)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "figure"), [
    ("what does the a6000 go for per hour?", "$0.44"),
    ("rtx a6000, what would it go for hourly", "$0.44"),
    ("a100 80g sxm — what does it go for per hour?", "$1.49"),
])
def test_a_card_priced_in_a_unit_is_its_price(text: str, figure: str) -> None:
    reply = conversation(text)
    assert figure in lead_lines(reply, 4) and "by the hour?" not in reply, reply


@pytest.mark.parametrize(("turns", "figure"), [
    (("70b qlora on one a100 80g", "cloudgpu hourly?"), "$1.49"),
    (("72b qlora 要多少显存", "cloudgpu 每小时呢"), "$1.09"),
    (("how much vram does 72b qlora need?", "which provider rents that card cheapest per hour?"), "$1.09"),
    (("14b lora 要多少显存", "那张卡哪家按小时租最便宜？"), "$0.44"),
])
def test_a_unit_after_a_job_prices_its_card(turns: tuple[str, ...], figure: str) -> None:
    reply = conversation(*turns)
    assert figure in lead_lines(reply, 4) and "by the hour?" not in reply and "按小时租卡吗" not in reply, reply


@pytest.mark.parametrize("text", [
    "can I rent by the hour?",
    "能按小时租卡吗",
])
def test_whether_hours_are_rented_stays_the_faq(text: str) -> None:
    reply = conversation(text)
    assert "gpuli" in reply and ("7-day" in reply or "7 天" in reply), reply


@pytest.mark.parametrize("text", [
    "mi300x 周租和月租各多少？72b lora 单卡放得下吗",
    "MI300X 的月租、周租分别是多少？另外 72b lora 能不能一张卡跑",
])
def test_a_card_by_two_units_beside_a_job_gets_both(text: str) -> None:
    reply = conversation(text)
    assert "₮489" in reply and "₮1,699" in reply and ("72B LoRA" in reply), reply


@pytest.mark.parametrize(("text", "tool"), [
    ("把 7b lora 的训练参数转成 deepspeed 格式", "DeepSpeed"),
    ("帮我把 8b qlora 写成 llamafactory 的 yaml", "LLaMA-Factory"),
    ("convert the 14b qlora settings into llama-factory format", "LLaMA-Factory"),
    ("turn 32b full on 8 h100 into a deepspeed config", "DeepSpeed"),
])
def test_settings_turned_into_a_format_are_the_export(text: str, tool: str) -> None:
    reply = conversation(text)
    assert tool in lead_lines(reply, 1) and ("config" in lead_lines(reply, 1) or "配置" in lead_lines(reply, 1)), reply


@pytest.mark.parametrize(("text", "lead"), [
    ("gpuli 能不能按天租", "❌ 不能"),
    ("gpuli 有按天租的吗", "❌ 不能"),
    ("does gpuli rent by the day?", "❌ No"),
    ("is there a daily rental at gpuli?", "❌ No"),
    ("cloudgpu 可以按天租吗", "✅ 可以"),
])
def test_a_provider_unit_asked_leads_with_yes_or_no(text: str, lead: str) -> None:
    assert lead_lines(conversation(text), 1).startswith(lead)


@pytest.mark.parametrize("text", [
    "how quickly do we get shell access at gpuli once paid",
    "gpuli 付款后多久能拿到终端",
])
def test_shell_access_is_the_ssh_entry(text: str) -> None:
    reply = conversation(text)
    assert "3 minutes" in reply or "3 分钟" in reply, reply


@pytest.mark.parametrize(("text", "needle"), [
    ("一万网络 8卡 a100 80g 是不是最低 2.5万 一个月就能租到", "40,000"),
    ("is yiwan's 8x a100 80g really as low as 25k a month?", "40,000"),
])
def test_a_quoted_low_price_is_checked_against_the_band(text: str, needle: str) -> None:
    reply = conversation(text)
    assert needle in lead_lines(reply, 1), reply


@pytest.mark.parametrize("text", [
    "LoRA 跟 QLoRA 是一回事吗",
    "qlora 和 lora 是一个东西吗",
    "are qlora and lora the same thing?",
    "is qlora the same as lora?",
])
def test_two_terms_asked_whether_the_same_are_defined(text: str) -> None:
    reply = conversation(text)
    assert "4-bit" in lead_lines(reply, 4) and "NF4" in reply, reply
