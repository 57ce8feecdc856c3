//! What the benches beside the other crates share: the criterion settings of a group, and the
//! one method every codec row is measured by ([`Cycled`]).
//!
//! # The method
//!
//! - **Many inputs, cycled.** Each benchmark of a codec group runs over the same set of
//!   [`INPUTS`] (1,024) distinct inputs, one after the other, so that neither a branch
//!   predictor nor the compiler can learn one constant input. The time per call includes
//!   reading the next input from the set (an index and a load, the same for every side).
//! - **The same output kept from every side.** A parse gives what the text spelled and whether
//!   it parsed (`Option` of the bytes or the number, never a `Result` with a crate's own error
//!   in it, whose size differs from crate to crate); an encoder gives the text it wrote, as a
//!   `&str`: into a buffer of its own kept between calls where the API writes into the
//!   caller's buffer (a stack array, an `itoa::Buffer`, a `String` written with `write!`,
//!   [`Cycled::text`]), or where the API returned it (an `IdText` on the stack, a new `String`,
//!   [`Cycled::returned`]), as its callers hold it. Criterion's `black_box` gets a reference to that output, so
//!   no side pays for moving a large value through it, and every byte of the text must have
//!   been written.
//! - **Checked before it is timed.** Every side is run once on every input first, and must
//!   give the first side's output on each ([`Cycled::parse`], [`Cycled::text`] panic
//!   otherwise): the figures compare the same work with the same result.
//!
//! Generators have no input: their benches ([`bench`]) keep each new id by reference.
// Each bench target uses the parts it needs.
#![allow(dead_code)]

use std::{fmt::Debug, hint::black_box, time::Duration};

use criterion::{BenchmarkGroup, Criterion, measurement::WallTime};

/// How many distinct inputs a codec group cycles through: a power of two (the index is masked).
pub const INPUTS: usize = 1024;

/// A group with half a second of warm-up and two seconds of measurement per benchmark.
pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}

/// Benchmarks `run` on `input`, keeping its result in place: `black_box` gets a reference to
/// it. For what has no input to vary (a generator's next id).
pub fn bench<I: Copy, R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    input: I,
    run: impl Fn(I) -> R,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let result = run(black_box(input));
            black_box(&result);
        })
    });
}

/// `n` values of `make(0)`, `make(1)`, ..., for a set of inputs.
pub fn inputs<T>(n: usize, make: impl FnMut(usize) -> T) -> Vec<T> {
    (0..n).map(make).collect()
}

/// A small, fixed pseudo-random sequence (xorshift64*), so that every run has the same inputs.
pub struct Sequence(u64);

impl Sequence {
    pub fn new(seed: u64) -> Self {
        Sequence(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn next_u128(&mut self) -> u128 {
        (self.next_u64() as u128) << 64 | self.next_u64() as u128
    }
}

/// A parsed value as one text, the same for every crate's value of the same id: how the sides
/// of a [`Cycled::parse`] group are compared.
pub trait Same {
    fn same(&self) -> String;
}

impl Same for u64 {
    fn same(&self) -> String {
        self.to_string()
    }
}

impl Same for () {
    fn same(&self) -> String {
        "valid".to_owned()
    }
}

impl Same for bool {
    fn same(&self) -> String {
        self.to_string()
    }
}

impl Same for [u8; 16] {
    fn same(&self) -> String {
        format!("{self:02x?}")
    }
}

/// A criterion group over a set of inputs, cycled (see the module's docs).
pub struct Cycled<'c, I> {
    group: BenchmarkGroup<'c, WallTime>,
    inputs: Vec<I>,
    /// The first side's outputs, as text (`Debug`), which every other side must give.
    expected: Option<Vec<String>>,
}

impl<'c, I: Copy> Cycled<'c, I> {
    /// The group `name` over `inputs` (a power of two of them, at least one).
    pub fn new(c: &'c mut Criterion, name: &str, inputs: Vec<I>) -> Self {
        assert!(inputs.len().is_power_of_two(), "{name}: {}", inputs.len());
        Cycled {
            group: group(c, name),
            inputs,
            expected: None,
        }
    }

    /// Times `step` on the inputs in turn, cycling, each given through `black_box`: the loop
    /// every kind of row shares. `step` keeps its output itself (in `black_box`, by reference).
    fn time(&mut self, name: &str, mut step: impl FnMut(I)) {
        let inputs = &self.inputs;
        let mask = inputs.len() - 1;
        self.group.bench_function(name, |b| {
            let mut at = 0usize;
            b.iter(|| {
                let input = inputs[at & mask];
                at = at.wrapping_add(1);
                step(black_box(input));
            })
        });
    }

    /// Checks that `outputs` are the first side's (or makes them the reference).
    fn check(&mut self, name: &str, outputs: Vec<String>) {
        match &self.expected {
            None => self.expected = Some(outputs),
            Some(expected) => {
                for (i, (theirs, ours)) in outputs.iter().zip(expected).enumerate() {
                    assert_eq!(theirs, ours, "{name}: input {i} gives another output");
                }
            }
        }
    }

    /// A reader (a parse): `run` gives the value the input spelled, `None` for a refusal; that
    /// `Option` is what is kept, whole, by reference. The sides are compared by
    /// [`Same::same`] (each crate's value as one text: its bytes or number, its prefix).
    pub fn parse<T: Same>(&mut self, name: &str, run: impl Fn(I) -> Option<T>) {
        let outputs = self.inputs.iter().map(|&i| match run(i) {
            Some(value) => value.same(),
            None => "refused".to_owned(),
        });
        self.check(name, outputs.collect());
        self.time(name, |input| {
            let output = run(input);
            black_box(&output);
        });
    }

    /// A writer: `run` writes the text of the input into `slot`, its own buffer kept from call
    /// to call (a stack array, an `itoa::Buffer`, a `String`, the value an encoder returns),
    /// and gives the text; that is what is kept.
    pub fn text<S: Clone>(
        &mut self,
        name: &str,
        mut slot: S,
        run: impl for<'b> Fn(I, &'b mut S) -> &'b str,
    ) {
        let mut first = slot.clone();
        let outputs = self.inputs.iter().map(|&i| run(i, &mut first).to_owned());
        self.check(name, outputs.collect());
        self.time(name, |input| {
            black_box(run(input, &mut slot));
        });
    }

    /// A writer that returns its text (an `IdText` on the stack, a new `String`): `run` gives
    /// it, and the text is kept, by reference, where `run` returned it; a `String` is dropped
    /// in the same iteration, as its caller's would be.
    pub fn returned<T: AsRef<str>>(&mut self, name: &str, run: impl Fn(I) -> T) {
        let outputs = self.inputs.iter().map(|&i| run(i).as_ref().to_owned());
        self.check(name, outputs.collect());
        self.time(name, |input| {
            let text = run(input);
            black_box(text.as_ref());
        });
    }

    /// Any other output kept by reference, compared across sides as `Debug` text.
    pub fn other<O: Debug>(&mut self, name: &str, run: impl Fn(I) -> O) {
        let outputs = self.inputs.iter().map(|&i| format!("{:?}", run(i)));
        self.check(name, outputs.collect());
        self.time(name, |input| {
            let output = run(input);
            black_box(&output);
        });
    }

    pub fn finish(self) {
        self.group.finish();
    }
}
