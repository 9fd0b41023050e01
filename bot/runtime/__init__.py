"""Running processes: `kasuan run` (`run`: the front ends, the alert loop, leases), its health and
metrics port (`health`) and the terminal chat (`console`)."""
