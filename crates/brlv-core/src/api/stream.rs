//! Lists decoded while they arrive. The interface has no pagination, so an
//! account's whole history is one answer; holding that answer whole and
//! then decoding it would need the text and the records in memory at once,
//! and a decode that starts only after the last byte. Here the body's chunks
//! go through a bounded channel to a blocking task that decodes them as they
//! come, so the records are ready moments after the last byte, the text is
//! never held whole, and the async runtime never runs the decoder.
//!
//! The records are counted against a memory budget as each is decoded
//! ([`Footprint`]), so a list too big for it is refused at the record that
//! passes it, before the rest is read.
//!
//! Each answer also gets a digest of its bytes, so the caller can tell an
//! answer identical to the last one without keeping the last one.

use std::cell::Cell;
use std::hash::Hasher;
use std::io::{BufReader, Read};
use std::marker::PhantomData;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use bytes::Bytes;
use serde::de::{
    DeserializeOwned, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess,
    Visitor,
};

use super::error::Error;
use super::footprint::Footprint;

/// Chunks waiting for the decoder at most; the network waits beyond that.
/// On loopback the decoder is the slower side, so the channel stays full,
/// and each chunk keeps the whole read buffer it was cut from alive (hyper
/// reads up to about 400 KiB at a time): 64 chunks held about 28 MB per list
/// in flight, 112 MB for the four long lists read together (heaptrack). At
/// 8 it is about 3 MB per list, still plenty to keep the decoder fed.
const CHANNEL_CHUNKS: usize = 8;

/// A list as it arrived, with what the caller needs to judge it.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamedList<T> {
    /// The records, in the order the service sent them.
    pub rows: Vec<T>,
    /// A digest of the answer's bytes: equal digests, identical answers
    /// (within one run of the program).
    pub digest: u64,
    /// The answer's size in bytes.
    pub bytes: u64,
}

/// The digest of a whole body, as [`StreamedList::digest`] computes it.
pub fn digest_of(body: &[u8]) -> u64 {
    let mut hasher = BodyDigest::default();
    hasher.update(body);
    hasher.finish()
}

/// A streaming digest: the same value whatever the chunk boundaries.
#[derive(Default)]
struct BodyDigest(std::collections::hash_map::DefaultHasher);

impl BodyDigest {
    fn update(&mut self, chunk: &[u8]) {
        self.0.write(chunk);
    }

    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

/// Reads the chunks the network side sends, in order; the end of the
/// channel is the end of the body.
struct ChunkReader {
    chunks: Receiver<Bytes>,
    current: Bytes,
}

impl Read for ChunkReader {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.recv() {
                Ok(chunk) => self.current = chunk,
                Err(_) => return Ok(0),
            }
        }
        let count = buffer.len().min(self.current.len());
        let taken = self.current.split_to(count);
        buffer[..count].copy_from_slice(&taken);
        Ok(count)
    }
}

/// Answer bytes allowed per byte of memory budget. A record's written form
/// is two to five times what it takes decoded (ids, amounts and times
/// written out; repeated texts shared once decoded), so an answer this much
/// larger than the budget cannot fit in it. The cap also bounds what a
/// malformed answer (one endless string) can make the decoder hold.
pub const ANSWER_BYTES_PER_BUDGET_BYTE: u64 = 8;

/// Why a decode stopped short.
enum Stopped {
    /// The records decoded so far passed the memory budget.
    OverBudget,
    /// The body does not match the interface.
    Malformed(serde_json::Error),
}

/// The network side of one streamed decode: feed it chunks, then finish.
pub struct ListDecoder<T> {
    sender: Option<SyncSender<Bytes>>,
    task: tokio::task::JoinHandle<Result<Vec<T>, Stopped>>,
    digest: BodyDigest,
    bytes: u64,
    budget_bytes: u64,
    /// The first bytes, kept for the error message if the body does not decode.
    head: Vec<u8>,
}

/// Bytes of the body's beginning kept for an error message.
const HEAD_BYTES: usize = 200;

