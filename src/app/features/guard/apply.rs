//! How [`AppState`] applies the guard: money moves from a sealed profile
//! only after the passphrase, the window locks when idle or asked, and the
//! worker's answer to a passphrase lets the waiting request go or unlocks.
//!
//! Wrong passphrases wait longer each time, on the app's clock (`AppState::now`,
//! which tests move).

use crate::app::clock::Millis;
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::submit::SubmitRequest;

use super::state::{Authorization, PassphrasePrompt, PassphrasePurpose, SealOffer};

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
    pub(crate) fn hold_for_passphrase(&mut self, request: SubmitRequest) -> Option<SubmitRequest> {
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
        if let Some((attempt, passphrase)) = self.guard.start_check(purpose, self.now) {
            self.push(Command::CheckPassphrase {
                purpose,
                attempt,
                passphrase,
            });
        }
    }

    /// Takes in the worker's answer. The right passphrase lets the waiting
    /// request go (the only way a money-moving request is sent from a
    /// sealed profile) or unlocks; a wrong one sends nothing and waits longer.
    pub(crate) fn passphrase_checked(
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
    pub(crate) fn guard_session_started(&mut self) {
        self.guard.locked = false;
        self.guard.opening = None;
        self.guard.unlock = PassphrasePrompt::default();
        self.guard.authorization = None;
        self.guard.seal_offer = SealOffer::None;
        self.guard.last_input = self.now;
    }
}
