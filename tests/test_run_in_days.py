"""A deadline plan's run of two days or more says its length in days beside the hours (templates/planning.j2):
a deadline a month off is weighed in days, and "112.3 小时" alone left the team to divide."""

from tests.chat_user import ChatUser


def test_zh_pretraining_run_before_a_deadline_says_days() -> None:
    u = ChatUser()
    u.say("月底之前 14b 继续预训练 语料 4B token 用 8 张 a100 能不能训完")
    verdict = next(line for line in u.text.splitlines() if "训练约" in line)
    hours = float(verdict.split("训练约 ")[1].split(" 小时")[0])
    assert hours >= 48, u.text
    assert f"约 {hours / 24:.1f} 天" in verdict


def test_a_short_run_stays_in_hours() -> None:
    u = ChatUser()
    u.say("月底之前 7b 继续预训练 语料 0.2B token 用 8 张 h100 能不能训完")
    verdict = next((line for line in u.text.splitlines() if "训练约" in line), "")
    assert "天" not in verdict.split("（")[0].split("训练约")[-1], u.text
