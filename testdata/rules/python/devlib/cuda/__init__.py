# Rule fixture: `from devlib.cuda import arch` in devlib/cuda/__init__.py
# binds the submodule. Written for archlint.
from devlib.cuda import arch  # noqa: F401
