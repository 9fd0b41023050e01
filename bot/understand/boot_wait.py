"""The wait before a rented machine is up: "how long till it starts", "开机要多久", "多久能连上 ssh".

Why its own words: "how long" and "多久" otherwise ask how long a run takes (its tokens over the card's speed).
Said of the machine starting, booting or being ready, they ask the provider's start-up time, a FAQ; a message that
also states a job ("7b qlora on a 4090, how long till it starts and how much for 3 hours") keeps its job for the
price asked and gets the start-up answer beside it, never a run length it did not ask.
"""

from __future__ import annotations

from bot.understand.lazy import lazy

# what the machine does when it is ready: starts, boots, comes up, is up, spins up, is reachable over ssh
_UP = (r"(?:starts?|starting|boots?(?:\s+up)?|booting|comes?\s+up|(?:is|gets?|be)\s+(?:up|ready|running|provisioned|reachable)"
       r"|spins?\s+up|(?:i|we)\s+can\s+(?:ssh|log\s+in|connect)|(?:i|we)\s+get\s+(?:ssh|access))")
_IT = r"(?:it|the\s+(?:instance|machine|box|server|card|gpu|node)|an?\s+(?:instance|machine|box|server)|(?:my|our)\s+\w+)"
WAIT = lazy(rf"\bhow\s+long\s+(?:till|until|before|for|does|do|will|would)\s+{_IT}\s+(?:(?:take|need)\s+to\s+)?{_UP}"
            rf"|\bhow\s+(?:soon|fast|quickly)\s+(?:till|until|before|does|do|will|would|can|is)\s+{_IT}\s+(?:(?:be|get)\s+)?{_UP}"
            r"|(?:开机|启动|开好机器?|起机|就绪|开出来|连上\s*ssh|ssh\s*连上)\s*(?:要|需要|得|大概|大约|约)*\s*(?:多久|多长时间|几分钟)"
            r"|(?:多久|多长时间|几分钟)\s*(?:能|可以|才能|就能|会)?\s*(?:开机|启动|开好|起来|就绪|开出来|连上|登录|ssh|用上)")


def without_wait(norm: str) -> str:
    """`norm` with the start-up wait it asks blanked: what is left asks how long a run takes, or not."""
    return WAIT.sub(" ", norm)


def asks_wait(norm: str) -> bool:
    """The message asks how long until the rented machine is up."""
    return bool(WAIT.search(norm))
