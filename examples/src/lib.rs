//! Runnable examples for idtypes: see `examples/` (the quickstart is a package of its own, in
//! `quickstart/`). The `service` example's code lives in [`service`], so that a test can run it.

pub mod service;
