"""Jinja2 templates that turn reply data into text, one flavor per platform."""

from importlib.resources import files
from pathlib import Path


def template_dir() -> Path:
    """The folder holding the .j2 files, in a checkout and in an installed wheel alike."""
    return Path(str(files(__name__)))
