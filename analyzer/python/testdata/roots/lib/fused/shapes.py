def tile(n):
    return (n + 127) // 128
