def start(engine):
    engine.compile_kernels()
    return 0
