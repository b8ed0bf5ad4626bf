//! The onboarding form's key chores: generating a key pair, reading a PEM
//! file, writing a public key. All run on the blocking pool: RSA generation
//! takes a while and files may sit on slow disks. Each returns the Event to
//! report; the worker's loop sends it.

use std::path::Path;

use crate::app::export::{FileError, FileErrorKind, write_file};
use brlv_core::api::{KeyError, PrivateKey};

use super::message::{KeyRefusal, OnboardingCommand, OnboardingEvent};

/// Runs one key chore off the async threads.
pub async fn run(command: OnboardingCommand) -> OnboardingEvent {
    let fallback = failed(&command);
    let done = tokio::task::spawn_blocking(move || match command {
        OnboardingCommand::GenerateKey(bits) => {
            OnboardingEvent::KeyGenerated(PrivateKey::generate(bits))
        }
        OnboardingCommand::LoadKeyFile(path) => {
            let result = read_key_file(&path);
            OnboardingEvent::KeyFileLoaded { path, result }
        }
        OnboardingCommand::SavePublicKey { path, pem } => {
            OnboardingEvent::PublicKeySaved(write_file(&path, pem.as_bytes()))
        }
    })
    .await;
    done.unwrap_or(fallback)
}

/// What `command` reports if its blocking task dies before answering.
fn failed(command: &OnboardingCommand) -> OnboardingEvent {
    let lost = |path: &Path| FileError {
        path: path.to_owned(),
        kind: FileErrorKind::Other("the background task stopped".to_owned()),
    };
    match command {
        OnboardingCommand::GenerateKey(_) => {
            OnboardingEvent::KeyGenerated(Err(KeyError::Generation))
        }
        OnboardingCommand::LoadKeyFile(path) => OnboardingEvent::KeyFileLoaded {
            path: path.clone(),
            result: Err(KeyRefusal::Unreadable(lost(path))),
        },
        OnboardingCommand::SavePublicKey { path, .. } => {
            OnboardingEvent::PublicKeySaved(Err(lost(path)))
        }
    }
}

/// Reads a PEM key file, keeping a refused key's reason typed.
fn read_key_file(path: &Path) -> Result<PrivateKey, KeyRefusal> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| KeyRefusal::Unreadable(FileError::io(path, &error)))?;
    PrivateKey::from_pem(&text).map_err(KeyRefusal::Key)
}
