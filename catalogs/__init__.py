"""Data files (YAML) that drive KaSuan: models, GPUs, providers, currencies, FAQ and UI strings.

They ship inside the wheel; `catalog_path` finds them the same way in a checkout and when installed.
"""

from importlib.resources import files
from pathlib import Path


def catalog_path(*parts: str) -> Path:
    """Path of a catalog file, e.g. catalog_path("providers", "gpuli.yaml")."""
    return Path(str(files(__name__).joinpath(*parts)))
