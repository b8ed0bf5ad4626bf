//! The worker's account flows: launch, connecting (tested first), opening a
//! saved profile from the keyring, saving and deleting profiles, the
//! environment's temporary profile, and the embedded sandbox.

use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};

use brlv_core::api::model::BalanceAsset;
use brlv_core::api::{Client, ClientConfig, Error, PrivateKey, RsaKeyBits, Signer};
use brlv_core::keystore::{KeyringStore, KeystoreError, ProfileSecrets, SecretStore};
use brlv_core::network::NetworkPath;
use brlv_core::profile::{Profile, ProfileBook};
use brlv_core::profile_binding::{self, BindingBook, Checked};
use brlv_core::seal;

use super::config::{EnvironmentProfile, NetworkPolicy, SecretSource};
use super::sandbox::EmbeddedSandbox;
use super::state::{Done, OpenRequest, PendingUnlock, Session, Worker, blocking, notice};
use crate::app::features::lock::state::PassphrasePurpose;
use crate::app::message::{Event, NoticeKind};
use crate::app::resources::ResourceKey;
use crate::app::schedule::Schedule;
use crate::app::session::{ConnectRequest, ProfileKind, SessionInfo};

impl Worker {
    pub(super) fn start(&mut self, sandbox: bool) {
        if let Some(path) = &self.config.profile_path {
            let path = path.clone();
            let loaded = tokio::task::block_in_place(|| ProfileBook::load(&path));
            match loaded {
                Ok(book) => self.book = book,
                Err(error) => self.emit(notice(NoticeKind::ProfilesUnreadable, error.to_string())),
            }
        }
        self.emit(Event::ProfilesLoaded(self.book.clone()));
        if sandbox {
            self.start_sandbox();
            self.emit(Event::StartupFinished);
            return;
        }
        let environment = match &self.config.environment {
            EnvironmentProfile::Ignore => None,
            EnvironmentProfile::Given(credentials) => {
                Some(Ok(brlv_core::credentials::EnvironmentCredentials {
                    base_url: credentials.base_url.clone(),
                    api_key: credentials.api_key.clone(),
                    key: brlv_core::credentials::KeyMaterial::Plain(
                        credentials.private_key.clone(),
                    ),
                }))
            }
            EnvironmentProfile::FromProcess => {
                std::env::var_os(brlv_core::credentials::ENV_BASE_URL)
                    .is_some()
                    .then(|| {
                        tokio::task::block_in_place(brlv_core::credentials::environment_credentials)
                    })
            }
        };
        if let Some(credentials) = environment {
            match credentials {
                Ok(brlv_core::credentials::EnvironmentCredentials {
                    base_url,
                    api_key,
                    key:
                        brlv_core::credentials::KeyMaterial::Sealed(sealed_key)
                        | brlv_core::credentials::KeyMaterial::SealedFile(sealed_key),
                }) => {
                    // A sealed key file opens at the unlock screen, like a saved profile.
                    let profile = Profile::for_environment(&base_url);
                    self.pending_unlock = Some(PendingUnlock {
                        profile: profile.clone(),
                        kind: ProfileKind::Environment,
                        api_key,
                        sealed_key,
                    });
                    self.emit(Event::UnlockNeeded(profile));
                }
                Ok(credentials) => {
                    if matches!(self.config.environment, EnvironmentProfile::FromProcess) {
                        self.emit(notice(NoticeKind::PlainKeyFile, ""));
                    }
                    self.open_environment(credentials.open(|| {
                        Err(brlv_core::credentials::CredentialsError::Passphrase(
                            "not sealed".to_owned(),
                        ))
                    }));
                }
                Err(error) => self.open_environment(Err(error)),
            }
            self.emit(Event::StartupFinished);
            return;
        }
        match self.book.last_used.clone() {
            Some(name) if self.book.find(&name).is_some() => self.open_saved(&name, true),
            _ => self.emit(Event::StartupFinished),
        }
    }

