from pkg.utils import log_capability


def report():
    log_capability()
