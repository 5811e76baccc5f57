def use(obj):
    return obj.build_all()


def other(obj):
    return obj.run_kernel(1)
