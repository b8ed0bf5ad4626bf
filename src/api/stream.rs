//! Lists decoded while they arrive. The interface has no pagination, so an
//! account's whole history is one answer; holding that answer whole and
//! then decoding it would need the text and the records in memory at once,
//! and a decode that starts only after the last byte. Here the body's chunks
//! go through a bounded channel to a blocking task that decodes them as they
//! come, so the records are ready moments after the last byte, the text is
//! never held whole, and the async runtime never runs the decoder.
//!
//! Each answer also gets a digest of its bytes, so the caller can tell an
//! answer identical to the last one without keeping the last one.

use std::hash::Hasher;
use std::io::{BufReader, Read};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use bytes::Bytes;
use serde::de::DeserializeOwned;

use super::error::Error;

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

/// The network side of one streamed decode: feed it chunks, then finish.
pub struct ListDecoder<E> {
    sender: Option<SyncSender<Bytes>>,
    task: tokio::task::JoinHandle<Result<E, serde_json::Error>>,
    digest: BodyDigest,
    bytes: u64,
    limit: u64,
    /// The first bytes, kept for the error message if the body does not decode.
    head: Vec<u8>,
}

/// Bytes of the body's beginning kept for an error message.
const HEAD_BYTES: usize = 200;

impl<E: DeserializeOwned + Send + 'static> ListDecoder<E> {
    /// Starts the decoder on tokio's blocking pool; `limit` is the largest
    /// answer accepted, in bytes.
    pub fn start(limit: u64) -> ListDecoder<E> {
        let (sender, chunks) = sync_channel(CHANNEL_CHUNKS);
        let task = tokio::task::spawn_blocking(move || {
            let reader = BufReader::with_capacity(
                64 * 1024,
                ChunkReader {
                    chunks,
                    current: Bytes::new(),
                },
            );
            serde_json::from_reader::<_, E>(reader)
        });
        ListDecoder {
            sender: Some(sender),
            task,
            digest: BodyDigest::default(),
            bytes: 0,
            limit,
            head: Vec::new(),
        }
    }

    /// Hands one chunk to the decoder; an answer past the limit is refused
    /// at once, before the rest is read.
    pub async fn feed(&mut self, chunk: Bytes) -> Result<(), Error> {
        self.bytes = self.bytes.saturating_add(chunk.len() as u64);
        if self.bytes > self.limit {
            return Err(Error::ResponseTooLarge {
                limit_bytes: usize::try_from(self.limit).unwrap_or(usize::MAX),
            });
        }
        self.digest.update(&chunk);
        if self.head.len() < HEAD_BYTES {
            let wanted = (HEAD_BYTES - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..wanted]);
        }
        let Some(sender) = self.sender.as_ref() else {
            return Ok(());
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
            // The decoder stopped on an error, which `finish` reports.
            Err(TrySendError::Disconnected(_)) => false,
        };
        if !sent {
            self.sender = None;
        }
        Ok(())
    }

    /// The body ended: waits for the decoder and returns the envelope with
    /// the answer's digest and size.
    pub async fn finish(mut self, status: u16) -> Result<(E, u64, u64), Error> {
        self.sender = None;
        let decoded = self.task.await.map_err(|error| Error::UnexpectedResponse {
            status,
            detail: format!("the decoder stopped: {error}"),
            excerpt: String::new(),
        })?;
        let envelope = decoded.map_err(|error| Error::UnexpectedResponse {
            status,
            detail: format!("the body does not match the interface: {error}"),
            excerpt: super::error::excerpt(&self.head),
        })?;
        Ok((envelope, self.digest.finish(), self.bytes))
    }
}
