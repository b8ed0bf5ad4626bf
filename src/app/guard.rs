//! Nobody at an unlocked desk moves the money: the transaction password asked
//! at every money-moving request's confirmation step, the idle lock, and the
//! unlock screen. Plain state on the UI side; the passphrase itself is
//! checked by the worker against the sealed key (scrypt is slow on purpose),
//! and only its yes or no comes back.
//!
//! Wrong passphrases wait longer each time, on the app's clock (`AppState::now`,
//! which tests move).

use std::fmt;

use secrecy::SecretString;
use zeroize::Zeroizing;

use crate::profile::Profile;
use crate::seal::NewPassphrase;

use super::clock::Millis;
use super::message::{Command, PassphrasePurpose};
use super::state::AppState;
use super::submit::SubmitRequest;

/// The idle time after which the window locks, unless changed in Settings.
pub const DEFAULT_IDLE_LOCK_MINUTES: u32 = 5;
/// The longest wait after wrong passphrases.
const MAX_WAIT_MS: Millis = 5 * 60_000;

/// Wrong passphrases so far, and when the next may be tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attempts {
    failures: u32,
    not_before: Millis,
}

impl Attempts {
    /// Counts a wrong passphrase: the first waits 1 s, each next one twice
    /// as long, up to 5 minutes.
    pub fn failed(&mut self, now: Millis) {
        self.failures = self.failures.saturating_add(1);
        let doublings = self.failures.saturating_sub(1).min(20);
        let wait = (1_000u64 << doublings).min(MAX_WAIT_MS);
        self.not_before = now.saturating_add(wait);
    }

    /// After the right passphrase.
    pub fn reset(&mut self) {
        *self = Attempts::default();
    }

    /// How many wrong passphrases in a row.
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// Milliseconds until the next try is allowed (0: now).
    pub fn wait_ms(&self, now: Millis) -> Millis {
        self.not_before.saturating_sub(now)
    }
}

/// A passphrase field and where its check stands.
#[derive(Default)]
pub struct PassphrasePrompt {
    /// What is typed (wiped when sent or dropped).
    pub text: Zeroizing<String>,
    /// The check in flight, by attempt number.
    pub checking: Option<u64>,
    /// The last one sent was wrong.
    pub wrong: bool,
    /// The field has had the keyboard focus given once (so Tab can leave it).
    pub focused: bool,
}

impl fmt::Debug for PassphrasePrompt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassphrasePrompt")
            .field("checking", &self.checking)
            .field("wrong", &self.wrong)
            .field("focused", &self.focused)
            .finish_non_exhaustive()
    }
}

/// A money-moving request at its confirmation step, waiting for the passphrase.
#[derive(Debug)]
pub struct Authorization {
    /// The request, exactly as reviewed.
    pub request: SubmitRequest,
    /// The passphrase field.
    pub prompt: PassphrasePrompt,
}

/// Where the offer to seal a plain-key profile stands.
#[derive(Debug, Default)]
pub enum SealOffer {
    /// Nothing to offer.
    #[default]
    None,
    /// Offered: the passphrase form is shown.
    Open(NewPassphrase),
    /// The worker is sealing.
    Sealing,
    /// Sealing failed; the reason.
    Failed(String),
}

/// The lock and the transaction password.
#[derive(Debug)]
pub struct Guard {
    /// Idle time before the window locks, in minutes (Settings).
    pub idle_lock_minutes: u32,
    /// When the person last touched the window.
    pub last_input: Millis,
    /// The lock screen is shown.
    pub locked: bool,
    /// A sealed profile waiting at the unlock screen to be opened.
    pub opening: Option<Profile>,
    /// The unlock screen's field.
    pub unlock: PassphrasePrompt,
    /// A money-moving request waiting for the passphrase.
    pub authorization: Option<Authorization>,
    /// Wrong passphrases (unlock and transaction alike).
    pub attempts: Attempts,
    /// The offer to seal a plain key.
    pub seal_offer: SealOffer,
    next_attempt: u64,
}

impl Default for Guard {
    fn default() -> Self {
        Guard {
            idle_lock_minutes: DEFAULT_IDLE_LOCK_MINUTES,
            last_input: 0,
            locked: false,
            opening: None,
            unlock: PassphrasePrompt::default(),
            authorization: None,
            attempts: Attempts::default(),
            seal_offer: SealOffer::None,
            next_attempt: 1,
        }
    }
}

impl AppState {
    /// Whether money moves only after the passphrase (the key is sealed).
    pub fn requires_passphrase(&self) -> bool {
        self.session.as_ref().is_some_and(|session| session.sealed)
    }

    /// Whether the unlock screen fills the window: locked, or a sealed
    /// profile waiting to be opened.
    pub fn shows_lock_screen(&self) -> bool {
        (self.guard.locked && self.session.is_some()) || self.guard.opening.is_some()
    }

