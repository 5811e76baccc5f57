from . import topk as topk
from .norm import rmsnorm as rmsnorm
