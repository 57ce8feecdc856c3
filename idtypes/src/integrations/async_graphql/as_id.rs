//! [`AsId`], the adapter that puts an id where a schema says `ID`.

use core::fmt;

use async_graphql::{ID, InputValueError, InputValueResult, Scalar, ScalarType, Value};

use super::scalar::{self, ScalarId};

/// An id as GraphQL's built-in `ID`: the schema says `ID` (`ID!` for the field or argument),
/// the resolver gets or gives the id itself, read and written as its own scalar reads and
/// writes it. For a schema whose clients already pass ids as `ID` (Relay's `node(id: ID!)`,
/// an API moving onto typed ids without changing its schema).
///
/// Its input is what `ID` takes: a string, or an integer (read as its decimal text, which a
/// [`Snowflake`](struct@crate::Snowflake) is); the id's text is parsed, and a text that is not
/// one of its ids is refused with the id's own message (`Failed to parse "ID": invalid
/// PostId: …`), the error's kind and position as extensions. Its output is the id's text.
///
/// # Examples
///
#[cfg_attr(feature = "derive", doc = "```")]
#[cfg_attr(not(feature = "derive"), doc = "```ignore")]
/// use async_graphql::{EmptyMutation, EmptySubscription, Object, Schema};
/// use idtypes::{Tid, async_graphql::AsId};
///
/// #[derive(Tid)]
/// #[idtype(prefix = "post")]
/// pub struct PostId(Tid);
///
/// struct Query;
///
/// #[Object]
/// impl Query {
///     /// The post's id, checked: `node(id: ID!): ID!` in the schema.
///     async fn node(&self, id: AsId<PostId>) -> AsId<PostId> {
///         let post: PostId = id.into_inner();
///         AsId(post)
///     }
/// }
///
/// let schema = Schema::new(Query, EmptyMutation, EmptySubscription);
/// assert!(schema.sdl().contains("node(id: ID!): ID!"));
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let response = schema.execute(r#"{ node(id: "post_3jzfcijpj2z2a") }"#).await;
/// assert_eq!(response.data.to_string(), r#"{node: "post_3jzfcijpj2z2a"}"#);
///
/// let response = schema.execute(r#"{ node(id: "user_3jzfcijpj2z2a") }"#).await;
/// assert_eq!(
///     response.errors[0].message,
///     "Failed to parse \"ID\": invalid PostId: expected the prefix `post_`, found `user_`"
/// );
/// # });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AsId<T>(pub T);

impl<T> AsId<T> {
    /// The id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, async_graphql::AsId};
    ///
    /// assert_eq!(AsId(Tid::MIN).into_inner(), Tid::MIN);
    /// ```
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for AsId<T> {
    fn from(id: T) -> Self {
        AsId(id)
    }
}

impl<T: fmt::Display> fmt::Display for AsId<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

// Named `ID`, without a description or an address, and valid where `ID` is: so its entry in
// the registry is `ID`'s own, whichever of them a schema registers first.
#[Scalar(name = "ID")]
impl<T: ScalarId> ScalarType for AsId<T> {
    fn parse(value: Value) -> InputValueResult<Self> {
        let text = match value {
            Value::String(text) => text,
            Value::Number(number) if number.is_i64() => number.to_string(),
            other => return Err(InputValueError::expected_type(other)),
        };
        T::read_text(&text)
            .map(AsId)
            .map_err(|err| scalar::refused(&err))
    }

    fn is_valid(value: &Value) -> bool {
        <ID as ScalarType>::is_valid(value)
    }

    fn to_value(&self) -> Value {
        scalar::to_value(&self.0)
    }
}
