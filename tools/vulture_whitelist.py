"""Names vulture cannot see used: parameters a library's interface requires us to accept.

`make lint` runs vulture over bot/ and engine/ with this file (dead code fails the lint)."""

rate_limit_args  # telegram.ext.BaseRateLimiter.process_request(..., rate_limit_args, ...): PTB passes it
