# get and choose, but nothing that resolves to the other root's Tuner.
def lookup(d):
    t = d.get("k")
    return t.choose(1)
