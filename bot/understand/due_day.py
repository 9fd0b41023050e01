"""A deadline said as the day a run must be ready for, with no 前 / 截止 / due verb: "赶得上周五的评审吗",
"demo 定在 12 月 8 号", "周四的 review 来得及吗" (bot.understand.planning.deadline reads its day)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# a day said in Chinese: 今天 … 大后天, 周五 / 下周一 / 周末, 月底, 年底, 12月8号; any of them with a part of the day
# or an hour after it ("周四上午", "周五下午 3 点", "12月8号晚上")
DAY_ZH = (r"(?:(?:(?:今天|明天|后天|大后天)|(?:下+|这|本)?\s*(?:周|星期|礼拜)\s*[一二三四五六日天1-7]|(?:下+|这|本)?\s*个?\s*(?:周|星期|礼拜)末"
          r"|(?:下个?)?月底|年底|\d{1,2}\s*月\s*\d{1,2}\s*[日号]?)(?:\s*(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上))?"
          r"(?:\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*[点时](?:半|\d{1,2}\s*分?)?)?|今晚|今夜|明晚|今早|明早)")
# a named day the work is due on, without 前: "后天要交", "周五交付", "明天得出结果", "月底要上线"; asked as a
# question too ("周三能训完吗", "周五可以跑完不", "明天来得及训完吗"): the day is the deadline all the same
DUE_ZH = lazy(DAY_ZH +
              r"\s*(?:就|必须|一定|能不能|能|可不可以|可以|来得及|来不来得及)?\s*"
              r"(?:(?:要|得|需要)\s*(?:交|用|出|完|上线|汇报|演示|展示|结果)|(?:要|得|需要)?\s*(?:demo|路演|答辩)|交付|交差|提交|上线|出结果|要结果|完成|[训跑做搞]完|[训跑做搞]得完|搞定"
              # shown to someone that day: "下周一要给老板看结果", "周五得跟客户演示", "明天要拿结果给导师过目"
              r"|(?:要|得|需要)\s*(?:拿\s*(?:结果|东西)\s*)?(?:给|向|跟)\s*[\u4e00-\u9fff]{1,6}?\s*(?:看|汇报|演示|展示|过目|交))")
# the day named after the question whether the run is ready in time ("赶得上周五的评审吗", "来得及下周一的 demo 吗"),
# or as the day an event is set for ("demo 定在 12 月 8 号", "评审安排在周四"): that day is the deadline too
CATCH_ZH = lazy(r"(?:赶得上|赶得及|赶不赶得上|赶不上|来得及|来不及|来不来得及|赶上)\s*" + DAY_ZH +
                # "demo day 是 12 月 4 号", "demo day 周五 17:00": the event's day, with its time of day when one follows
                r"|(?:demo(?:\s*day)?|路演|答辩|汇报|评审|review|上线|交付|发布|演示|展示|截止|deadline|ddl)\s*(?:日期)?\s*"
                r"(?:定在|定于|定了|安排在|放在|是在|是|在)?\s*" + DAY_ZH + r"(?:\s*\d{1,2}\s*[:：]\s*\d{2})?" +
                # or the day and its event before the question: "周四的 review 赶得上吗", "周五评审来得及吗"
                r"|" + DAY_ZH + r"\s*的?\s*(?:sprint\s*)?(?:demo|review|评审|汇报|路演|答辩|演示|展示|会议?|上线|发布)?\s*"
                r"(?:赶得上|赶得及|赶不赶得上|来得及|来不及|来不来得及)",
                re.IGNORECASE)
