"""Generates the Python SDK, ``clients/python`` (the package ``card_table_client``), from
``openapi/openapi.json`` with openapi-python-client, settings in ``tools/sdk-config.yaml``.

    .venv/bin/python tools/generate_sdk.py        (make sdk)

The output is deterministic: the generator and ruff, which its post-generation hooks run,
are the versions pinned in pyproject.toml (checked here), and ruff is taken from this
interpreter's bin directory, put first on PATH. The client is generated into a temporary
directory and then replaces ``clients/python`` wholly, so nothing stale survives; the
generator's README gives way to the hand-written one, ``tools/sdk-readme.md``, and the
one hand-written module, the stream reader that resumes after a drop
(``card_table_client/live.py``), is kept.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "openapi" / "openapi.json"
CONFIG = ROOT / "tools" / "sdk-config.yaml"
README = ROOT / "tools" / "sdk-readme.md"
TARGET = ROOT / "clients" / "python"
# hand-written, kept across regenerations: following a game live
LIVE = TARGET / "card_table_client" / "live.py"
BIN = Path(sys.executable).parent  # .venv/bin: not resolved, a venv's python is a link
PINNED = ("openapi-python-client", "ruff")


def pins() -> dict[str, str]:
    """The ``name==version`` pins of pyproject.toml's dev extra."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = (line.split("==") for line in extras["optional-dependencies"]["dev"])
    return {parts[0]: parts[1] for parts in pinned if len(parts) == 2}


def check_versions() -> None:
    wanted = pins()
    for name in PINNED:
        if version(name) != wanted.get(name):
            sys.exit(
                f"{name} {version(name)} is installed, {wanted.get(name)} pinned: make install-dev"
            )


def generate(output: Path) -> None:
    """openapi-python-client into ``output``; a warning fails it as an error does."""
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "RUFF_NO_CACHE": "true",  # no .ruff_cache left in the package
    }
    command = [BIN / "openapi-python-client", "generate", "--path", SPEC, "--config", CONFIG]
    command += ["--output-path", output, "--fail-on-warning"]
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, env=env, cwd=output.parent
    )
    # It writes to stderr only what it could not do (a post hook failing included).
    if result.returncode != 0 or result.stderr.strip():
        sys.exit(f"openapi-python-client failed (exit {result.returncode}):\n{result.stderr}")


def main() -> None:
    check_versions()
    with tempfile.TemporaryDirectory() as scratch:
        output = Path(scratch) / "python"
        generate(output)
        shutil.rmtree(output / ".ruff_cache", ignore_errors=True)
        shutil.copyfile(README, output / "README.md")
        shutil.copyfile(LIVE, output / LIVE.relative_to(TARGET))
        shutil.rmtree(TARGET, ignore_errors=True)
        shutil.copytree(output, TARGET)
    files = sorted(path for path in TARGET.rglob("*") if path.is_file())
    print(f"{TARGET.relative_to(ROOT)}: {len(files)} files from {SPEC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
