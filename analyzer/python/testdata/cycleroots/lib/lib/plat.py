# plat and user import each other: whichever runs first sees the other half-bound.
current = None
from lib.user import helper
import torch

current = torch.cuda