impl<T: DeserializeOwned + Footprint + Send + 'static> ListDecoder<T> {
    /// Starts decoding the list under `field` of the answer's object on
    /// tokio's blocking pool; its records may take at most `budget_bytes`
    /// of memory ([`Footprint`]).
    pub fn start(field: &'static str, budget_bytes: u64) -> ListDecoder<T> {
        let (sender, chunks) = sync_channel(CHANNEL_CHUNKS);
        let task = tokio::task::spawn_blocking(move || {
            let reader = BufReader::with_capacity(
                64 * 1024,
                ChunkReader {
                    chunks,
                    current: Bytes::new(),
                },
            );
            let over_budget = Cell::new(false);
            let seed = EnvelopeSeed {
                field,
                rows: RowsSeed {
                    budget_bytes,
                    over_budget: &over_budget,
                    rows: PhantomData,
                },
            };
            let mut deserializer = serde_json::Deserializer::from_reader(reader);
            let decoded = seed
                .deserialize(&mut deserializer)
                .and_then(|rows| deserializer.end().map(|()| rows));
            decoded.map_err(|error| {
                if over_budget.get() {
                    Stopped::OverBudget
                } else {
                    Stopped::Malformed(error)
                }
            })
        });
        ListDecoder {
            sender: Some(sender),
            task,
            digest: BodyDigest::default(),
            bytes: 0,
            budget_bytes,
            head: Vec::new(),
        }
    }

    fn over_budget(&self) -> Error {
        Error::ListOverBudget {
            budget_bytes: self.budget_bytes,
        }
    }

    /// The largest answer this list's budget could hold.
    pub fn answer_limit(budget_bytes: u64) -> u64 {
        budget_bytes.saturating_mul(ANSWER_BYTES_PER_BUDGET_BYTE)
    }

    /// Hands one chunk to the decoder. `Ok(false)`: the decoder has stopped
    /// (over the budget, or on a malformed body), so the rest of the answer
    /// need not be read; [`ListDecoder::finish`] says why.
    pub async fn feed(&mut self, chunk: Bytes) -> Result<bool, Error> {
        self.bytes = self.bytes.saturating_add(chunk.len() as u64);
        if self.bytes > Self::answer_limit(self.budget_bytes) {
            return Err(self.over_budget());
        }
        self.digest.update(&chunk);
        if self.head.len() < HEAD_BYTES {
            let wanted = (HEAD_BYTES - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..wanted]);
        }
        let Some(sender) = self.sender.as_ref() else {
            return Ok(false);
        };
        let sent = match sender.try_send(chunk) {
            Ok(()) => true,
            // The decoder is behind: wait for it off the runtime's threads.
            Err(TrySendError::Full(chunk)) => {
                let sender = sender.clone();
                tokio::task::spawn_blocking(move || sender.send(chunk).is_ok())
                    .await
                    .unwrap_or(false)
            }
            // The decoder stopped, which `finish` reports.
            Err(TrySendError::Disconnected(_)) => false,
        };
        if !sent {
            self.sender = None;
        }
        Ok(sent)
    }

    /// The body ended (or the decoder stopped): waits for the decoder and
    /// returns the list with the answer's digest and size.
    pub async fn finish(mut self, status: u16) -> Result<StreamedList<T>, Error> {
        self.sender = None;
        let decoded = self.task.await.map_err(|error| Error::UnexpectedResponse {
            status,
            detail: format!("the decoder stopped: {error}"),
            excerpt: String::new(),
        })?;
        let rows = decoded.map_err(|stopped| match stopped {
            Stopped::OverBudget => Error::ListOverBudget {
                budget_bytes: self.budget_bytes,
            },
            Stopped::Malformed(error) => Error::unexpected_answer(
                status,
                &format!("the body does not match the interface: {error}"),
                &self.head,
            ),
        })?;
        Ok(StreamedList {
            rows,
            digest: self.digest.finish(),
            bytes: self.bytes,
        })
    }
}

/// The answer's object: the list under `field`, every other member skipped.
struct EnvelopeSeed<'a, T> {
    field: &'static str,
    rows: RowsSeed<'a, T>,
}

impl<'de, T: DeserializeOwned + Footprint> DeserializeSeed<'de> for EnvelopeSeed<'_, T> {
    type Value = Vec<T>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, T: DeserializeOwned + Footprint> Visitor<'de> for EnvelopeSeed<'_, T> {
    type Value = Vec<T>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "an object with a `{}` list", self.field)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<T>, A::Error> {
        let mut rows = None;
        while let Some(key) = map.next_key::<String>()? {
            if key != self.field {
                map.next_value::<IgnoredAny>()?;
            } else if rows.is_some() {
                return Err(A::Error::duplicate_field(self.field));
            } else {
                rows = Some(map.next_value_seed(self.rows)?);
            }
        }
        rows.ok_or_else(|| A::Error::missing_field(self.field))
    }
}

/// The list's records, counted against the budget as each is decoded.
struct RowsSeed<'a, T> {
    budget_bytes: u64,
    over_budget: &'a Cell<bool>,
    rows: PhantomData<fn() -> T>,
}

impl<T> Clone for RowsSeed<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for RowsSeed<'_, T> {}

impl<'de, T: DeserializeOwned + Footprint> DeserializeSeed<'de> for RowsSeed<'_, T> {
    type Value = Vec<T>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: DeserializeOwned + Footprint> Visitor<'de> for RowsSeed<'_, T> {
    type Value = Vec<T>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("a list of records")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut rows = Vec::new();
        let mut used: u64 = 0;
        while let Some(row) = seq.next_element::<T>()? {
            used = used.saturating_add(row.footprint() as u64);
            if used > self.budget_bytes {
                self.over_budget.set(true);
                return Err(A::Error::custom(format!(
                    "the list passed its memory budget of {} bytes at record {}",
                    self.budget_bytes,
                    rows.len() + 1
                )));
            }
            rows.push(row);
        }
        Ok(rows)
    }
}