    pub(super) fn open_environment(
        &mut self,
        credentials: Result<
            brlv_core::credentials::Credentials,
            brlv_core::credentials::CredentialsError,
        >,
    ) {
        let network = self.config.network.clone();
        let opened = credentials
            .map_err(|error| error.to_string())
            .and_then(|credentials| {
                let profile = Profile::for_environment(&credentials.base_url);
                let client = client_for(
                    &network,
                    &credentials.base_url,
                    &credentials.network,
                    credentials.api_key,
                    credentials.private_key,
                )
                .map_err(|error| error.to_string())?;
                Ok(OpenRequest {
                    profile,
                    kind: ProfileKind::Environment,
                    client,
                    save_secrets: None,
                    sealed_key: None,
                    plain_secrets: None,
                })
            });
        match opened {
            Ok(request) => self.open(request),
            Err(detail) => self.emit(notice(NoticeKind::EnvironmentProfileInvalid, detail)),
        }
    }

    pub(super) fn open(&mut self, request: OpenRequest) {
        let signing_key = request
            .save_secrets
            .is_some()
            .then(|| request.client.signer().private_key().clone());
        let id = self.next_session;
        self.next_session += 1;
        let info = SessionInfo {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
            sealed: request.sealed_key.is_some(),
            route: route_of(&request.client),
        };
        if !info.route.ignored.is_empty() {
            tracing::warn!(
                "not used, as the profile does not choose them: {}",
                info.route.ignored.join(", ")
            );
        }
        // A saved profile must hold a sealed key: one still plain is offered
        // sealing at every start until it is.
        let offer_sealing = request.kind == ProfileKind::Saved && request.plain_secrets.is_some();
        let journal = self.journal_for(&request.profile, request.kind);
        self.session = Some(Session {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
            client: request.client,
            schedule: Schedule::new(&ResourceKey::polled(), self.config.clock.now_ms()),
            sealed_key: request.sealed_key,
            plain_secrets: request.plain_secrets,
            fingerprints: std::collections::HashMap::new(),
            journal,
        });
        self.transaction_tickets = 0;
        self.watch_in_new_session();
        self.emit(Event::SessionStarted(info));
        if offer_sealing {
            self.emit(Event::SealingOffered);
        }
        self.restore_journal(id);
        self.restore_qr_memory(id);
        self.settle_at_start(id);
        if let Some(secrets) = request.save_secrets {
            let source = self.config.secrets.clone();
            let profile = request.profile;
            // The key signs the address it is saved with, beside the profile file.
            let binding = self
                .config
                .profile_path
                .as_deref()
                .map(BindingBook::path_beside)
                .zip(signing_key);
            self.spawn(async move {
                let name = profile.name.clone();
                let base_url = profile.base_url.clone();
                let result = blocking(move || {
                    open_store(&source)?.save(&name, &secrets)?;
                    match binding {
                        Some((path, key)) => {
                            save_binding(&path, &key, &name, &base_url, &NetworkPath::default())
                        }
                        None => Ok(()),
                    }
                })
                .await
                .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
                Done::Saved { profile, result }
            });
        } else if request.kind == ProfileKind::Saved {
            self.remember_last_used(&request.profile.name);
        }
    }

    pub(super) fn remember_last_used(&mut self, name: &str) {
        if self.book.last_used.as_deref() != Some(name) {
            let name = name.to_owned();
            self.change_book(move |book| book.last_used = Some(name));
        }
    }

    /// Applies `edit` to the profile file as it is on disk now, not to the
    /// copy read at start: `brlv-desk profile add` or `remove` may have
    /// changed it while the window was open, and writing the old copy back
    /// whole would undo them. A file that cannot be read is left as it is
    /// (the edit holds in this window only), never replaced by a guess.
    pub(super) fn change_book(&mut self, edit: impl FnOnce(&mut ProfileBook)) {
        let Some(path) = self.config.profile_path.clone() else {
            edit(&mut self.book);
            self.emit(Event::ProfilesLoaded(self.book.clone()));
            return;
        };
        let written = match tokio::task::block_in_place(|| ProfileBook::load(&path)) {
            Ok(mut book) => {
                edit(&mut book);
                let saved = tokio::task::block_in_place(|| book.save(&path));
                self.book = book;
                saved
            }
            Err(error) => {
                edit(&mut self.book);
                Err(error)
            }
        };
        if let Err(error) = written {
            self.emit(notice(NoticeKind::ProfilesUnreadable, error.to_string()));
        }
        self.emit(Event::ProfilesLoaded(self.book.clone()));
    }

