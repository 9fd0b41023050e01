"""Test doubles and measuring tools shared by tests/ and benchmarks/.

Why a package of its own: benchmarks must not import from tests/ (a benchmark would then depend on
pytest's layout), yet both need the same fake Telegram server, its HTML checker, the parser scorer
and the throw-away PostgreSQL server. None of this ships in the wheel.
"""
