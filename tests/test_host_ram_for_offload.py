"""Host RAM asked against optimizer offload on gpuli's 8×H100 box: a yes first, with the box's 1,600 GB (seed 000's
cost example) against what offload keeps in host memory (fp32 master weights and both moments, 12 bytes a parameter:
about 864 GB for a 72B, 384 GB for a 32B)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text", ["is the RAM on gpuli's 8-card h100 box enough for optimizer offload?",
                                  "gpuli 8卡h100 主机内存够不够开 optimizer offload"])
def test_host_ram_for_offload_on_the_8_card_box_is_a_yes_with_its_figures(text: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert "✅" in lead and "1,600 GB" in lead and "864 GB" in lead, lead
