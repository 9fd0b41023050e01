"""The platform-neutral chat core: incoming messages, the router, handlers and settings."""
