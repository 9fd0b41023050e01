"""deploy/: the files Docker would read, checked without Docker (there is no engine here or in CI).

The compose file for several replicas must wire what `kasuan run` needs to run as a fleet, the
Dockerfile must pin its base image, install from the lock and say how its health is checked, and
the lock must cover every dependency of pyproject.toml at a version pyproject allows.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement

from bot.adapters.config import Config

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.scale.yml").read_text(encoding="utf-8"))


def test_scale_compose_has_postgres_two_replicas_and_a_proxy() -> None:
    compose = _compose()
    services = compose["services"]
    assert set(services) == {"postgres", "kasuan-a", "kasuan-b", "proxy"}
    assert services["postgres"]["image"] == "postgres:16.4-bookworm"
    assert "pg_isready" in services["postgres"]["healthcheck"]["test"]
    shards = []
    for name in ("kasuan-a", "kasuan-b"):
        s = services[name]
        env = s["environment"]
        assert s["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert env["KASUAN_DB"].startswith("postgresql://kasuan:${POSTGRES_PASSWORD")
        assert env["KASUAN_REPLICAS"] == "2" and env["KASUAN_STATUS_PORT"] == "9090"
        shards.append(env["DISCORD_SHARD_IDS"])
        assert s["build"]["dockerfile"] == "deploy/Dockerfile" and s["read_only"] is True
    assert sorted(shards) == ["0", "1"], "each replica its own Discord shard"
    assert services["proxy"]["image"].startswith("caddy:2.") and services["proxy"]["image"].count(".") == 2
    assert set(compose["volumes"]) == {"kasuan-pg", "caddy-data"}


def test_the_replicas_configuration_is_accepted_and_requires_the_shared_secret() -> None:
    env = dict(_compose()["services"]["kasuan-a"]["environment"])
    env["KASUAN_DB"] = env["KASUAN_DB"].replace("${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}", "pw")
    env.update(TELEGRAM_BOT_TOKEN="1:x", KASUAN_WEBHOOK_URL="https://bot.example.com/telegram/x")
    try:
        Config.from_env(env)
    except ValueError as exc:
        assert "KASUAN_WEBHOOK_SECRET" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("two replicas without a webhook secret must be refused")
    config = Config.from_env({**env, "KASUAN_WEBHOOK_SECRET": "s3cr3t-same-everywhere"})
    assert config.replicas == 2 and config.shared_store and config.discord_shard_ids == (0,)
    assert config.status_port == 9090


def test_caddy_balances_over_both_replicas_and_checks_readiness() -> None:
    text = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert "reverse_proxy kasuan-a:8080 kasuan-b:8080" in text
    assert "health_uri /readyz" in text and "health_port 9090" in text and "lb_policy round_robin" in text


def test_dockerfile_pins_its_base_installs_from_the_lock_and_has_a_healthcheck() -> None:
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    base = re.search(r"^FROM (\S+)", text, re.M)
    assert base is not None and re.fullmatch(r"python:3\.11\.\d+-slim-bookworm(@sha256:[0-9a-f]{64})?", base[1])
    assert "pip install --require-hashes --no-deps -r requirements.lock" in text
    assert re.search(r"^HEALTHCHECK .*\n.*?/healthz", text, re.M)


def test_the_lock_pins_every_dependency_within_pyproject_ranges() -> None:
    project = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lock = (DEPLOY / "requirements.lock").read_text(encoding="utf-8")
    pinned = {m[1].lower().replace("_", "-"): m[2] for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+) ", lock, re.M)}
    assert len(pinned) >= 20
    for raw in project["dependencies"]:
        req = Requirement(raw)
        name = req.name.lower().replace("_", "-").replace(".", "-")
        assert name in pinned, f"{name} missing from deploy/requirements.lock"
        assert req.specifier.contains(pinned[name]), f"{name}=={pinned[name]} outside {req.specifier}"
        for extra in req.extras:  # psycopg[binary] -> psycopg-binary
            assert f"{name}-{extra}" in pinned or extra in ("job-queue", "rate-limiter")
    assert all("--hash=sha256:" in block for block in lock.split("==")[1:]), "every pin carries its hashes"
    assert "sqlite-utils" not in pinned
