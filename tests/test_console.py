"""A scripted conversation through `kasuan chat` over piped stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_scripted_console_session(tmp_path: Path) -> None:
    script = "\n".join([
        "help",
        "Qwen3-8B QLoRA 一张4090够吗",
        "能按小时租吗？",
        "/lang en",
        "能按小时租吗？",
        "qwen3-9b lora",
        "今天吃啥",
        "/topup 500 USDT gpuli",
        "/rent 4090 week gpuli",
        "1",
        "/wallet",
        "/quit",
        "this line is never read",
    ]) + "\n"
    env = {**os.environ, "KASUAN_DB": str(tmp_path / "kasuan.db"), "KASUAN_LOG": str(tmp_path / "kasuan.log"),
           "KASUAN_OUT": str(tmp_path / "out")}
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "chat"], input=script, capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).parent.parent, env=env)
    out = proc.stdout
    assert proc.returncode == 0 and "Traceback" not in out + proc.stderr
    assert "I'm KaSuan" in out  # help, in the message's language
    assert "1×RTX 4090 装得下" in out  # sizing in Chinese
    assert "gpuli 不能按小时租" in out  # FAQ answer in Chinese
    assert "gpuli has no hourly option" in out  # the same question after /lang en
    assert "Unknown model 'qwen3-9b'; did you mean" in out  # bad input: a clear line
    assert "That's outside what I do" in out  # off-topic chatter in English after /lang en
    assert "₮391.00" in out  # 500 topped up, a ₮109 week confirmed with button 1, in SQLite
    assert (tmp_path / "kasuan.db").exists()
    assert "never read" not in out
    chart = tmp_path / "out" / "sizing-2.png"  # the sizing reply's chart, saved and its path printed
    assert f"图：{chart}" in out and chart.read_bytes().startswith(b"\x89PNG")
