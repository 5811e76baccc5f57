# Rule fixture: capability helpers made with functools.partial, re-exported
# by a package star import, in a namespace package (srt/ has no
# __init__.py), behind an import cycle. Written for archlint.
