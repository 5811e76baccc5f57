# Rule fixture: a package that imports its own submodule by name, as CuPy's
# cupy/__init__.py does (`from cupy import cuda`). Written for archlint.
from devlib import cuda  # noqa: F401
