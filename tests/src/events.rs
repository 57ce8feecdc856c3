//! The lease events (`idtypes`' feature `tracing`, target `idtypes::lease`) and the server
//! errors `idtypes::axum` logs (target `idtypes::axum`), caught for the tests: a process-wide
//! `tracing` subscriber that keeps every event of those targets, which each test reads back by
//! its own namespace or marker (tests run side by side in one process).

use std::{
    collections::BTreeMap,
    fmt,
    sync::{Mutex, Once},
};

use tracing::{
    Event, Level, Metadata, Subscriber,
    field::{Field, Visit},
    span::{Attributes, Id, Record},
};

/// One event as the subscriber saw it.
#[derive(Debug, Clone)]
pub struct Caught {
    /// Its target.
    pub target: &'static str,
    /// Its level.
    pub level: Level,
    /// Its message.
    pub message: String,
    /// Its other fields, each as its `Debug` text (strings without quotes).
    pub fields: BTreeMap<String, String>,
}

impl Caught {
    /// The field `name`'s text, if it has one.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }
}

static CAUGHT: Mutex<Vec<Caught>> = Mutex::new(Vec::new());

/// Installs the subscriber, once per process (later calls do nothing).
///
/// # Panics
///
/// When another process-wide subscriber was installed first.
pub fn catch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        tracing::subscriber::set_global_default(Catcher)
            .expect("no other process-wide tracing subscriber");
    });
}

/// The lease events caught so far whose `namespace` field is `namespace`, in order.
pub fn caught(namespace: &str) -> Vec<Caught> {
    let mut events = caught_in("idtypes::lease");
    events.retain(|event| event.field("namespace") == Some(namespace));
    events
}

/// The events of `target` caught so far, in order.
pub fn caught_in(target: &str) -> Vec<Caught> {
    CAUGHT
        .lock()
        .unwrap()
        .iter()
        .filter(|event| event.target == target)
        .cloned()
        .collect()
}

/// The subscriber: events of `idtypes::lease` and `idtypes::axum` only, no spans.
struct Catcher;

impl Subscriber for Catcher {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        matches!(metadata.target(), "idtypes::lease" | "idtypes::axum")
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut caught = Caught {
            target: event.metadata().target(),
            level: *event.metadata().level(),
            message: String::new(),
            fields: BTreeMap::new(),
        };
        event.record(&mut caught);
        CAUGHT.lock().unwrap().push(caught);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

impl Visit for Caught {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.fields
            .insert(field.name().to_owned(), value.to_owned());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let text = format!("{value:?}");
        if field.name() == "message" {
            self.message = text;
        } else {
            self.fields.insert(field.name().to_owned(), text);
        }
    }
}