    /// Locks the window now (the shortcut, or the idle time). Drafts stay;
    /// a request waiting for its passphrase is dropped (nothing was sent).
    pub fn lock_now(&mut self) {
        if !self.requires_passphrase() {
            return;
        }
        self.guard.locked = true;
        self.guard.unlock = PassphrasePrompt::default();
        self.guard.authorization = None;
    }

    /// The person touched the window.
    pub fn note_input(&mut self) {
        self.guard.last_input = self.now;
    }

    /// Locks the window once it has been idle for the time set in Settings.
    pub fn lock_if_idle(&mut self) {
        let limit = Millis::from(self.guard.idle_lock_minutes).saturating_mul(60_000);
        if !self.guard.locked
            && self.requires_passphrase()
            && self.now.saturating_sub(self.guard.last_input) >= limit
        {
            self.lock_now();
        }
    }

    /// Holds a money-moving request at its confirmation step until the
    /// passphrase is checked; anything else is sent at once.
    pub(super) fn hold_for_passphrase(&mut self, request: SubmitRequest) -> Option<SubmitRequest> {
        if self.guard.locked {
            return None;
        }
        if self.requires_passphrase() && request.moves_money() {
            self.guard.authorization = Some(Authorization {
                request,
                prompt: PassphrasePrompt::default(),
            });
            return None;
        }
        Some(request)
    }

    /// Drops the request waiting for its passphrase; nothing was sent.
    pub fn cancel_authorization(&mut self) {
        self.guard.authorization = None;
    }

    /// Sends what is typed in the prompt for `purpose` to be checked,
    /// unless a check is in flight or wrong ones must still wait.
    pub fn check_passphrase(&mut self, purpose: PassphrasePurpose) {
        if self.guard.attempts.wait_ms(self.now) > 0 {
            return;
        }
        let attempt = self.guard.next_attempt;
        let prompt = match purpose {
            PassphrasePurpose::Unlock => &mut self.guard.unlock,
            PassphrasePurpose::Transaction => match self.guard.authorization.as_mut() {
                Some(authorization) => &mut authorization.prompt,
                None => return,
            },
        };
        if prompt.checking.is_some() || prompt.text.is_empty() {
            return;
        }
        let passphrase = SecretString::from(std::mem::take(&mut *prompt.text));
        prompt.checking = Some(attempt);
        prompt.wrong = false;
        self.guard.next_attempt += 1;
        self.push(Command::CheckPassphrase {
            purpose,
            attempt,
            passphrase,
        });
    }

    /// Takes in the worker's answer. The right passphrase lets the waiting
    /// request go (the only way a money-moving request is sent from a
    /// sealed profile) or unlocks; a wrong one sends nothing and waits longer.
    pub(super) fn passphrase_checked(
        &mut self,
        purpose: PassphrasePurpose,
        attempt: u64,
        accepted: bool,
    ) {
        let now = self.now;
        match purpose {
            PassphrasePurpose::Unlock => {
                if self.guard.unlock.checking != Some(attempt) {
                    return;
                }
                self.guard.unlock.checking = None;
                if accepted {
                    self.guard.attempts.reset();
                    self.guard.locked = false;
                    self.guard.opening = None;
                    self.guard.last_input = now;
                } else {
                    self.guard.attempts.failed(now);
                    self.guard.unlock.wrong = true;
                    self.guard.unlock.focused = false;
                }
            }
            PassphrasePurpose::Transaction => {
                let Some(authorization) = self.guard.authorization.as_mut() else {
                    return;
                };
                if authorization.prompt.checking != Some(attempt) {
                    return;
                }
                authorization.prompt.checking = None;
                if accepted {
                    self.guard.attempts.reset();
                    if let Some(authorization) = self.guard.authorization.take() {
                        self.send_submit(authorization.request);
                    }
                } else {
                    self.guard.attempts.failed(now);
                    authorization.prompt.wrong = true;
                    authorization.prompt.focused = false;
                }
            }
        }
    }

    /// A new connection: unlocked, idle time counted from now, nothing waiting.
    pub(super) fn guard_session_started(&mut self) {
        self.guard.locked = false;
        self.guard.opening = None;
        self.guard.unlock = PassphrasePrompt::default();
        self.guard.authorization = None;
        self.guard.seal_offer = SealOffer::None;
        self.guard.last_input = self.now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_passphrases_wait_longer_each_time_up_to_five_minutes() {
        let mut attempts = Attempts::default();
        assert_eq!(attempts.wait_ms(0), 0);
        attempts.failed(10_000);
        assert_eq!(attempts.wait_ms(10_000), 1_000);
        attempts.failed(11_000);
        assert_eq!(attempts.wait_ms(11_000), 2_000);
        attempts.failed(13_000);
        assert_eq!(attempts.wait_ms(13_000), 4_000);
        assert_eq!(attempts.wait_ms(17_000), 0);
        for _ in 0..30 {
            attempts.failed(20_000);
        }
        assert_eq!(attempts.wait_ms(20_000), MAX_WAIT_MS);
        attempts.reset();
        assert_eq!(attempts.failures(), 0);
    }
}
