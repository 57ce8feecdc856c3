//! Collects the mistakes found in one derive, to report them all together.

use proc_macro2::TokenStream;

/// The errors found so far.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    /// Adds a mistake.
    pub fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(first) => first.combine(error),
            None => self.0 = Some(error),
        }
    }

    /// `Ok` when nothing was found, the errors as `compile_error!`s otherwise.
    pub fn finish(self) -> Result<(), TokenStream> {
        match self.0 {
            Some(error) => Err(error.into_compile_error()),
            None => Ok(()),
        }
    }
}