    pub(super) fn connect(&mut self, request: ConnectRequest) {
        self.emit(Event::Connecting);
        let ConnectRequest {
            profile,
            api_key,
            private_key,
            save,
            passphrase,
        } = request;
        let kind = if save {
            ProfileKind::Saved
        } else {
            ProfileKind::Unsaved
        };
        let cost = self.config.seal_cost;
        let network = self.config.network.clone();
        self.spawn(async move {
            // Sealed before anything is saved: the keyring only ever holds the sealed key.
            let key = private_key.clone();
            let sealed = match blocking(move || seal::seal(&key, &passphrase, cost)).await {
                Ok(Ok(sealed)) => sealed,
                Ok(Err(error)) => {
                    return Done::Report(Event::ConnectFailed(Error::Config(error.to_string())));
                }
                Err(detail) => return Done::Report(Event::ConnectFailed(Error::Config(detail))),
            };
            let save_secrets = save.then(|| ProfileSecrets {
                api_key: api_key.clone(),
                private_key_pem: sealed.clone(),
            });
            let client = match client_for(
                &network,
                &profile.base_url,
                &NetworkPath::default(),
                api_key,
                private_key,
            ) {
                Ok(client) => client,
                Err(error) => return Done::Report(Event::ConnectFailed(error)),
            };
            // A signed GET proves the URL, the API key, the key and the clock at once.
            let result = client.balance(&BalanceAsset::Brl).await.map(|_| ());
            Done::Tested {
                open: OpenRequest {
                    profile,
                    kind,
                    client,
                    save_secrets,
                    sealed_key: Some(sealed),
                    plain_secrets: None,
                },
                result,
            }
        });
    }

    /// Opens a saved profile; at launch (`finishes_startup`) the launch is
    /// reported finished only once the profile is open or refused, so the
    /// onboarding screen does not flash by.
    pub(super) fn open_saved(&mut self, name: &str, finishes_startup: bool) {
        let Some(profile) = self.book.find(name).cloned() else {
            self.emit(notice(
                NoticeKind::ProfileNotOpened(name.to_owned()),
                "it is not in the profile file",
            ));
            if finishes_startup {
                self.emit(Event::StartupFinished);
            }
            return;
        };
        let source = self.config.secrets.clone();
        let network = self.config.network.clone();
        let path = self.book.network_of(name);
        let opening = async move {
            let name = profile.name.clone();
            let loaded = blocking(move || open_store(&source)?.load(&name))
                .await
                .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
            let failure = |detail: String| {
                Done::Report(notice(
                    NoticeKind::ProfileNotOpened(profile.name.clone()),
                    detail,
                ))
            };
            let secrets = match loaded {
                Ok(Some(secrets)) => secrets,
                Ok(None) => {
                    return failure(
                        "the keyring holds no secrets for it; delete it and add it again"
                            .to_owned(),
                    );
                }
                Err(error) => return failure(error.to_string()),
            };
            if seal::is_sealed(secrets.private_key_pem.expose_secret()) {
                return Done::NeedsUnlock(PendingUnlock {
                    profile,
                    kind: ProfileKind::Saved,
                    api_key: secrets.api_key,
                    sealed_key: secrets.private_key_pem,
                });
            }
            let private_key = match PrivateKey::from_pem(secrets.private_key_pem.expose_secret()) {
                Ok(key) => key,
                Err(error) => return failure(error.to_string()),
            };
            let plain = secrets.clone();
            match client_for(
                &network,
                &profile.base_url,
                &path,
                secrets.api_key,
                private_key,
            ) {
                Ok(client) => Done::Open(OpenRequest {
                    profile,
                    kind: ProfileKind::Saved,
                    client,
                    save_secrets: None,
                    sealed_key: None,
                    plain_secrets: Some(plain),
                }),
                Err(error) => failure(error.to_string()),
            }
        };
        self.spawn(async move {
            let done = opening.await;
            if finishes_startup {
                Done::Sequence(vec![done, Done::StartupFinished])
            } else {
                done
            }
        });
    }

