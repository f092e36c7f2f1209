"""Game plugins of the test session, installed with pip as a user would install a game.

Each distribution under ``tests/plugins/`` is built and installed by pip into
``.test-plugins/`` (not into the virtual environment, so ``make run`` never lists a
test game), and that folder is put first on the import path of this process and of
every process it starts. The registry then finds the games through their entry points,
exactly like a game installed from PyPI.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "tests" / "plugins"
TARGET = ROOT / ".test-plugins"
STAMP = TARGET / ".source-digest"


def _digest() -> str:
    """Returns a digest of every plugin source file (names and contents)."""
    h = hashlib.sha256()
    for path in sorted(SOURCES.rglob("*")):
        made = any(part in ("__pycache__", "build") or part.endswith(".egg-info")
                   for part in path.relative_to(SOURCES).parts)  # what a build leaves
        if path.is_file() and not made:
            h.update(str(path.relative_to(SOURCES)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def install() -> Path:
    """Installs the test plugins with pip when their sources changed since the last
    install, and puts them on the import path (here and in child processes)."""
    digest = _digest()
    if not (STAMP.is_file() and STAMP.read_text() == digest):
        plugins = sorted(str(p) for p in SOURCES.iterdir() if (p / "pyproject.toml").is_file())
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                        "--upgrade", "--target", str(TARGET), *plugins],
                       check=True, cwd=ROOT)
        STAMP.write_text(digest)
    path = str(TARGET)
    if path not in sys.path:
        sys.path.insert(0, path)
    parts = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if path not in parts:
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [path, *parts] if p)
    return TARGET
