"""`pip install .` must work from a wheel: catalogs and templates ship inside it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_wheel_contains_catalogs_and_templates(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    wheel = next(tmp_path.glob("kasuan-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("catalogs/models.yaml", "catalogs/gpus.yaml", "catalogs/faq.yaml", "catalogs/strings.yaml",
                   "catalogs/providers/gpuli.yaml", "catalogs/strings_cost.yaml", "catalogs/mfu.yaml", "templates/sizing.j2",
                   "templates/macros.j2", "templates/telegram/macros.j2", "templates/discord/macros.j2", "templates/cost.j2",
                   "bot/cli/commands.py", "bot/views/summary.py", "engine/memory.py", "bot/core/router.py", "bot/understand/parser.py",
                   "bot/store/ledger.py", "bot/wallet/handlers.py", "bot/wallet/rentals.py", "bot/adapters/telegram/front.py", "bot/runtime/run.py",
                   "templates/wallet.j2", "catalogs/strings_wallet.yaml"):
        assert needed in names, needed
    assert any(n.endswith("entry_points.txt") for n in names)
