# The kernel package this root installs.
