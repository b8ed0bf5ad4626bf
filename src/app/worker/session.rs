//! The worker's account flows: launch, connecting (tested first), opening a
//! saved profile from the keyring, saving and deleting profiles, the
//! environment's temporary profile, and the embedded sandbox.

use secrecy::{ExposeSecret, SecretString};

use crate::api::model::BalanceAsset;
use crate::api::{PrivateKey, RsaKeyBits};
use crate::call;
use crate::keystore::{KeystoreError, ProfileSecrets};
use crate::profile::{Profile, ProfileBook};

use super::{Done, OpenRequest, Session, Worker, blocking, client_for, notice, open_store};
use super::{EmbeddedSandbox, EnvironmentProfile, ResourceKey, Schedule};
use crate::app::message::{ConnectRequest, Event, NoticeKind, ProfileKind, SessionInfo};

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
            EnvironmentProfile::Given(credentials) => Some(Ok(credentials.clone())),
            EnvironmentProfile::FromProcess => std::env::var_os(call::ENV_BASE_URL)
                .is_some()
                .then(|| tokio::task::block_in_place(call::credentials_from_env)),
        };
        if let Some(credentials) = environment {
            self.open_environment(credentials);
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
        credentials: Result<call::Credentials, call::CallError>,
    ) {
        let opened = credentials
            .map_err(|error| error.to_string())
            .and_then(|credentials| {
                let name = url::Url::parse(&credentials.base_url)
                    .ok()
                    .and_then(|url| url.host_str().map(str::to_owned))
                    .unwrap_or_else(|| credentials.base_url.clone());
                let client = client_for(
                    &credentials.base_url,
                    credentials.api_key,
                    credentials.private_key,
                )
                .map_err(|error| error.to_string())?;
                Ok(OpenRequest {
                    profile: Profile {
                        name,
                        base_url: credentials.base_url,
                    },
                    kind: ProfileKind::Environment,
                    client,
                    save_secrets: None,
                })
            });
        match opened {
            Ok(request) => self.open(request),
            Err(detail) => self.emit(notice(NoticeKind::EnvironmentProfileInvalid, detail)),
        }
    }

    pub(super) fn open(&mut self, request: OpenRequest) {
        let id = self.next_session;
        self.next_session += 1;
        let info = SessionInfo {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
        };
        let journal = self.journal_for(&request.profile, request.kind);
        self.session = Some(Session {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
            client: request.client,
            schedule: Schedule::new(&ResourceKey::polled(), self.config.clock.now_ms()),
            journal,
        });
        self.watch_in_new_session();
        self.emit(Event::SessionStarted(info));
        self.restore_journal(id);
        if let Some(secrets) = request.save_secrets {
            let source = self.config.secrets.clone();
            let profile = request.profile;
            self.spawn(async move {
                let name = profile.name.clone();
                let result = blocking(move || open_store(&source)?.save(&name, &secrets))
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
            self.book.last_used = Some(name.to_owned());
            self.write_book();
        }
    }

    pub(super) fn write_book(&mut self) {
        let Some(path) = self.config.profile_path.clone() else {
            return;
        };
        let book = self.book.clone();
        if let Err(error) = tokio::task::block_in_place(|| book.save(&path)) {
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
        } = request;
        let save_secrets = save.then(|| ProfileSecrets {
            api_key: api_key.clone(),
            private_key_pem: private_key.pem().clone(),
        });
        let client = match client_for(&profile.base_url, api_key, private_key) {
            Ok(client) => client,
            Err(error) => {
                self.emit(Event::ConnectFailed(error));
                return;
            }
        };
        let kind = if save {
            ProfileKind::Saved
        } else {
            ProfileKind::Unsaved
        };
        self.spawn(async move {
            // A signed GET proves the URL, the API key, the key and the clock at once.
            let result = client.balance(&BalanceAsset::Brl).await.map(|_| ());
            Done::Tested {
                open: OpenRequest {
                    profile,
                    kind,
                    client,
                    save_secrets,
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
            let private_key = match PrivateKey::from_pem(secrets.private_key_pem.expose_secret()) {
                Ok(key) => key,
                Err(error) => return failure(error.to_string()),
            };
            match client_for(&profile.base_url, secrets.api_key, private_key) {
                Ok(client) => Done::Open(OpenRequest {
                    profile,
                    kind: ProfileKind::Saved,
                    client,
                    save_secrets: None,
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
        self.spawn(async move {
            let failure = |detail: String| {
                Done::Sequence(vec![
                    Done::Report(notice(NoticeKind::SandboxFailed, detail)),
                    Done::SandboxFailed,
                ])
            };
            let sandbox = match running {
                Some(sandbox) => sandbox,
                None => match EmbeddedSandbox::start().await {
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
            match client_for(&base_url, SecretString::from(api_key), key) {
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
                    },
                },
                Err(error) => failure(error.to_string()),
            }
        });
    }
}
