def supported_compute_capability(caps):
    def wrap(f):
        return f

    return wrap
