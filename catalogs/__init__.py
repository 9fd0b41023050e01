"""Data files (YAML) that drive KaSuan: models, GPUs, providers, currencies, FAQ and UI strings.

They ship inside the wheel; `catalog_path` finds them the same way in a checkout and when installed.
"""

from functools import cache
from importlib.resources import files
from pathlib import Path


@cache
def _root() -> Path:
    return Path(str(files(__name__)))


def catalog_path(*parts: str) -> Path:
    """Path of a catalog file, e.g. catalog_path("providers", "gpuli.yaml"). The package's folder is
    looked up once: the chat parser asks for the providers' folder in every message."""
    return _root().joinpath(*parts)
