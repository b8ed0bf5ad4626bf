//! The lock's state: the transaction password asked at every money-moving
//! request's confirmation step, the idle lock, the unlock screen's field,
//! and the offer to seal a plain key. Plain data; the passphrase itself is
//! checked by the worker against the sealed key (scrypt is slow on purpose),
//! and only its yes or no comes back.
//!
//! Wrong passphrases wait longer each time, on the app's clock (`Shared::now`,
//! which tests move).

use std::fmt;

use secrecy::SecretString;
use zeroize::Zeroizing;

use brlv_core::profile::Profile;
use brlv_core::seal::NewPassphrase;

use crate::app::clock::Millis;
use crate::app::session::{ProfileKind, SessionInfo};
use crate::app::submit::SubmitRequest;

/// The idle time after which the window locks, unless changed in Settings.
pub const DEFAULT_IDLE_LOCK_MINUTES: u32 = 5;
/// The longest wait after wrong passphrases.
const MAX_WAIT_MS: Millis = 5 * 60_000;

/// What a passphrase is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassphrasePurpose {
    /// Open the profile waiting at the unlock screen, or unlock the locked window.
    Unlock,
    /// Let the money-moving request at the confirmation step go.
    Transaction,
}

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

/// A money-moving request at its confirmation step, waiting for the passphrase
/// (a sealed key) or for the word typed (a plain key).
#[derive(Debug)]
pub struct Authorization {
    /// The request, exactly as reviewed.
    pub request: SubmitRequest,
    /// The passphrase field.
    pub prompt: PassphrasePrompt,
    /// The key is plain: no passphrase can be checked, so the person types
    /// the word shown instead.
    pub plain_key: bool,
    /// What is typed in the confirmation field of a plain key.
    pub typed: String,
}

/// How the open profile guards money leaving it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// A sealed key: the passphrase.
    Passphrase,
    /// A plain key (the environment's, or a saved one not sealed yet): a
    /// word typed at the confirmation step.
    TypedWord,
    /// The embedded sandbox: its money is make-believe, nothing is asked.
    Demo,
}

impl Guard {
    /// How `session` guards money leaving it.
    pub fn of(session: Option<&SessionInfo>) -> Guard {
        match session {
            Some(session) if session.sealed => Guard::Passphrase,
            Some(session) if session.kind == ProfileKind::Sandbox => Guard::Demo,
            _ => Guard::TypedWord,
        }
    }
}

/// Proof that a money-moving request passed the lock, handed to the worker
/// with the request it covers. Only this module makes one: after the right
/// passphrase, the word typed for a plain key, or for the sandbox; the
/// worker sends no money-moving request without it.
#[derive(Debug, PartialEq)]
pub struct Authorized {
    // Boxed: it rides in every Submit command, beside the request itself.
    covers: Box<SubmitRequest>,
    guard: Guard,
}

impl Authorized {
    fn of(request: &SubmitRequest, guard: Guard) -> Authorized {
        Authorized {
            covers: Box::new(request.clone()),
            guard,
        }
    }

    /// Whether it was given for exactly `request`.
    pub fn covers(&self, request: &SubmitRequest) -> bool {
        *self.covers == *request
    }

    /// What was asked before it was given.
    pub fn guard(&self) -> Guard {
        self.guard
    }
}

/// A request let go by the lock, with its proof when it moves money.
pub type Released = (SubmitRequest, Option<Authorized>);

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

