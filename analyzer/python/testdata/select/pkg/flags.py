from pkg.utils import is_sm90_supported

_is_hopper = is_sm90_supported()
USE_FAST = _is_hopper
