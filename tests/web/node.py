"""Node's own test runner on a test file of the web table's modules: the file's tests
run in Node as the browser would run the modules (no browser needed)."""

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def node_tests(test_file: Path, env: dict[str, str] | None = None) -> dict[str, int]:
    """Run ``test_file``; its summary (tests, pass, fail, ...), once it passed."""
    result = subprocess.run(
        [NODE or "node", "--test", "--test-reporter=tap", str(test_file)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    summary = re.findall(r"^# (tests|pass|fail|skipped|cancelled|todo) (\d+)$", output, re.M)
    return {name: int(count) for name, count in summary}
