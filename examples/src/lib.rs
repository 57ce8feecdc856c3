//! Runnable examples for idtypes: see `examples/`. The `service` example's code lives in
//! [`service`], so that a test can run it.

pub mod service;
