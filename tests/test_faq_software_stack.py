"""A question about the software on an NVIDIA card (CUDA, PyTorch, the driver, the image) used to reach the
MI300X entry, the only one that named CUDA and compatibility ("4090 和 pytorch 兼容性怎么样" got ROCm). It
now has an entry of its own from what the seeds say: gpuli's example boots a 4090 from the
pytorch-2.5-cu124 image (seed 000), 一万网络's engineers preinstall CUDA 12.x, cuDNN and PyTorch (seed 003),
ROCm is the MI300X's concern only; and where the seeds are silent (which driver version) it says so."""

from __future__ import annotations

import pytest

from bot.understand.faq import lookup
from tests.chat_user import ChatUser

ASKED = [
    "3090 跑 pytorch 有没有兼容问题",
    "a100 上 cuda 是几版的",
    "h100 驱动版本多少",
    "一万网络 装的 cuda 什么版本",
    "4090 能跑 cuda 12 吗",
    "does the rtx 4090 work with pytorch",
    "what cuda version is on the h100",
    "which nvidia driver does gpuli's a100 come with",
    "is pytorch preinstalled on cloudgpu's 4090",
]


@pytest.mark.parametrize("text", ASKED)
def test_software_on_an_nvidia_card_is_its_own_entry(text: str) -> None:
    hit, hits = lookup(text)
    assert hit is not None and hit.entry.id == "software-stack", [(h.entry.id, h.score) for h in hits]


@pytest.mark.parametrize(("text", "facts", "not_said"), [
    ("4090 和 torch 兼容吗", ["pytorch-2.5-cu124", "CUDA 12.x", "驱动版本", "没写"], "月租 ₮1,699"),
    ("what driver version is on the a100s I rent", ["pytorch-2.5-cu124", "CUDA 12.x", "driver version", "not in"],
     "₮1,699/month"),
])
def test_the_answer_gives_the_seeds_versions_and_owns_what_they_do_not_say(text: str, facts: list[str], not_said: str) -> None:
    me = ChatUser()
    me.say(text)
    assert all(f in me.text for f in facts), me.text
    assert not_said not in me.text, me.text  # not the MI300X's entry


@pytest.mark.parametrize("text", ["MI300X 跟 pytorch 兼容吗", "does pytorch work on the mi300x"])
def test_the_mi300x_is_answered_with_rocm(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "ROCm" in me.text and "A100 80GB" in me.text, me.text
