from kern import ops