    pub(super) fn delete_profile(&mut self, name: String) {
        let source = self.config.secrets.clone();
        self.spawn(async move {
            let entry = name.clone();
            let result = blocking(move || open_store(&source)?.delete(&entry))
                .await
                .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
            Done::Deleted { name, result }
        });
    }

    pub(super) fn start_sandbox(&mut self) {
        if self.sandbox_starting {
            return;
        }
        self.sandbox_starting = true;
        self.emit(Event::SandboxStarting);
        let running = self.sandbox.take();
        let network = self.config.network.clone();
        let clock_start = self.config.sandbox_clock_start;
        self.spawn(async move {
            let failure = |detail: String| {
                Done::Sequence(vec![
                    Done::Report(notice(NoticeKind::SandboxFailed, detail)),
                    Done::SandboxFailed,
                ])
            };
            let sandbox = match running {
                Some(sandbox) => sandbox,
                None => match EmbeddedSandbox::start(clock_start).await {
                    Ok(sandbox) => sandbox,
                    Err(detail) => return failure(detail),
                },
            };
            // A fresh key per run: the sandbox forgets accounts when it stops.
            let key = match blocking(|| PrivateKey::generate(RsaKeyBits::Rsa2048)).await {
                Ok(Ok(key)) => key,
                Ok(Err(error)) => return failure(error.to_string()),
                Err(detail) => return failure(detail),
            };
            let api_key = format!("sandbox-{}", uuid::Uuid::new_v4());
            if let Err(detail) = sandbox.register(&api_key, key.public_key_pem()) {
                return failure(detail);
            }
            let base_url = sandbox.base_url();
            match client_for(
                &network,
                &base_url,
                &NetworkPath::default(),
                SecretString::from(api_key),
                key,
            ) {
                Ok(client) => Done::SandboxStarted {
                    sandbox,
                    open: OpenRequest {
                        profile: Profile {
                            name: "Sandbox".to_owned(),
                            base_url,
                        },
                        kind: ProfileKind::Sandbox,
                        client,
                        save_secrets: None,
                        sealed_key: None,
                        plain_secrets: None,
                    },
                },
                Err(error) => failure(error.to_string()),
            }
        });
    }
}

impl Worker {
    /// Checks a passphrase on the blocking pool: for the profile waiting at
    /// the unlock screen it opens it; otherwise it is checked against the
    /// open session's sealed key. A session with no sealed key accepts none.
    pub(super) fn check_passphrase(
        &mut self,
        purpose: PassphrasePurpose,
        attempt: u64,
        passphrase: SecretString,
    ) {
        let rejected = move || {
            Done::Report(Event::PassphraseChecked {
                purpose,
                attempt,
                accepted: false,
            })
        };
        if purpose == PassphrasePurpose::Unlock
            && let Some(pending) = self.pending_unlock.clone()
        {
            let network = self.config.network.clone();
            let network_path = match pending.kind {
                ProfileKind::Saved => self.book.network_of(&pending.profile.name),
                _ => NetworkPath::default(),
            };
            // A saved profile's address must be the one its key signed.
            let bindings = (pending.kind == ProfileKind::Saved)
                .then(|| {
                    self.config
                        .profile_path
                        .as_deref()
                        .map(BindingBook::path_beside)
                })
                .flatten();
            let source = self.config.secrets.clone();
            let cost = self.config.seal_cost;
            self.spawn(async move {
                let sealed = pending.sealed_key.clone();
                let policy = kdf_policy(pending.kind);
                let kept = passphrase.clone();
                let opened = blocking(move || {
                    seal::unseal_with(sealed.expose_secret(), &passphrase, policy)
                })
                .await
                .ok()
                .and_then(Result::ok);
                let Some(private_key) = opened else {
                    return rejected();
                };
                let mut adopted = None;
                if let Some(path) = bindings {
                    let check = BindingCheck {
                        path,
                        network: network_path.clone(),
                        pending: pending.clone(),
                        key: private_key.clone(),
                        passphrase: kept,
                        source,
                        cost,
                    };
                    match blocking(move || check.run()).await.unwrap_or_else(Err) {
                        Ok(told) => adopted = told,
                        Err(detail) => {
                            return Done::Sequence(vec![
                                rejected(),
                                Done::Report(notice(
                                    NoticeKind::ProfileNotOpened(pending.profile.name.clone()),
                                    detail,
                                )),
                            ]);
                        }
                    }
                }
                let name = pending.profile.name.clone();
                match client_for(
                    &network,
                    &pending.profile.base_url,
                    &network_path,
                    pending.api_key,
                    private_key,
                ) {
                    Ok(client) => {
                        let unlocked = Done::Unlocked {
                            attempt,
                            open: OpenRequest {
                                profile: pending.profile,
                                kind: pending.kind,
                                client,
                                save_secrets: None,
                                sealed_key: Some(pending.sealed_key),
                                plain_secrets: None,
                            },
                        };
                        match adopted {
                            Some(told) => Done::Sequence(vec![
                                unlocked,
                                Done::Report(notice(NoticeKind::ProfileSaved(name), told)),
                            ]),
                            None => unlocked,
                        }
                    }
                    Err(error) => Done::Sequence(vec![
                        rejected(),
                        Done::Report(notice(
                            NoticeKind::ProfileNotOpened(pending.profile.name.clone()),
                            error,
                        )),
                    ]),
                }
            });
            return;
        }
        let Some(sealed) = self
            .session
            .as_ref()
            .and_then(|session| session.sealed_key.clone())
        else {
            self.emit(Event::PassphraseChecked {
                purpose,
                attempt,
                accepted: false,
            });
            return;
        };
        let session = self.session.as_ref().map_or(0, |open| open.id);
        let policy = kdf_policy(
            self.session
                .as_ref()
                .map_or(ProfileKind::Saved, |open| open.kind),
        );
        self.spawn(async move {
            let accepted =
                blocking(move || seal::unseal_with(sealed.expose_secret(), &passphrase, policy))
                    .await
                    .is_ok_and(|opened| opened.is_ok());
            match purpose {
                PassphrasePurpose::Transaction => Done::TransactionChecked {
                    session,
                    attempt,
                    accepted,
                },
                PassphrasePurpose::Unlock => Done::Report(Event::PassphraseChecked {
                    purpose,
                    attempt,
                    accepted,
                }),
            }
        });
    }

