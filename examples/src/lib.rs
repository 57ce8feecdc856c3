//! Runnable examples for idtypes: see `examples/`.
