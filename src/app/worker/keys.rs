//! The worker's key chores: generating a key pair, reading a PEM file,
//! writing a public key. All run on the blocking pool: RSA generation takes
//! a while and files may sit on slow disks.

use std::path::PathBuf;
use std::sync::Arc;

use crate::api::{KeyError, PrivateKey, RsaKeyBits};
use crate::app::command::Event;
use crate::app::onboarding_state::KeyRefusal;

use super::{Done, Worker, blocking};

impl Worker {
    pub(super) fn generate_key(&mut self, bits: RsaKeyBits) {
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        self.spawn(async move {
            let result = blocking(move || PrivateKey::generate(bits))
                .await
                .unwrap_or(Err(KeyError::Generation));
            let _ = events.send(Event::KeyGenerated(result));
            repaint();
            Done::Nothing
        });
    }

    pub(super) fn load_key_file(&mut self, path: PathBuf) {
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        self.spawn(async move {
            let read_path = path.clone();
            let result = blocking(move || read_key_file(&read_path))
                .await
                .map_err(|reason| KeyRefusal::Unreadable {
                    path: path.display().to_string(),
                    reason,
                })
                .and_then(|read| read);
            let _ = events.send(Event::KeyFileLoaded { path, result });
            repaint();
            Done::Nothing
        });
    }

    pub(super) fn save_public_key(&mut self, path: PathBuf, pem: String) {
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        self.spawn(async move {
            let write_path = path.clone();
            let result = blocking(move || std::fs::write(&write_path, pem))
                .await
                .and_then(|written| written.map_err(|error| error.to_string()))
                .map(|()| path);
            let _ = events.send(Event::PublicKeySaved(result));
            repaint();
            Done::Nothing
        });
    }
}

/// Reads a PEM key file, keeping a refused key's reason typed.
fn read_key_file(path: &std::path::Path) -> Result<PrivateKey, KeyRefusal> {
    let text = std::fs::read_to_string(path).map_err(|error| KeyRefusal::Unreadable {
        path: path.display().to_string(),
        reason: error.to_string(),
    })?;
    PrivateKey::from_pem(&text).map_err(KeyRefusal::Key)
}
