# A project's own capability source, declared in the configuration as
# "mylib.get_sm".
import mylib


def tensor_core_kind():
    if mylib.get_sm() >= 90:  # gate: capability-check takes 0:9.0-12.x takes 1:7.5-8.9
        return "wgmma"
    return "mma"
