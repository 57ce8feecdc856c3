::core::compile_error! {
    "`#[derive(Tid)]` needs a field of type `idtypes::Tid`, found `Uid11`; for a Uid11 field, derive `Uid11` instead"
}
::core::compile_error! {
    "invalid prefix `Post`: 'P' at byte 0 (did you mean `post`?): a prefix must start with a lowercase ASCII letter; a prefix is 1 to 63 lowercase ASCII letters, digits and `_`, starting with a letter"
}
::core::compile_error! {
    "`decode`: unknown policy `Trust` (the values are lowercase: `trust`); expected `\"check\"` (run the type's checks, the default) or `\"trust\"` (take the value as it is)"
}
