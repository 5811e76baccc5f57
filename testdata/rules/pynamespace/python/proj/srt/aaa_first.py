# Imports the module itself, not the package: Python still runs the
# package's __init__.py first, and so must the analysis.
from proj.srt.utils.common import is_sm120_supported


def use_sm120_kernel():
    return is_sm120_supported()