    /// Tells the onboarding form what the environment profile was made of
    /// (its key file's path, its API key), read again from where it came.
    /// Tests give credentials without a file: only the API key is told.
    pub(super) fn read_environment_profile(&mut self) {
        let (key_file, api_key) = match &self.config.environment {
            EnvironmentProfile::Ignore => return,
            EnvironmentProfile::Given(credentials) => (None, Some(credentials.api_key.clone())),
            EnvironmentProfile::FromProcess => (
                std::env::var_os(brlv_core::credentials::ENV_PRIVATE_KEY_FILE)
                    .map(std::path::PathBuf::from),
                std::env::var(brlv_core::credentials::ENV_API_KEY)
                    .ok()
                    .map(SecretString::from),
            ),
        };
        self.emit(Event::Onboarding(
            crate::app::features::onboarding::message::OnboardingEvent::EnvironmentRead {
                key_file,
                api_key,
            },
        ));
    }

    /// Seals the open saved profile's plain key with `passphrase` and writes
    /// it over the plain one in the keyring; the session goes on as it was,
    /// now asking for the passphrase.
    pub(super) fn seal_profile(&mut self, passphrase: SecretString) {
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let Some(plain) = session.plain_secrets.clone() else {
            self.emit(Event::ProfileSealed(Err(
                "this profile has no plain key to seal".to_owned(),
            )));
            return;
        };
        let id = session.id;
        let name = session.profile.name.clone();
        let base_url = session.profile.base_url.clone();
        let network_path = self.book.network_of(&name);
        let bindings = self
            .config
            .profile_path
            .as_deref()
            .map(BindingBook::path_beside);
        let source = self.config.secrets.clone();
        let cost = self.config.seal_cost;
        self.spawn(async move {
            let result = blocking(move || {
                let key = PrivateKey::from_pem(plain.private_key_pem.expose_secret())
                    .map_err(|error| error.to_string())?;
                let sealed =
                    seal::seal(&key, &passphrase, cost).map_err(|error| error.to_string())?;
                // The binding first: a key sealed with the mark and no binding is refused.
                if let Some(path) = &bindings {
                    save_binding(path, &key, &name, &base_url, &network_path)
                        .map_err(|error| error.to_string())?;
                }
                let secrets = ProfileSecrets {
                    api_key: plain.api_key,
                    private_key_pem: sealed.clone(),
                };
                open_store(&source)
                    .and_then(|store| store.save(&name, &secrets))
                    .map_err(|error| error.to_string())?;
                Ok(sealed)
            })
            .await
            .unwrap_or_else(Err);
            Done::Sealed {
                session: id,
                result,
            }
        });
    }
}

