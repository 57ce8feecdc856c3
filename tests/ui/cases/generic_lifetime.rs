// A lifetime parameter is refused like any generic parameter. (rustc adds its own error for
// the lifetime no field uses: a one-field typed id has nowhere to use it.)

#[derive(idtypes::RecordKey)]
struct PostKey<'a>(idtypes::RecordKey)
where
    'a: 'static;

fn main() {}
