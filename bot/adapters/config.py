"""Configuration of the front ends, read only from the environment (and an optional .env file).

Why only the environment: tokens are secrets, and the environment is where Docker, systemd and CI
put secrets; nothing sensitive lives in a file that is committed or baked into an image. A .env
file (read by python-dotenv) is a convenience for a developer's machine and never overrides a
variable already set. pydantic-settings types the variables (`Environment`); `Config` adds the
rules that tie several together (a webhook secret for several replicas, shard ranges).

Tokens must never reach a log line, an exception message or a chat: `TokenRedactor` is a
logging.Filter that replaces every configured secret (and anything shaped like a Telegram bot
token) before a record is formatted, tracebacks included.
"""

from __future__ import annotations

import io
import logging
import os
import re
import secrets
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store.connection import StoreURLError, parse_target

REDACTED = "[redacted]"
# A Telegram bot token: the bot id, a colon, 35 characters of base64url. Redacted even when it is
# not the configured one (a token pasted into a message, a second bot's token in a URL).
TELEGRAM_TOKEN_SHAPE = re.compile(r"\b\d{6,}:[A-Za-z0-9_-]{30,}\b")
class Environment(BaseSettings):
    """The variables `kasuan run` reads, typed: pydantic-settings reads them from the environment.

    Names are the variables' own (TELEGRAM_BOT_TOKEN ...); an empty variable counts as unset.
    `Config.from_env` turns this into the checked configuration (webhook rules, shard ranges).
    """

    model_config = SettingsConfigDict(case_sensitive=True, env_ignore_empty=True, str_strip_whitespace=True,
                                      extra="ignore", populate_by_name=False)

    telegram_token: SecretStr | None = Field(None, alias="TELEGRAM_BOT_TOKEN")
    discord_token: SecretStr | None = Field(None, alias="DISCORD_BOT_TOKEN")
    db: str | None = Field(None, alias="KASUAN_DB")
    telegram_api_base_url: str | None = Field(None, alias="TELEGRAM_API_BASE_URL")
    webhook_url: str | None = Field(None, alias="KASUAN_WEBHOOK_URL")
    webhook_secret: SecretStr | None = Field(None, alias="KASUAN_WEBHOOK_SECRET")
    webhook_listen: str = Field("0.0.0.0", alias="KASUAN_WEBHOOK_LISTEN")
    webhook_port: int = Field(8080, alias="KASUAN_WEBHOOK_PORT")
    webhook_allow_http: bool = Field(False, alias="KASUAN_WEBHOOK_ALLOW_HTTP")
    discord_guild_id: int | None = Field(None, alias="DISCORD_GUILD_ID")
    discord_shard_count: int | None = Field(None, alias="DISCORD_SHARD_COUNT")
    discord_shard_ids: str = Field("", alias="DISCORD_SHARD_IDS")
    discord_message_content: bool = Field(False, alias="DISCORD_MESSAGE_CONTENT")
    log_level: str | None = Field(None, alias="KASUAN_LOG_LEVEL")
    log_level_fallback: str | None = Field(None, alias="LOG_LEVEL")
    alert_interval: float = Field(30.0, alias="KASUAN_ALERT_INTERVAL")
    replicas: int = Field(1, alias="KASUAN_REPLICAS")
    status_port: int | None = Field(None, alias="KASUAN_STATUS_PORT")
    lease_seconds: int = Field(30, alias="KASUAN_LEASE_SECONDS")

    @classmethod
    def read(cls, env: Mapping[str, str] | None = None) -> Environment:
        """From the process environment, or (tests) from `env` alone; errors name the variable only."""
        try:
            if env is None:
                return cls()
            return cls.model_validate({k: v.strip() for k, v in env.items() if v.strip()})
        except ValidationError as exc:
            first = exc.errors()[0]
            name = str(first["loc"][0]) if first["loc"] else "a variable"
            kind = {"int_parsing": "a whole number", "float_parsing": "a number", "bool_parsing": "true or false"}
            wanted = kind.get(first["type"], "valid")
            # the input is shown only for plain numbers and flags, never for a token or a URL
            shown = f", got {first['input']!r}" if first["type"] in kind else ""
            raise ConfigError(f"{name} must be {wanted}{shown}") from None


def load_env_file(path: Path | str | None = None, environ: dict[str, str] | None = None) -> list[str]:
    """Copy a .env file's variables into the environment without overriding what is already set.

    The file is $KASUAN_ENV_FILE, or ./.env; python-dotenv reads it (comments, `export`, quotes).
    Returns the names it set (never the values).
    """
    env = os.environ if environ is None else environ
    target = Path(path if path is not None else env.get("KASUAN_ENV_FILE", ".env"))
    if not target.is_file():
        return []
    values = dotenv_values(stream=io.StringIO(_env_text(target)))
    added = []
    for key, value in values.items():
        if value is not None and key not in env:
            env[key] = value
            added.append(key)
    return added


