//! The Rust `bson` crate's ObjectId (`bson` feature): conversions both ways, and
//! [`as_bson`](crate::object_id::as_bson) for a field that BSON should hold as an ObjectId.

use super::ObjectId;

/// The same 12 bytes as the `bson` crate's ObjectId, the type MongoDB's Rust driver reads and
/// writes.
///
/// # Examples
///
/// ```
/// let id: idtypes::ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
/// let theirs = bson::oid::ObjectId::from(id);
/// assert_eq!(theirs.to_hex(), "64b7f0a1c2d3e4f5a6b7c8d9");
/// # Ok::<(), idtypes::Error>(())
/// ```
impl From<ObjectId> for bson::oid::ObjectId {
    #[inline]
    fn from(id: ObjectId) -> bson::oid::ObjectId {
        bson::oid::ObjectId::from_bytes(id.to_bytes())
    }
}

/// The same 12 bytes as this crate's ObjectId (every ObjectId of the `bson` crate is one).
///
/// # Examples
///
/// ```
/// let theirs = bson::oid::ObjectId::parse_str("64b7f0a1c2d3e4f5a6b7c8d9").unwrap();
/// let id = idtypes::ObjectId::from(theirs);
/// assert_eq!(id.counter(), 0xb7c8d9);
/// ```
impl From<bson::oid::ObjectId> for ObjectId {
    #[inline]
    fn from(id: bson::oid::ObjectId) -> ObjectId {
        ObjectId::from_bytes(id.bytes())
    }
}

/// A field of an [`ObjectId`] that BSON holds as an ObjectId (element type `0x07`), as the
/// `bson` crate's own ObjectId is, instead of its text: `#[serde(with =
/// "idtypes::object_id::as_bson")]`. MongoDB's queries and indexes on `_id` expect that
/// type; an id stored as a string matches no ObjectId. In other formats it is what the `bson`
/// crate's ObjectId gives there: Extended JSON's `{"$oid": "..."}` in JSON.
///
/// Without it, an `ObjectId` serializes as every id of this crate does: its text in
/// human-readable formats, its 12 bytes in binary ones.
///
/// # Examples
///
/// ```
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Order {
///     #[serde(rename = "_id", with = "idtypes::object_id::as_bson")]
///     id: idtypes::ObjectId,
/// }
///
/// let order = Order { id: "64b7f0a1c2d3e4f5a6b7c8d9".parse()? };
/// let document = bson::serialize_to_document(&order).unwrap();
/// assert_eq!(document.get_object_id("_id").unwrap().to_hex(), "64b7f0a1c2d3e4f5a6b7c8d9");
/// assert_eq!(bson::deserialize_from_document::<Order>(document).unwrap(), order);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub mod as_bson {
    use super::ObjectId;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serializes `id` as the `bson` crate's ObjectId.
    ///
    /// # Errors
    ///
    /// The serializer's.
    ///
    /// # Examples
    ///
    /// ```
    /// let id: idtypes::ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
    /// let json = idtypes::object_id::as_bson::serialize(&id, serde_json::value::Serializer).unwrap();
    /// assert_eq!(json, serde_json::json!({ "$oid": "64b7f0a1c2d3e4f5a6b7c8d9" }));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn serialize<S: Serializer>(id: &ObjectId, serializer: S) -> Result<S::Ok, S::Error> {
        bson::oid::ObjectId::from(*id).serialize(serializer)
    }

    /// Deserializes what the `bson` crate reads as an ObjectId: BSON's ObjectId, Extended
    /// JSON's `{"$oid": "..."}`, or the 24-digit text.
    ///
    /// # Errors
    ///
    /// The deserializer's, for anything else.
    ///
    /// # Examples
    ///
    /// ```
    /// let json = serde_json::json!({ "$oid": "64b7f0a1c2d3e4f5a6b7c8d9" });
    /// let id = idtypes::object_id::as_bson::deserialize(json).unwrap();
    /// assert_eq!(id.to_string(), "64b7f0a1c2d3e4f5a6b7c8d9");
    /// ```
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ObjectId, D::Error> {
        bson::oid::ObjectId::deserialize(deserializer).map(ObjectId::from)
    }
}