/// `key`'s binding of the profile `name` to `base_url` through `network`,
/// written to the bindings file at `path`.
fn save_binding(
    path: &std::path::Path,
    key: &PrivateKey,
    name: &str,
    base_url: &str,
    network: &NetworkPath,
) -> Result<(), KeystoreError> {
    let platform = |detail: String| KeystoreError::Platform { detail };
    let binding = profile_binding::bind(key, name, base_url, network)
        .map_err(|error| platform(error.to_string()))?;
    BindingBook::store(path, name, binding).map_err(|error| platform(error.to_string()))
}

/// A saved profile's binding checked once its key is open; run on the
/// blocking pool (files, the keyring, and a new seal for an older profile).
struct BindingCheck {
    path: std::path::PathBuf,
    network: NetworkPath,
    pending: PendingUnlock,
    key: PrivateKey,
    passphrase: SecretString,
    source: SecretSource,
    cost: seal::ScryptCost,
}

impl BindingCheck {
    /// `Ok(None)`: bound. `Ok(Some(text))`: a profile from before bindings,
    /// bound now and its key sealed again with the mark; `text` says so.
    /// `Err`: refused, with both addresses.
    fn run(self) -> Result<Option<String>, String> {
        let profile = &self.pending.profile;
        let marked = seal::seals_with_binding(self.pending.sealed_key.expose_secret());
        match profile_binding::check_file(
            &self.path,
            &self.key,
            &profile.name,
            &profile.base_url,
            &self.network,
            marked,
        ) {
            Ok(Checked::Bound) => Ok(None),
            Ok(Checked::Adopted(_)) => {
                let resealed = seal::seal(&self.key, &self.passphrase, self.cost)
                    .map_err(|error| error.to_string())?;
                open_store(&self.source)
                    .and_then(|store| {
                        store.save(
                            &profile.name,
                            &ProfileSecrets {
                                api_key: self.pending.api_key.clone(),
                                private_key_pem: resealed,
                            },
                        )
                    })
                    .map_err(|error| error.to_string())?;
                Ok(Some(profile_binding::adopted_notice(
                    &profile.name,
                    &profile.base_url,
                )))
            }
            Err(error) => Err(error.to_string()),
        }
    }
}

fn open_store(source: &SecretSource) -> Result<Arc<dyn SecretStore>, KeystoreError> {
    match source {
        SecretSource::Os => KeyringStore::os().map(|store| Arc::new(store) as Arc<dyn SecretStore>),
        SecretSource::Store(store) => Ok(Arc::clone(store)),
    }
}

fn client_for(
    network: &NetworkPolicy,
    base_url: &str,
    path: &NetworkPath,
    api_key: SecretString,
    private_key: PrivateKey,
) -> Result<Client, Error> {
    let mut config = ClientConfig::new(base_url, Signer::new(api_key, private_key))?;
    config.timeout = network.timeout;
    config.retry = network.retry.clone();
    config.network = path.clone();
    Client::new(config)
}

/// How `client`'s requests reach the service, and what of the environment
/// its path leaves unused.
fn route_of(client: &Client) -> crate::app::session::SessionRoute {
    let path = client.network();
    crate::app::session::SessionRoute {
        proxy: client.proxy_shown().map(str::to_owned),
        own_certificate: path.certificate.is_some(),
        ignored: brlv_core::network::ignored_environment(path),
    }
}

/// The environment's key is the person's own file, which OpenSSL may have
/// sealed; a saved profile's is what brlv-desk wrote to the keyring.
fn kdf_policy(kind: ProfileKind) -> seal::KdfPolicy {
    match kind {
        ProfileKind::Environment => seal::KdfPolicy::Imported,
        _ => seal::KdfPolicy::Sealed,
    }
}