/// What the lock is told.
#[derive(Debug)]
pub enum LockTold {
    /// The person touched the window: the idle time starts again.
    Touched,
    /// Lock now, when the key is sealed (the shortcut).
    LockNow,
    /// Lock, when the key is sealed and the window has been idle for the
    /// time set (judged every frame, before its input counts).
    LockIfIdle,
    /// The window is minimized: lock, when the key is sealed and Settings
    /// asks for it.
    Minimized,
    /// A sealed profile waits at the unlock screen to be opened.
    UnlockNeeded(Profile),
    /// Check what is typed in the prompt of this purpose, unless a check
    /// is in flight or wrong ones must still wait.
    Check(PassphrasePurpose),
    /// The worker's answer to a check.
    Checked {
        /// What it was for.
        purpose: PassphrasePurpose,
        /// Which check.
        attempt: u64,
        /// The passphrase opens the key.
        accepted: bool,
    },
    /// Let a plain key's waiting request go if the word shown was typed.
    ConfirmTyped,
    /// A form's POST: held at its confirmation step for the passphrase or
    /// the typed word when it moves money, else let go.
    Hold(SubmitRequest),
    /// The worker offers to seal the open profile's plain key.
    SealingOffered,
    /// How sealing the key ended (why not, when it failed).
    Sealed(Result<(), String>),
    /// A new connection opened.
    SessionStarted,
}

/// The lock and the transaction password.
#[derive(Debug)]
pub struct LockState {
    /// Idle time before the window locks, in minutes (Settings).
    pub idle_lock_minutes: u32,
    /// Lock as soon as the window is minimized (Settings; off unless chosen).
    pub lock_when_minimized: bool,
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

impl LockState {
    /// Takes what is typed in the prompt for `purpose` to be checked, as
    /// attempt number N, unless a check is in flight, nothing is typed, or
    /// wrong ones must still wait (`now` on the app's clock).
    pub fn start_check(
        &mut self,
        purpose: PassphrasePurpose,
        now: Millis,
    ) -> Option<(u64, SecretString)> {
        if self.attempts.wait_ms(now) > 0 {
            return None;
        }
        let attempt = self.next_attempt;
        let prompt = match purpose {
            PassphrasePurpose::Unlock => &mut self.unlock,
            PassphrasePurpose::Transaction => &mut self.authorization.as_mut()?.prompt,
        };
        if prompt.checking.is_some() || prompt.text.is_empty() {
            return None;
        }
        let passphrase = SecretString::from(std::mem::take(&mut *prompt.text));
        prompt.checking = Some(attempt);
        prompt.wrong = false;
        self.next_attempt += 1;
        Some((attempt, passphrase))
    }
}

impl LockState {
    /// Locks now: drafts stay; a request waiting for its passphrase is
    /// dropped (nothing was sent).
    pub fn engage(&mut self) {
        self.locked = true;
        self.unlock = PassphrasePrompt::default();
        self.authorization = None;
    }

    /// Whether the window has been idle for the time set in Settings, as of
    /// `now`, and is not locked yet.
    pub fn idle_past_limit(&self, now: Millis) -> bool {
        !self.locked && now >= self.idle_deadline()
    }

    /// When the window locks unless someone touches it first.
    pub fn idle_deadline(&self) -> Millis {
        let limit = Millis::from(self.idle_lock_minutes).saturating_mul(60_000);
        self.last_input.saturating_add(limit)
    }

    /// Milliseconds from `now` until the idle lock is due (0: due now);
    /// `None` while locked.
    pub fn idle_lock_due_in(&self, now: Millis) -> Option<Millis> {
        (!self.locked).then(|| self.idle_deadline().saturating_sub(now))
    }

    /// Holds a money-moving request at its confirmation step until the
    /// passphrase is checked or, for a plain key, the word is typed (`guard`:
    /// how the open profile guards it); anything else goes at once, and a
    /// money-moving request of the sandbox goes with its proof. Nothing goes
    /// while the window is locked.
    pub fn hold(&mut self, request: SubmitRequest, guard: Guard) -> Option<Released> {
        if self.locked {
            return None;
        }
        if !request.moves_money() {
            return Some((request, None));
        }
        if guard == Guard::Demo {
            let proof = Authorized::of(&request, guard);
            return Some((request, Some(proof)));
        }
        self.authorization = Some(Authorization {
            request,
            prompt: PassphrasePrompt::default(),
            plain_key: guard == Guard::TypedWord,
            typed: String::new(),
        });
        None
    }

