TARGET_ARCHS = [
    "8.0",
    "9.0",
]
