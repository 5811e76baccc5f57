# lib's own first module: lib enters its import cycle at user.py.
from lib.user import check
