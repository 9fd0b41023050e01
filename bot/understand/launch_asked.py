"""A launch script or command asked for ("launch script for 8 gpus", "给个启动命令", "训练命令发一下", "torchrun 那种").

Why apart: the command that starts the run is a file of its own in an export (launch_*.sh), asked by words no config
pattern names; read here once, it joins the tools a message names (bot.understand.asks.config_tools) so the export
leads with that command, and a launch asked with no model is still an export (the command does not depend on it).
"""

from __future__ import annotations

from bot.understand.lazy import lazy

# the script or command that starts training, in either language; a launcher named by its own command (torchrun,
# "accelerate launch", llamafactory-cli) is one too, but the launcher words alone ("启动", "launch") are not
LAUNCH = lazy(
    r"\blaunch(?:er)?[\s_-]*(?:scripts?|commands?|cmds?|lines?|\.sh)\b|\b(?:run|start|training|train)[\s_-]*(?:scripts?|commands?|cmds?)\b"
    r"|启动\s*(?:命令|脚本|指令|方式)|(?:训练|运行|跑)\s*(?:的\s*)?(?:命令|脚本|指令)|\btorchrun\b|\bllamafactory-cli\b|accelerate\s+launch\b"
    r"|launch_\w+\.sh|\bbash\s+script\b|\.sh\b"
    # the launcher's English word with the Chinese noun ("launch 脚本", "start 命令"), and a script asked for by a verb of
    # giving ("脚本给一个", "来个脚本", "give me a script", "need the script for …") or heading the message ("脚本：7b qlora
    # 4090", "script: 8b lora on an a100"; the colon is gone once normalized): the run's script, whatever job follows
    r"|\b(?:launch(?:er)?|start|run|train(?:ing)?)\s*(?:脚本|命令|指令)"
    r"|(?:给|来|发|出|写|要|整|搞)\s*(?:我|我们)?\s*(?:个|一个|一份|份|下|一下|1个|1份)?\s*(?:训练|启动|运行)?\s*脚本(?!\s*(?:来|去|把|帮|统计|计算|处理|转|清洗|下载|爬|解析|监控|画|算|检查|合并))"
    r"|脚本\s*(?:给|来|发|出|写|整)\s*(?:我|我们)?\s*(?:个|一个|一份|份|下|一下|1个|1份|吧|呗)"
    r"|^\s*(?:训练|启动|运行)?\s*脚本\s+(?=\S)"
    r"|\b(?:give|send|write|need|want|share|drop)\s+(?:me\s+|us\s+)?(?:a|an|the|one|some)?\s*(?:training\s+|launch\s+|run\s+)?script\b(?!\s+(?:to|that|which)\b)"
    r"|^\s*(?:the\s+)?script\s+(?:for\s+|pls\s+|please\s+)?(?=\S)")
# asked about rather than asked for: "启动命令是什么意思", "what does the launch command do"
ABOUT = lazy(r"什么意思|啥意思|是什么|是啥|怎么写|怎么用|\bwhat\s+is\b|\bhow\s+(?:do\s+(?:i|we)\s+|to\s+)(?:write|use)\b|为什么|为啥|区别|报错|\bwhat\s+does\b|\bwhy\b|\bdifference\b|\berror\b|\bfails?\b")


def launch_asked(norm: str) -> bool:
    """The normalized message asks for the command (or script) that starts the training run."""
    return bool(LAUNCH.search(norm)) and not ABOUT.search(norm)



# in asks.config_tools's table of tools: a launch named joins the tools whose files lead an export's summary
LAUNCH_TOOL = LAUNCH
