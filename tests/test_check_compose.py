"""``make lint-docker``'s check of compose.yaml (tools/check_compose.py) passes the
committed file and catches what the proxy's topology could get wrong."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def check(tmp_path: Path, *edits: tuple[str, str]) -> subprocess.CompletedProcess:
    (tmp_path / "deploy").mkdir(exist_ok=True)
    shutil.copy(ROOT / "deploy" / "haproxy.cfg", tmp_path / "deploy" / "haproxy.cfg")
    shutil.copy(ROOT / "Dockerfile", tmp_path / "Dockerfile")
    text = (ROOT / "compose.yaml").read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    (tmp_path / "compose.yaml").write_text(text)
    return subprocess.run(
        [sys.executable, ROOT / "tools" / "check_compose.py", tmp_path / "compose.yaml"],
        capture_output=True,
        text=True,
        env={"PATH": ""},  # no HOST_IP, PORT, ... from the caller's environment
    )


def test_the_committed_file_passes(tmp_path):
    answer = check(tmp_path)
    assert answer.returncode == 0, answer.stderr
    assert "OK (5 services)" in answer.stdout


@pytest.mark.parametrize(
    ("edit", "complaint"),
    [
        (("APP3: app3:8000", "APP3: app4:8000"), "server app3 is 'app4', no service here"),
        (("haproxy.cfg:ro", "haproxy.cfg"), "read-only"),
        (("      STATS_SOCKET: /var/lib/haproxy/admin.sock\n", ""), "${STATS_SOCKET}, not set"),
        (("./deploy/haproxy.cfg", "./deploy/gone.cfg"), "./deploy/gone.cfg does not exist"),
        (('PROXY_BIND: ":8000"', 'PROXY_BIND: ":9000"'), "listens on port 9000"),
        (
            ("  app3: *app\n", '  app3:\n    <<: *app\n    ports: ["127.0.0.1:8003:8000"]\n'),
            "server app3 (app3) publishes ports of its own",
        ),
        (("    healthcheck: # no curl", "    x-healthcheck: # no curl"), "proxy: no healthcheck"),
    ],
)
def test_a_broken_topology_is_named(tmp_path, edit, complaint):
    answer = check(tmp_path, edit)
    assert answer.returncode == 1
    assert complaint in answer.stderr, answer.stderr
