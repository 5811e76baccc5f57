#!/bin/bash
# Rule fixture: a CI script builds a dependency for the project's runners.
# Written for archlint.
set -euo pipefail
TORCH_CUDA_ARCH_LIST="9.0;10.0" pip install --no-build-isolation ./deps/comm # want "AL202 This build script's arch list admits 9.x, 10.x and shuts out 11.x, 12.x: .*The script sits under ci/, a CI directory: the project's CI builds no code for 12.0 .sm_120. with it"
