from pkg.api import entry


def main():
    entry()
