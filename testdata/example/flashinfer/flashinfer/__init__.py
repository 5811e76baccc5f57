# Miniature written for archlint's tests: a flashinfer-like package.