def _env_text(target: Path) -> str:
    """The .env file as text, or a ConfigError naming the file and what is wrong with it (a NUL
    byte, bytes that are not UTF-8, a file that cannot be read): never a traceback or an apology."""
    try:
        data = target.read_bytes()
    except OSError as exc:
        raise ConfigError(f"the env file {str(target)!r} cannot be read: {exc.strerror or exc}") from None
    if b"\0" in data:
        line = data[:data.index(b"\0")].count(b"\n") + 1
        raise ConfigError(f"the env file {str(target)!r} has a NUL byte on line {line}; save it as plain"
                          " text (one NAME=value a line)") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ConfigError(f"the env file {str(target)!r} is not UTF-8 text (line {line}); save it as UTF-8") from None


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def log_level(raw: str | None) -> str:
    """KASUAN_LOG_LEVEL (or LOG_LEVEL) as a level name; ConfigError for one logging does not know."""
    name = (raw or "INFO").strip().upper()
    name = {"WARN": "WARNING", "FATAL": "CRITICAL"}.get(name, name)
    if name not in LOG_LEVELS:
        raise ConfigError(f"KASUAN_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return name


def _shard_ids(raw: str, count: int | None) -> tuple[int, ...] | None:
    """DISCORD_SHARD_IDS: "0,1" or "0-3" (or both, "0-1,4"); needs DISCORD_SHARD_COUNT, each below it."""
    raw = raw.strip()
    if not raw:
        return None
    if count is None or count < 1:
        raise ConfigError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT (the total over every process)")
    ids: set[int] = set()
    for part in raw.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if m is None:
            raise ConfigError(f"DISCORD_SHARD_IDS must be numbers and ranges like 0,1 or 0-3, got {raw!r}")
        low, high = int(m[1]), int(m[2] or m[1])
        ids.update(range(low, high + 1))
    if not ids or max(ids) >= count:
        raise ConfigError(f"DISCORD_SHARD_IDS must be below DISCORD_SHARD_COUNT ({count}), got {raw!r}")
    return tuple(sorted(ids))


def db_password(url: str | None) -> str | None:
    """The password inside a postgresql:// KASUAN_DB, so it is redacted like a token."""
    if not url or "://" not in url:
        return None
    return urlsplit(url).password or None


class ConfigError(ValueError):
    """A variable is set to something unusable; the message names the variable, never a secret's value."""


@dataclass(frozen=True)
class WebhookConfig:
    """Telegram webhook mode: Telegram POSTs updates to `url`; we listen on listen:port behind a proxy."""

    url: str
    secret: str
    listen: str = "0.0.0.0"
    port: int = 8080

    @property
    def path(self) -> str:
        return urlsplit(self.url).path or "/"


@dataclass(frozen=True)
class Config:
    """Everything `kasuan run` needs, from the environment. `repr` never shows a token."""

    telegram_token: str | None = field(default=None, repr=False)
    discord_token: str | None = field(default=None, repr=False)
    db_path: str | None = None
    telegram_api_base_url: str | None = None
    webhook: WebhookConfig | None = field(default=None, repr=False)
    discord_guild_id: int | None = None
    discord_shard_count: int | None = None
    discord_message_content: bool = False
    log_level: str = "INFO"
    alert_interval: float = 30.0
    replicas: int = 1  # KASUAN_REPLICAS: how many `kasuan run` processes share this token and store
    discord_shard_ids: tuple[int, ...] | None = None  # this process's shards (all of them when None)
    status_port: int | None = None  # KASUAN_STATUS_PORT: /healthz, /readyz and /metrics
    lease_seconds: float = 30.0  # KASUAN_LEASE_SECONDS: sender, sweeper and poller leases

    @property
    def shared_store(self) -> bool:
        """Several processes use one store (KASUAN_REPLICAS > 1, or a PostgreSQL store): take leases
        for the one-at-a-time jobs and pace sends through the store."""
        return self.replicas > 1 or (self.db_path or "").startswith(("postgresql:", "postgres:"))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """The checked configuration from the process environment (or `env`, in tests)."""
        e = Environment.read(env)
        if e.replicas < 1:
            raise ConfigError(f"KASUAN_REPLICAS must be 1 or more, got {e.replicas}")
        try:
            parse_target(e.db)
        except StoreURLError as exc:
            raise ConfigError(str(exc)) from exc
        webhook = None
        if e.webhook_url:
            if not e.webhook_url.startswith("https://") and not e.webhook_allow_http:
                raise ConfigError("KASUAN_WEBHOOK_URL must be an https:// URL (Telegram only calls HTTPS webhooks)")
            given = e.webhook_secret.get_secret_value() if e.webhook_secret else ""
            if not given and e.replicas > 1:
                raise ConfigError("KASUAN_WEBHOOK_SECRET must be set when KASUAN_REPLICAS > 1: every replica behind"
                                  " the balancer has to check the same secret (generate one: openssl rand -hex 32)")
            secret = given or secrets.token_urlsafe(32)
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
                raise ConfigError("KASUAN_WEBHOOK_SECRET may only use A-Z, a-z, 0-9, _ and - (1 to 256 characters)")
            webhook = WebhookConfig(url=e.webhook_url, secret=secret, listen=e.webhook_listen, port=e.webhook_port)
        return cls(
            telegram_token=e.telegram_token.get_secret_value() if e.telegram_token else None,
            discord_token=e.discord_token.get_secret_value() if e.discord_token else None,
            db_path=e.db,
            telegram_api_base_url=e.telegram_api_base_url,
            webhook=webhook,
            discord_guild_id=e.discord_guild_id,
            discord_shard_count=e.discord_shard_count,
            discord_shard_ids=_shard_ids(e.discord_shard_ids, e.discord_shard_count),
            replicas=e.replicas,
            status_port=e.status_port,
            lease_seconds=float(e.lease_seconds),
            discord_message_content=e.discord_message_content,
            log_level=log_level(e.log_level or e.log_level_fallback),
            alert_interval=e.alert_interval,
        )

    @property
    def secrets(self) -> list[str]:
        """Every value that must never be logged."""
        found = [self.telegram_token, self.discord_token, self.webhook.secret if self.webhook else None,
                 db_password(self.db_path)]
        return [s for s in found if s]

    @property
    def any_front_end(self) -> bool:
        return bool(self.telegram_token or self.discord_token)


class TokenRedactor(logging.Filter):
    """Replaces secrets in a log record (message, arguments, traceback text) before it is formatted.

    Attached to handlers, and run by the record factory `install_redaction` sets up, so a record
    is clean whichever handler (file, stderr, pytest's capture) ends up writing it.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__("kasuan.redact")
        self.secrets = sorted({s for s in secrets if s and len(s) >= 6}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return TELEGRAM_TOKEN_SHAPE.sub(REDACTED, text)

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_kasuan_redacted", False):
            return True
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep the raw parts, still redacted
            message = f"{record.msg} {record.args}"
        clean = self.redact(message)
        record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        setattr(record, "_kasuan_redacted", True)  # noqa: B010 (LogRecord has no declared slot for it)
        return True


_installed: TokenRedactor | None = None
_previous_factory: object = None


def install_redaction(secrets: Iterable[str]) -> TokenRedactor:
    """Redact `secrets` in every log record from now on, whichever handler writes it.

    Why a record factory as well as handler filters: a filter on a handler only sees records that
    reach that handler, and handlers come and go (pytest adds its own); the factory cleans each
    record once, where it is created.
    """
    global _installed, _previous_factory
    redactor = TokenRedactor(secrets)
    if _installed is None:
        _previous_factory = logging.getLogRecordFactory()
        base = _previous_factory

        def factory(*args: object, **kwargs: object) -> logging.LogRecord:
            record: logging.LogRecord = base(*args, **kwargs)
            if _installed is not None:
                _installed.filter(record)
            return record

        logging.setLogRecordFactory(factory)
    _installed = redactor
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, TokenRedactor) for f in handler.filters):
            handler.addFilter(redactor)
    return redactor


def uninstall_redaction() -> None:
    """Undo `install_redaction` (tests)."""
    global _installed, _previous_factory
    if _previous_factory is not None:
        logging.setLogRecordFactory(_previous_factory)  # type: ignore[arg-type]
    _installed, _previous_factory = None, None
    for handler in logging.getLogger().handlers:
        for f in [f for f in handler.filters if isinstance(f, TokenRedactor)]:
            handler.removeFilter(f)


@contextmanager
def redaction(secrets: Iterable[str]) -> Iterator[TokenRedactor]:
    """`install_redaction` for the duration of a block."""
    redactor = install_redaction(secrets)
    try:
        yield redactor
    finally:
        uninstall_redaction()


def setup_logging(config: Config, stream: object = None) -> None:
    """Log lines to stderr (Docker and journald collect them), secrets redacted, chatty libraries quieted.

    httpx logs every request URL at INFO, and a Telegram request URL contains the bot token:
    it is raised to WARNING (and redacted anyway).
    """
    handler = logging.StreamHandler(stream or sys.stderr)  # type: ignore[arg-type]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = logging.getLevelName(config.log_level)
    root.setLevel(level if isinstance(level, int) else logging.INFO)
    for noisy in ("httpx", "httpcore", "discord.http", "discord.gateway", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))
    install_redaction(config.secrets)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with secrets removed: for the one line `kasuan run` prints when it cannot start."""
    return TokenRedactor([*secrets, *(_installed.secrets if _installed else [])]).redact(text)
