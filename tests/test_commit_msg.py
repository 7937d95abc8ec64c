"""The commit-msg hook (tools/githooks/commit-msg): a short subject, no closing full
stop, a blank line before the body."""

import subprocess
import sys
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parents[1] / "tools" / "githooks" / "commit-msg"


def run_hook(tmp_path, message: str) -> subprocess.CompletedProcess:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    return subprocess.run([sys.executable, HOOK, path], capture_output=True, text=True)


@pytest.mark.parametrize(
    "message",
    [
        "Fix the clock's start\n",
        "Fix the clock's start\n\nThe turn began before its commit.\n",
        "Ünïcödé counts by characters, not bytes: ×××××××××××××××××××××××××××\n",
        "# a comment git adds\nFix it\n",
    ],
)
def test_a_good_message_passes(tmp_path, message):
    assert run_hook(tmp_path, message).returncode == 0


@pytest.mark.parametrize(
    "message, said",
    [
        ("x" * 73 + "\n", "73 characters"),
        ("Fix the clock.\n", "full stop"),
        ("Fix the clock\nbecause it was early\n", "blank line"),
        ("\n\nbody only\n", "empty"),
    ],
)
def test_a_bad_message_is_refused_saying_why(tmp_path, message, said):
    answer = run_hook(tmp_path, message)
    assert answer.returncode == 1 and said in answer.stderr
