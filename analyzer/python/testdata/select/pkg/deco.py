from pkg.decorators import supported_compute_capability


@supported_compute_capability([80, 90])
def op():
    pass
