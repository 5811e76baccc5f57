# Rule fixture: a platform object a package hands out through a lazy
# module __getattr__, annotated for type checkers only, and a capability
# passed as a parameter named for it. Written for archlint.
