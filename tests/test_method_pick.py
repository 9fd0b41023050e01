"""Asked which method to take, an adapter against a full fine-tune, the reply leads with the recommendation
(the adapter first), what each needs and costs, and the catalog's 30–40× scale of the gap (bot/core/method_pick.py);
asked only how they differ, the comparison stays as it was."""

from tests.chat_user import ChatUser


def _first(text: str) -> str:
    return text.strip().splitlines()[0]


def test_zh_which_first_leads_with_the_adapter_and_the_cost_scale() -> None:
    u = ChatUser()
    u.say("客服机器人 用 7b 模型，lora 先试还是一步到位直接上全参？")
    lead = _first(u.text)
    assert lead.startswith("👉 建议先 LoRA"), u.text
    assert "1×RTX A6000" in lead and "$0.44" in lead  # the adapter's card and its hourly price
    assert "A100 80GB PCIe" in lead and "8-bit" in lead  # seed 000's minimum for a 7B full fine-tune
    assert "30–40 倍" in lead


def test_en_lora_or_full_which_is_better_names_both_setups() -> None:
    u = ChatUser()
    u.say("for a 14B legal assistant, is full fine-tuning or LoRA better for us?")
    lead = _first(u.text)
    assert lead.startswith("👉 Start with LoRA"), u.text
    assert "1× RTX A6000" in lead and "4× A100 80GB SXM" in lead
    assert "30–40 times" in lead


def test_qlora_against_full_says_the_tight_card() -> None:
    u = ChatUser()
    u.say("14b 用 qlora 还是全参合适")
    lead = _first(u.text)
    assert lead.startswith("👉 建议先 QLoRA"), u.text
    assert "1×RTX 4090（显存偏紧）" in lead


def test_the_difference_alone_keeps_the_comparison() -> None:
    for said in ("7b lora 跟全参差多少显存", "what's the memory difference between lora and full ft on a 7b"):
        u = ChatUser()
        u.say(said)
        assert "👉" not in u.text, u.text
        assert "LoRA" in _first(u.text)
