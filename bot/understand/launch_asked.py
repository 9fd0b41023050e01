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
    r"|launch_\w+\.sh|\bbash\s+script\b|\.sh\b")
# asked about rather than asked for: "启动命令是什么意思", "what does the launch command do"
ABOUT = lazy(r"什么意思|啥意思|是什么|是啥|怎么写|怎么用|\bwhat\s+is\b|\bhow\s+(?:do\s+(?:i|we)\s+|to\s+)(?:write|use)\b|为什么|为啥|区别|报错|\bwhat\s+does\b|\bwhy\b|\bdifference\b|\berror\b|\bfails?\b")


def launch_asked(norm: str) -> bool:
    """The normalized message asks for the command (or script) that starts the training run."""
    return bool(LAUNCH.search(norm)) and not ABOUT.search(norm)



# in asks.config_tools's table of tools: a launch named joins the tools whose files lead an export's summary
LAUNCH_TOOL = LAUNCH
