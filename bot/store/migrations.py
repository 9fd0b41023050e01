"""The schema, as numbered migrations applied in order at start-up.

Why numbered steps and a `schema_version` table: a deployed database must move forward without
losing its ledger, so a change to the schema is a new step appended here, never an edit of an old
one. `migrate` applies the missing steps, each in its own transaction, and records it.

Money is an integer count of the currency's minor units (cents, fen) with the currency beside it.
Times are UTC text ("2026-12-01T09:00:00Z"), sortable as strings, so range and index scans work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.clock import Clock, SystemClock
from bot.store.connection import Store, ts

V1_CORE = """
CREATE TABLE settings (
    scope TEXT NOT NULL,                 -- "telegram:user:42", "discord:chat:9"
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;

CREATE TABLE processed_updates (         -- platform update ids already handled (de-duplication)
    key TEXT PRIMARY KEY,
    seen_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX processed_updates_seen ON processed_updates(seen_at);

CREATE TABLE wallets (
    id INTEGER PRIMARY KEY,
    owner TEXT NOT NULL UNIQUE,          -- a user scope (personal) or a chat scope (team)
    kind TEXT NOT NULL CHECK (kind IN ('personal', 'team')),
    chat TEXT NOT NULL,                  -- where its alerts are delivered
    created_at TEXT NOT NULL
);

CREATE TABLE accounts (                  -- one balance per wallet, provider and currency
    id INTEGER PRIMARY KEY,
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    provider TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance_minor INTEGER NOT NULL DEFAULT 0,   -- always the sum of its ledger entries
    topup_seq INTEGER NOT NULL DEFAULT 0,       -- top-ups so far: re-arms runway alerts
    UNIQUE (wallet_id, provider, currency)
);

CREATE TABLE rentals (
    id INTEGER PRIMARY KEY,
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    created_by TEXT NOT NULL,
    provider TEXT NOT NULL,
    offer TEXT NOT NULL,
    gpu TEXT NOT NULL,
    num_gpus INTEGER NOT NULL CHECK (num_gpus > 0),
    region TEXT,
    billing TEXT NOT NULL CHECK (billing IN ('cycles', 'per_minute')),
    status TEXT NOT NULL CHECK (status IN ('active', 'stopped', 'expired', 'refunded', 'destroyed')),
    created_at TEXT NOT NULL,
    started_at TEXT NOT NULL,            -- per-minute: billing start; prepaid: start of the first term
    ends_at TEXT,                        -- prepaid: end of the time paid for
    term_minutes INTEGER,                -- prepaid: the length asked for (renew repeats it)
    job_ends_at TEXT,                    -- per-minute: when the user's job should be done (NULL: unknown)
    ended_at TEXT,
    data_until TEXT,                     -- when the provider deletes the data, if it says
    paid_minor INTEGER NOT NULL DEFAULT 0,        -- charged in all, net of refunds
    term_price_minor INTEGER NOT NULL DEFAULT 0,  -- prepaid: the price of the last term bought
    hold_minor INTEGER NOT NULL DEFAULT 0,        -- per-minute: pre-authorization currently held
    billed_minutes INTEGER NOT NULL DEFAULT 0,    -- per-minute: minutes already charged
    overdraft INTEGER NOT NULL DEFAULT 0,         -- the user confirmed going below zero for it
    alerted_until TEXT,                  -- prepaid: due time of the last expiry stage handled
    runway_seq INTEGER NOT NULL DEFAULT -1,       -- the account topup_seq the runway alert fired for
    next_check_at TEXT                   -- when the sweeper must look at it again (NULL: never)
);
CREATE INDEX rentals_due ON rentals(next_check_at) WHERE next_check_at IS NOT NULL;
CREATE INDEX rentals_wallet ON rentals(wallet_id, status, id);
CREATE INDEX rentals_account_active ON rentals(account_id, status);

CREATE TABLE ledger (                    -- append-only: corrections are new entries
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge', 'preauth', 'release', 'refund', 'adjustment')),
    amount_minor INTEGER NOT NULL CHECK (
        (kind IN ('topup', 'release', 'refund') AND amount_minor > 0)
        OR (kind IN ('charge', 'preauth') AND amount_minor < 0)
        OR (kind = 'adjustment' AND amount_minor <> 0)),
    currency TEXT NOT NULL,
    rental_id INTEGER REFERENCES rentals(id),
    idem_key TEXT NOT NULL UNIQUE,       -- from the platform update / interaction: applied once
    actor TEXT NOT NULL,
    memo TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX ledger_account_time ON ledger(account_id, created_at);
CREATE INDEX ledger_rental ON ledger(rental_id) WHERE rental_id IS NOT NULL;

-- the balance moves with its entry, in the same statement: they cannot disagree
CREATE TRIGGER ledger_moves_balance AFTER INSERT ON ledger BEGIN
    UPDATE accounts SET balance_minor = balance_minor + NEW.amount_minor,
                        topup_seq = topup_seq + (NEW.kind = 'topup')
    WHERE id = NEW.account_id;
END;
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger BEGIN
    SELECT RAISE(ABORT, 'ledger entries are append-only');
END;

CREATE TABLE budgets (
    wallet_id INTEGER PRIMARY KEY REFERENCES wallets(id),
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency TEXT NOT NULL,
    thresholds TEXT NOT NULL,            -- percentages, "50,80,100"
    epoch INTEGER NOT NULL DEFAULT 0,    -- +1 on a new budget or a top-up: re-arms the thresholds
    period TEXT,                         -- "2026-12#3": month and epoch the fired marks belong to
    fired_actual INTEGER NOT NULL DEFAULT 0,     -- highest threshold fired on actual spend
    fired_forecast INTEGER NOT NULL DEFAULT 0,   -- highest threshold fired on the forecast
    check_at TEXT,                       -- when the sweeper must recompute it
    set_by TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX budgets_check ON budgets(check_at) WHERE check_at IS NOT NULL;

CREATE TABLE alert_prefs (
    wallet_id INTEGER PRIMARY KEY REFERENCES wallets(id),
    tz TEXT NOT NULL,
    lang TEXT NOT NULL,
    quiet_start TEXT,                    -- "23:00" local time, NULL: no quiet hours
    quiet_end TEXT,
    expiry INTEGER NOT NULL DEFAULT 1,
    runway INTEGER NOT NULL DEFAULT 1,
    budget INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,            -- subject|kind|period: an alert is enqueued once
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    chat TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,                  -- JSON facts; worded at send time in the chat's language
    due_at TEXT NOT NULL,                -- when it fell due
    intended_at TEXT NOT NULL,           -- when it should have gone out (after quiet hours)
    not_before TEXT NOT NULL,            -- quiet hours, retry-after and backoff push this
    status TEXT NOT NULL CHECK (status IN ('pending', 'claimed', 'sent', 'failed', 'blocked', 'muted',
                                           'superseded')),
    attempts INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    claimed_until TEXT,                  -- lease: a claim older than this is taken over
    sent_at TEXT,
    late INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX outbox_ready ON outbox(not_before) WHERE status = 'pending';
CREATE INDEX outbox_claimed ON outbox(claimed_until) WHERE status = 'claimed';
CREATE INDEX outbox_chat ON outbox(chat, status);

CREATE TABLE blocked_chats (
    chat TEXT PRIMARY KEY,
    blocked_at TEXT NOT NULL,
    reason TEXT
) WITHOUT ROWID;

CREATE TABLE pending_actions (           -- a quoted rent/stop/renew waiting for its button
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,            -- from the command's update id: a redelivery finds it again
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    user TEXT NOT NULL,                  -- only this user may confirm it
    chat TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('rent', 'stop', 'renew')),
    data TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'done', 'cancelled')),
    result TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
"""


V2_PICK_AND_OVERDRAFT = """
CREATE TABLE pending_actions_v2 (        -- a quoted action waiting for its button
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    user TEXT NOT NULL,
    chat TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('rent', 'stop', 'renew', 'pick')),  -- pick: which reading of "1,5"
    data TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'done', 'cancelled')),
    result TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
INSERT INTO pending_actions_v2 SELECT * FROM pending_actions;
DROP TABLE pending_actions;
ALTER TABLE pending_actions_v2 RENAME TO pending_actions;

-- how far below zero a confirmed overdraft may take the balance before the provider destroys it
ALTER TABLE rentals ADD COLUMN overdraft_limit_minor INTEGER NOT NULL DEFAULT 0;
-- the account topup_seq the "less than one hour left" alert fired for
ALTER TABLE rentals ADD COLUMN runway_low_seq INTEGER NOT NULL DEFAULT -1;
-- an overdraft confirmed before limits existed may go as far below zero as its one-hour hold
UPDATE rentals SET overdraft_limit_minor = hold_minor WHERE overdraft = 1 AND billing = 'per_minute';
"""


PG_V1_CORE = """
CREATE TABLE settings (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_updates (
    key TEXT PRIMARY KEY,
    seen_at TEXT NOT NULL
);
CREATE INDEX processed_updates_seen ON processed_updates(seen_at);

CREATE TABLE wallets (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    owner TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('personal', 'team')),
    chat TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE accounts (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    wallet_id BIGINT NOT NULL REFERENCES wallets(id),
    provider TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance_minor BIGINT NOT NULL DEFAULT 0,
    topup_seq BIGINT NOT NULL DEFAULT 0,
    UNIQUE (wallet_id, provider, currency)
);

CREATE TABLE rentals (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    wallet_id BIGINT NOT NULL REFERENCES wallets(id),
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    created_by TEXT NOT NULL,
    provider TEXT NOT NULL,
    offer TEXT NOT NULL,
    gpu TEXT NOT NULL,
    num_gpus INTEGER NOT NULL CHECK (num_gpus > 0),
    region TEXT,
    billing TEXT NOT NULL CHECK (billing IN ('cycles', 'per_minute')),
    status TEXT NOT NULL CHECK (status IN ('active', 'stopped', 'expired', 'refunded', 'destroyed')),
    created_at TEXT NOT NULL,
    started_at TEXT NOT NULL,
    ends_at TEXT,
    term_minutes BIGINT,
    job_ends_at TEXT,
    ended_at TEXT,
    data_until TEXT,
    paid_minor BIGINT NOT NULL DEFAULT 0,
    term_price_minor BIGINT NOT NULL DEFAULT 0,
    hold_minor BIGINT NOT NULL DEFAULT 0,
    billed_minutes BIGINT NOT NULL DEFAULT 0,
    overdraft INTEGER NOT NULL DEFAULT 0,
    alerted_until TEXT,
    runway_seq BIGINT NOT NULL DEFAULT -1,
    next_check_at TEXT
);
CREATE INDEX rentals_due ON rentals(next_check_at) WHERE next_check_at IS NOT NULL;
CREATE INDEX rentals_wallet ON rentals(wallet_id, status, id);
CREATE INDEX rentals_account_active ON rentals(account_id, status);

CREATE TABLE ledger (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge', 'preauth', 'release', 'refund', 'adjustment')),
    amount_minor BIGINT NOT NULL CHECK (
        (kind IN ('topup', 'release', 'refund') AND amount_minor > 0)
        OR (kind IN ('charge', 'preauth') AND amount_minor < 0)
        OR (kind = 'adjustment' AND amount_minor <> 0)),
    currency TEXT NOT NULL,
    rental_id BIGINT REFERENCES rentals(id),
    idem_key TEXT NOT NULL UNIQUE,
    actor TEXT NOT NULL,
    memo TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX ledger_account_time ON ledger(account_id, created_at);
CREATE INDEX ledger_rental ON ledger(rental_id) WHERE rental_id IS NOT NULL;

-- the balance moves with its entry, in the same statement: they cannot disagree
CREATE FUNCTION ledger_moves_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE accounts SET balance_minor = balance_minor + NEW.amount_minor,
                        topup_seq = topup_seq + CASE WHEN NEW.kind = 'topup' THEN 1 ELSE 0 END
    WHERE id = NEW.account_id;
    RETURN NULL;
END $$;
CREATE TRIGGER ledger_moves_balance AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_moves_balance();

-- append-only: an UPDATE, DELETE or TRUNCATE of an entry is refused as an integrity violation
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

CREATE TABLE budgets (
    wallet_id BIGINT PRIMARY KEY REFERENCES wallets(id),
    amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
    currency TEXT NOT NULL,
    thresholds TEXT NOT NULL,
    epoch BIGINT NOT NULL DEFAULT 0,
    period TEXT,
    fired_actual INTEGER NOT NULL DEFAULT 0,
    fired_forecast INTEGER NOT NULL DEFAULT 0,
    check_at TEXT,
    set_by TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX budgets_check ON budgets(check_at) WHERE check_at IS NOT NULL;

CREATE TABLE alert_prefs (
    wallet_id BIGINT PRIMARY KEY REFERENCES wallets(id),
    tz TEXT NOT NULL,
    lang TEXT NOT NULL,
    quiet_start TEXT,
    quiet_end TEXT,
    expiry INTEGER NOT NULL DEFAULT 1,
    runway INTEGER NOT NULL DEFAULT 1,
    budget INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE outbox (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    wallet_id BIGINT NOT NULL REFERENCES wallets(id),
    chat TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    due_at TEXT NOT NULL,
    intended_at TEXT NOT NULL,
    not_before TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'claimed', 'sent', 'failed', 'blocked', 'muted',
                                           'superseded')),
    attempts INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    claimed_until TEXT,
    sent_at TEXT,
    late INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX outbox_ready ON outbox(not_before) WHERE status = 'pending';
CREATE INDEX outbox_claimed ON outbox(claimed_until) WHERE status = 'claimed';
CREATE INDEX outbox_chat ON outbox(chat, status);

CREATE TABLE blocked_chats (
    chat TEXT PRIMARY KEY,
    blocked_at TEXT NOT NULL,
    reason TEXT
);

CREATE TABLE pending_actions (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    wallet_id BIGINT NOT NULL REFERENCES wallets(id),
    "user" TEXT NOT NULL,
    chat TEXT NOT NULL,
    action TEXT NOT NULL CONSTRAINT pending_actions_action_check CHECK (action IN ('rent', 'stop', 'renew')),
    data TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'done', 'cancelled')),
    result TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
"""

PG_V2_PICK_AND_OVERDRAFT = """
ALTER TABLE pending_actions DROP CONSTRAINT pending_actions_action_check;
ALTER TABLE pending_actions ADD CONSTRAINT pending_actions_action_check
    CHECK (action IN ('rent', 'stop', 'renew', 'pick'));
ALTER TABLE rentals ADD COLUMN overdraft_limit_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rentals ADD COLUMN runway_low_seq BIGINT NOT NULL DEFAULT -1;
UPDATE rentals SET overdraft_limit_minor = hold_minor WHERE overdraft = 1 AND billing = 'per_minute';
"""

V3_LEASES = """
CREATE TABLE leases (                    -- one holder at a time: a platform's alert sender, the sweeper, a poller
    name TEXT PRIMARY KEY,               -- "sender:telegram", "sweeper", "poll:telegram:<bot id>"
    holder TEXT NOT NULL,                -- host:pid:random of the process holding it
    expires_at TEXT NOT NULL             -- a holder that stops renewing loses it after this
);

CREATE TABLE send_pace (                 -- the shared send-rate limiter (see bot.store.pace)
    bucket TEXT PRIMARY KEY,             -- "telegram:all", "telegram:chat:42"
    next_at DOUBLE PRECISION NOT NULL    -- unix time of the next free slot of this bucket
);

-- an update being answered (done = 0) by `holder` until seen_at + the hold; done = 1 once answered
ALTER TABLE processed_updates ADD COLUMN holder TEXT;
ALTER TABLE processed_updates ADD COLUMN done INTEGER NOT NULL DEFAULT 1;
"""

V6_INBOX_AND_CONVERSATIONS = """
-- the Telegram inbox: a polled update is written here (payload, its chat) before getUpdates confirms
-- it; `holder` answers it, and a holder whose "alive:" lease lapsed is taken over (bot.store.inbox)
ALTER TABLE processed_updates ADD COLUMN source TEXT;            -- "telegram:<bot id>" for inbox rows
ALTER TABLE processed_updates ADD COLUMN update_id BIGINT;
ALTER TABLE processed_updates ADD COLUMN chat TEXT;              -- updates of one chat are answered in order
ALTER TABLE processed_updates ADD COLUMN payload TEXT;           -- the update as Telegram sent it (JSON)
ALTER TABLE processed_updates ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;  -- holders that died answering it
CREATE INDEX processed_updates_open ON processed_updates(source, update_id) WHERE done = 0;

CREATE TABLE conversations (             -- what a reply left open for the next message (bot.core.conversation)
    scope TEXT PRIMARY KEY,              -- "<platform>:<chat>:<user>": one user in one chat
    last_turn TEXT,                      -- JSON: the question last answered (follow-ups, Details)
    awaiting TEXT,                       -- JSON: a clarifying question waiting for its answer
    updated_at TEXT NOT NULL,
    expires_at TEXT NOT NULL             -- gone after this (pruned), whichever replica asks
);
CREATE INDEX conversations_expiry ON conversations(expires_at);
"""


@dataclass(frozen=True)
class Migration:
    """One step of the schema, with its SQLite and PostgreSQL text (the same when they agree)."""

    version: int
    name: str
    sqlite: str
    postgresql: str

    def text(self, store: Store) -> str:
        return self.postgresql if store.postgres else self.sqlite

    def apply(self, store: Store) -> None:
        store.script(self.text(store))


Step = tuple[int, str, Callable[[Store], None]]  # a step given as code (tests add these)
V4_RUNWAY_LEVELS = """
ALTER TABLE alert_prefs ADD COLUMN runway_hours TEXT NOT NULL DEFAULT '';  -- "24,6": extra runway warnings, hours left
"""

V5_PRICE_WATCHES = """
CREATE TABLE price_watches (             -- "tell me when an H100 week is under ₮4,000"
    id INTEGER PRIMARY KEY,
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    chat TEXT NOT NULL,                  -- where the alert goes (the chat that set it)
    user_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    count INTEGER NOT NULL,
    unit TEXT NOT NULL,                  -- hour | day | week | month
    currency TEXT NOT NULL,
    below TEXT NOT NULL,                 -- Decimal as text: fire when the cheapest price is under it
    created_at TEXT NOT NULL,
    fired_at TEXT                        -- set once the alert is queued: it fires once
);
CREATE INDEX price_watches_active ON price_watches(fired_at);
"""
PG_V5_PRICE_WATCHES = V5_PRICE_WATCHES.replace("id INTEGER PRIMARY KEY", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY").replace(
    "wallet_id INTEGER NOT NULL", "wallet_id BIGINT NOT NULL")

V7_REMINDERS = """
CREATE TABLE reminders (                 -- "remind me on Friday 6 pm to shut the box down"
    id INTEGER PRIMARY KEY,
    wallet_id INTEGER NOT NULL REFERENCES wallets(id),
    chat TEXT NOT NULL,                  -- where the reminder goes (the chat that set it)
    user_id TEXT NOT NULL,
    due_at TEXT NOT NULL,                -- UTC, the moment named
    zone TEXT NOT NULL,                  -- the zone it was named in ("Asia/Shanghai", "UTC", "UTC+05:30")
    lang TEXT NOT NULL,
    what TEXT NOT NULL,                  -- the errand, as the user wrote it
    status TEXT NOT NULL CHECK (status IN ('pending', 'queued', 'cancelled')),
    created_at TEXT NOT NULL
);
CREATE INDEX reminders_due ON reminders(status, due_at);
"""
PG_V7_REMINDERS = V7_REMINDERS.replace("id INTEGER PRIMARY KEY", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY").replace(
    "wallet_id INTEGER NOT NULL", "wallet_id BIGINT NOT NULL")

V8_BUDGET_SPAN = """
ALTER TABLE budgets ADD COLUMN span TEXT NOT NULL DEFAULT 'month';  -- the budget's period: 'month' or 'week'
"""

MIGRATIONS: list[Migration | Step] = [
    Migration(1, "settings, updates, wallets, ledger, rentals, budgets, alerts, outbox", V1_CORE, PG_V1_CORE),
    Migration(2, "pending amount picks; overdraft limits and the last-hour runway alert", V2_PICK_AND_OVERDRAFT,
              PG_V2_PICK_AND_OVERDRAFT),
    Migration(3, "leases (one sender per platform, one poller per bot), shared send pacing, updates in flight", V3_LEASES,
              V3_LEASES),
    Migration(4, "runway warning levels chosen per wallet (/alerts runway 24h 6h)", V4_RUNWAY_LEVELS, V4_RUNWAY_LEVELS),
    Migration(5, "price watches (tell me when a card's price drops under a threshold)", V5_PRICE_WATCHES,
              PG_V5_PRICE_WATCHES),
    Migration(6, "the Telegram inbox (updates kept until answered); conversation state in the store",
              V6_INBOX_AND_CONVERSATIONS, V6_INBOX_AND_CONVERSATIONS),
    Migration(7, "reminders at a moment the chat names (remind me on Friday 6 pm to ...)", V7_REMINDERS, PG_V7_REMINDERS),
    Migration(8, "a budget's period: a month or a week (alert us past $300 this week)", V8_BUDGET_SPAN, V8_BUDGET_SPAN),
]


def current_version(store: Store) -> int:
    if "schema_version" not in store.table_names():
        return 0
    row = store.row("SELECT MAX(version) AS v FROM schema_version")
    return int(row["v"] or 0) if row is not None else 0


def migrate(store: Store, *, upto: int | None = None, clock: Clock | None = None) -> list[int]:
    """Apply the missing migrations in order (each atomically with its version row, stamped by
    `clock`); return them.

    Two processes starting at once are safe: the version is re-read inside the write lock.
    """
    with store.write():  # under the write lock: two processes starting together create it once
        store.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                  " applied_at TEXT NOT NULL)")
    applied: list[int] = []
    for m in MIGRATIONS:
        version, name, step = (m.version, m.name, m.apply) if isinstance(m, Migration) else m
        if upto is not None and version > upto:
            break
        if version <= current_version(store):
            continue
        with store.write():
            if version <= current_version(store):
                continue
            step(store)
            store.run(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, ts((clock or SystemClock()).now())),
            )
        applied.append(version)
    return applied
