from pkg.api import entry


def test_entry():
    entry()