    /// Lets the plain key's waiting request go when what is typed is `word`
    /// (any case, spaces around ignored); otherwise nothing goes.
    pub fn confirm_typed(&mut self, word: &str) -> Option<Released> {
        let authorization = self.authorization.as_ref()?;
        if self.locked
            || !authorization.plain_key
            || authorization.typed.trim().to_uppercase() != word.trim().to_uppercase()
        {
            return None;
        }
        let request = self.authorization.take()?.request;
        let proof = Authorized::of(&request, Guard::TypedWord);
        Some((request, Some(proof)))
    }

    /// Takes in the worker's answer to check `attempt` of `purpose`'s
    /// prompt. The right passphrase unlocks, or lets the waiting request go
    /// with its proof (returned: the only way a money-moving request leaves
    /// a sealed profile); a wrong one sends nothing and waits longer.
    pub fn checked(
        &mut self,
        purpose: PassphrasePurpose,
        attempt: u64,
        accepted: bool,
        now: Millis,
    ) -> Option<Released> {
        match purpose {
            PassphrasePurpose::Unlock => {
                if self.unlock.checking != Some(attempt) {
                    return None;
                }
                self.unlock.checking = None;
                if accepted {
                    self.attempts.reset();
                    self.locked = false;
                    self.opening = None;
                    self.last_input = now;
                } else {
                    self.attempts.failed(now);
                    self.unlock.wrong = true;
                    self.unlock.focused = false;
                }
                None
            }
            PassphrasePurpose::Transaction => {
                let authorization = self.authorization.as_mut()?;
                if authorization.prompt.checking != Some(attempt) {
                    return None;
                }
                authorization.prompt.checking = None;
                if accepted {
                    self.attempts.reset();
                    let request = self.authorization.take()?.request;
                    let proof = Authorized::of(&request, Guard::Passphrase);
                    return Some((request, Some(proof)));
                }
                self.attempts.failed(now);
                authorization.prompt.wrong = true;
                authorization.prompt.focused = false;
                None
            }
        }
    }

    /// A new connection: unlocked, idle time counted from `now`, nothing waiting.
    pub fn session_started(&mut self, now: Millis) {
        self.locked = false;
        self.opening = None;
        self.unlock = PassphrasePrompt::default();
        self.authorization = None;
        self.seal_offer = SealOffer::None;
        self.last_input = now;
    }
}

impl Default for LockState {
    fn default() -> Self {
        LockState {
            idle_lock_minutes: DEFAULT_IDLE_LOCK_MINUTES,
            lock_when_minimized: false,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn withdrawal(amount: i64) -> SubmitRequest {
        SubmitRequest::Withdrawal(brlv_core::api::model::CreateWithdrawal::pix(
            rust_decimal::Decimal::new(amount, 0),
            "52998224725".to_owned(),
        ))
    }

    #[test]
    fn a_plain_keys_request_leaves_with_its_proof_only_once_the_word_is_typed() {
        let mut lock = LockState::default();
        assert!(lock.hold(withdrawal(10), Guard::TypedWord).is_none());
        assert!(lock.confirm_typed("SEND").is_none(), "nothing typed yet");
        lock.authorization.as_mut().unwrap().typed = "SENT".to_owned();
        assert!(lock.confirm_typed("SEND").is_none());
        lock.authorization.as_mut().unwrap().typed = " send ".to_owned();
        let (request, proof) = lock.confirm_typed("SEND").unwrap();
        let proof = proof.unwrap();
        assert_eq!(request, withdrawal(10));
        assert!(proof.covers(&withdrawal(10)));
        assert!(!proof.covers(&withdrawal(11)));
        assert_eq!(proof.guard(), Guard::TypedWord);
        assert!(lock.authorization.is_none());

        // A sealed key's request is not let go by a typed word.
        assert!(lock.hold(withdrawal(10), Guard::Passphrase).is_none());
        lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
        assert!(lock.confirm_typed("SEND").is_none());

        // The sandbox's goes at once, with its proof; nothing goes while locked.
        let (_, proof) = lock.hold(withdrawal(10), Guard::Demo).unwrap();
        assert_eq!(proof.unwrap().guard(), Guard::Demo);
        lock.engage();
        assert!(lock.hold(withdrawal(10), Guard::Demo).is_none());
    }

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
