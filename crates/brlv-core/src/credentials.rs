//! The credentials every command and the window sign with: the `BRLV_*`
//! environment profile (a key file, plain or sealed) and the saved profiles
//! (the profile file, the OS keyring, the address bound to the key), each
//! read here and opened with a passphrase its caller asks for. No terminal
//! and no window here: how a passphrase is asked is the caller's.

use std::path::PathBuf;

use secrecy::SecretString;

use crate::api::{Client, ClientConfig, Error, PrivateKey, Signer};

/// Why the credentials could not be read or opened.
#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    /// A variable is missing.
    #[error(
        "{0} is not set. Set {ENV_BASE_URL}, {ENV_API_KEY} and {ENV_PRIVATE_KEY_FILE} \
         (for the sandbox: `brlv-desk sandbox --demo-credentials DIR` writes them)"
    )]
    MissingVariable(&'static str),
    /// The key file could not be read.
    #[error("cannot read the private key file {path}: {reason}")]
    KeyFile {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// No saved profile has that name.
    #[error(
        "no saved profile is called {0:?}; `brlv-desk profile list` shows them, and \
         `brlv-desk profile add` or the app's onboarding screen adds one"
    )]
    UnknownProfile(String),
    /// The profile file or the keyring failed.
    #[error("{0}")]
    Profile(String),
    /// The passphrase of a sealed key could not be had, or did not open it.
    #[error("{0}")]
    Passphrase(String),
    /// The saved profile's address is not the one its key signed, or its
    /// binding cannot be checked: nothing was sent.
    #[error("{0}")]
    Binding(String),
    /// A saved profile holds a plain key: refused until it is sealed.
    #[error(
        "profile {0:?} holds a plain, unsealed private key in the keyring: anyone who can read \
         the keyring can sign for this account. Nothing was sent. Seal it first with \
         `brlv-desk profile seal {0:?}` (it asks for a new passphrase)"
    )]
    PlainSavedKey(String),
    /// The client could not be made from them (the address, the key).
    #[error(transparent)]
    Client(#[from] Error),
}

/// Environment variable holding the service's base URL.
pub const ENV_BASE_URL: &str = "BRLV_BASE_URL";
/// Environment variable holding the API key.
pub const ENV_API_KEY: &str = "BRLV_API_KEY";
/// Environment variable naming the private key PEM file.
pub const ENV_PRIVATE_KEY_FILE: &str = "BRLV_PRIVATE_KEY_FILE";

/// What a command signs with: the service's address, the API key and the opened private key.
#[derive(Clone, Debug)]
pub struct Credentials {
    /// Base URL.
    pub base_url: String,
    /// API key.
    pub api_key: SecretString,
    /// Private key.
    pub private_key: PrivateKey,
    /// The proxy and trusted authorities its requests take: a saved
    /// profile's, bound to its key; the default (straight, the system's
    /// authorities) for the environment's.
    pub network: crate::network::NetworkPath,
}

impl Credentials {
    /// A client of the service at the base URL, signing with these keys,
    /// through the profile's network path.
    pub fn into_client(self) -> Result<Client, CredentialsError> {
        let signer = Signer::new(self.api_key, self.private_key);
        let mut config = ClientConfig::new(&self.base_url, signer)?;
        config.network = self.network;
        Ok(Client::new(config)?)
    }
}

/// A private key as read: plain, or sealed and waiting for its passphrase.
#[derive(Clone, Debug)]
pub enum KeyMaterial {
    /// A plain PEM key: nothing protects it at rest.
    Plain(PrivateKey),
    /// An encrypted PKCS#8 PEM brlv-desk sealed (a keyring entry), opened
    /// with [`crate::seal::unseal`].
    Sealed(SecretString),
    /// An encrypted PKCS#8 PEM from a key file, which another tool (OpenSSL)
    /// may have written: opened with [`crate::seal::unseal_imported`].
    SealedFile(SecretString),
}

/// The environment's profile, its key not yet opened.
#[derive(Clone, Debug)]
pub struct EnvironmentCredentials {
    /// Base URL.
    pub base_url: String,
    /// API key.
    pub api_key: SecretString,
    /// The key file's key.
    pub key: KeyMaterial,
}

impl EnvironmentCredentials {
    /// The credentials, opening a sealed key with what `passphrase` gives.
    pub fn open(
        self,
        passphrase: impl FnOnce() -> Result<SecretString, CredentialsError>,
    ) -> Result<Credentials, CredentialsError> {
        Ok(Credentials {
            base_url: self.base_url,
            api_key: self.api_key,
            private_key: open_key(self.key, passphrase)?,
            network: crate::network::NetworkPath::default(),
        })
    }
}

/// A plain key as it is; a sealed one opened with what `passphrase` gives.
pub fn open_key(
    key: KeyMaterial,
    passphrase: impl FnOnce() -> Result<SecretString, CredentialsError>,
) -> Result<PrivateKey, CredentialsError> {
    use secrecy::ExposeSecret;
    let (sealed, policy) = match key {
        KeyMaterial::Plain(key) => return Ok(key),
        KeyMaterial::Sealed(sealed) => (sealed, crate::seal::KdfPolicy::Sealed),
        KeyMaterial::SealedFile(sealed) => (sealed, crate::seal::KdfPolicy::Imported),
    };
    let passphrase = passphrase()?;
    crate::seal::unseal_with(sealed.expose_secret(), &passphrase, policy).map_err(|error| {
        match error {
            crate::seal::SealError::WrongPassphrase => CredentialsError::Passphrase(
                "the passphrase does not open the sealed private key".to_owned(),
            ),
            other => CredentialsError::Passphrase(other.to_string()),
        }
    })
}

/// Reads the environment's profile; a sealed key file stays sealed.
pub fn environment_credentials() -> Result<EnvironmentCredentials, CredentialsError> {
    let base_url =
        std::env::var(ENV_BASE_URL).map_err(|_| CredentialsError::MissingVariable(ENV_BASE_URL))?;
    let api_key =
        std::env::var(ENV_API_KEY).map_err(|_| CredentialsError::MissingVariable(ENV_API_KEY))?;
    let key_path = std::env::var_os(ENV_PRIVATE_KEY_FILE)
        .map(PathBuf::from)
        .ok_or(CredentialsError::MissingVariable(ENV_PRIVATE_KEY_FILE))?;
    Ok(EnvironmentCredentials {
        base_url,
        api_key: SecretString::from(api_key),
        key: read_key_material(&key_path)?,
    })
}

/// Reads the credentials of a saved profile: its base URL from the profile
/// file, its secrets from the OS keyring; a sealed key stays sealed and its
/// address is not checked (see [`open_profile`]).
pub fn credentials_from_profile(name: &str) -> Result<EnvironmentCredentials, CredentialsError> {
    saved_credentials(name, &default_book_path()?, os_store)
}

fn default_book_path() -> Result<PathBuf, CredentialsError> {
    crate::profile::ProfileBook::default_path().ok_or_else(|| {
        CredentialsError::Profile(crate::profile::ProfileError::NoConfigDir.to_string())
    })
}

fn os_store()
-> Result<std::sync::Arc<dyn crate::keystore::SecretStore>, crate::keystore::KeystoreError> {
    crate::keystore::KeyringStore::os()
        .map(|store| std::sync::Arc::new(store) as std::sync::Arc<dyn crate::keystore::SecretStore>)
}

/// A saved profile opened for signing.
#[derive(Debug)]
pub struct OpenedProfile {
    /// What requests are signed with.
    pub credentials: Credentials,
    /// Said once when a profile from before address bindings was bound now.
    pub notice: Option<String>,
}

/// Opens the saved profile `name` (the profile file in the config
/// directory, the OS keyring) as [`open_saved_profile`] does.
pub fn open_profile(
    name: &str,
    passphrase: impl FnOnce() -> Result<SecretString, CredentialsError>,
) -> Result<OpenedProfile, CredentialsError> {
    open_saved_profile(
        name,
        &default_book_path()?,
        os_store,
        passphrase,
        crate::seal::ScryptCost::STANDARD,
    )
}

/// Opens the saved profile `name` of the book at `book_path` for signing:
/// its key must be sealed (a plain one is refused with the command that
/// seals it), opens with what `passphrase` gives, and must have signed the
/// address the profile file names ([`crate::profile_binding`]); a
/// refused address sends nothing. A profile from before bindings is bound
/// now, its key sealed again with `seal_cost` and the same passphrase, and
/// [`OpenedProfile::notice`] says so.
pub fn open_saved_profile(
    name: &str,
    book_path: &std::path::Path,
    open_store: impl FnOnce() -> Result<
        std::sync::Arc<dyn crate::keystore::SecretStore>,
        crate::keystore::KeystoreError,
    >,
    passphrase: impl FnOnce() -> Result<SecretString, CredentialsError>,
    seal_cost: crate::seal::ScryptCost,
) -> Result<OpenedProfile, CredentialsError> {
    use crate::profile_binding::{self, BindingBook, BindingFileError, Checked};
    use secrecy::ExposeSecret;

    let (profile, network, secrets, store) = load_saved(name, book_path, open_store)?;
    let sealed = secrets.private_key_pem;
    if !crate::seal::is_sealed(sealed.expose_secret()) {
        return Err(CredentialsError::PlainSavedKey(name.to_owned()));
    }
    let passphrase = passphrase()?;
    let private_key = open_key(KeyMaterial::Sealed(sealed.clone()), || {
        Ok(passphrase.clone())
    })?;
    let marked = crate::seal::seals_with_binding(sealed.expose_secret());
    let checked = profile_binding::check_file(
        &BindingBook::path_beside(book_path),
        &private_key,
        name,
        &profile.base_url,
        &network,
        marked,
    )
    .map_err(|error| match error {
        BindingFileError::Refused(refused) => CredentialsError::Binding(refused.to_string()),
        BindingFileError::File(file) => CredentialsError::Binding(format!(
            "the address of profile {name:?} cannot be checked, so nothing was sent: {file}"
        )),
    })?;
    let notice = match checked {
        Checked::Bound => None,
        Checked::Adopted(_) => {
            // Sealed again with the mark, so that from now on a removed
            // binding is refused rather than adopted.
            let resealed = crate::seal::seal(&private_key, &passphrase, seal_cost)
                .map_err(|error| CredentialsError::Profile(error.to_string()))?;
            store
                .save(
                    name,
                    &crate::keystore::ProfileSecrets {
                        api_key: secrets.api_key.clone(),
                        private_key_pem: resealed,
                    },
                )
                .map_err(|error| CredentialsError::Profile(error.to_string()))?;
            Some(profile_binding::adopted_notice(name, &profile.base_url))
        }
    };
    Ok(OpenedProfile {
        credentials: Credentials {
            base_url: profile.base_url,
            api_key: secrets.api_key,
            private_key,
            network,
        },
        notice,
    })
}

/// The profile `name` of the book at `book_path`, its secrets, and the
/// store they came from (opened only once the profile is known to exist).
fn load_saved(
    name: &str,
    book_path: &std::path::Path,
    open_store: impl FnOnce() -> Result<
        std::sync::Arc<dyn crate::keystore::SecretStore>,
        crate::keystore::KeystoreError,
    >,
) -> Result<
    (
        crate::profile::Profile,
        crate::network::NetworkPath,
        crate::keystore::ProfileSecrets,
        std::sync::Arc<dyn crate::keystore::SecretStore>,
    ),
    CredentialsError,
> {
    let book = crate::profile::ProfileBook::load(book_path)
        .map_err(|error| CredentialsError::Profile(error.to_string()))?;
    let profile = book
        .find(name)
        .cloned()
        .ok_or_else(|| CredentialsError::UnknownProfile(name.to_owned()))?;
    let store = open_store().map_err(|error| CredentialsError::Profile(error.to_string()))?;
    let secrets = store
        .load(name)
        .map_err(|error| CredentialsError::Profile(error.to_string()))?
        .ok_or_else(|| {
            CredentialsError::Profile(format!(
                "the keyring holds no secrets for profile {name:?}; add it again \
                 (`brlv-desk profile add`, or in the app)"
            ))
        })?;
    let network = book.network_of(name);
    Ok((profile, network, secrets, store))
}

/// The credentials of the profile `name` saved in the book at `book_path`,
/// its secrets from the store `open_store` opens (only once the profile is
/// known to exist); a sealed key stays sealed.
pub fn saved_credentials(
    name: &str,
    book_path: &std::path::Path,
    open_store: impl FnOnce() -> Result<
        std::sync::Arc<dyn crate::keystore::SecretStore>,
        crate::keystore::KeystoreError,
    >,
) -> Result<EnvironmentCredentials, CredentialsError> {
    use secrecy::ExposeSecret;

    let (profile, _, secrets, _) = load_saved(name, book_path, open_store)?;
    let key = if crate::seal::is_sealed(secrets.private_key_pem.expose_secret()) {
        KeyMaterial::Sealed(secrets.private_key_pem)
    } else {
        KeyMaterial::Plain(
            PrivateKey::from_pem(secrets.private_key_pem.expose_secret()).map_err(|error| {
                CredentialsError::Profile(format!(
                    "the private key of profile {name:?} is not usable: {error}"
                ))
            })?,
        )
    };
    Ok(EnvironmentCredentials {
        base_url: profile.base_url,
        api_key: secrets.api_key,
        key,
    })
}

/// Reads and checks a PEM private key file.
pub fn read_private_key_file(path: &std::path::Path) -> Result<PrivateKey, CredentialsError> {
    match read_key_material(path)? {
        KeyMaterial::Plain(key) => Ok(key),
        KeyMaterial::Sealed(_) | KeyMaterial::SealedFile(_) => Err(CredentialsError::KeyFile {
            path: path.to_owned(),
            reason: crate::api::KeyError::Encrypted.to_string(),
        }),
    }
}

/// Reads a PEM private key file: plain (checked), or sealed (kept sealed).
pub fn read_key_material(path: &std::path::Path) -> Result<KeyMaterial, CredentialsError> {
    let text = zeroize::Zeroizing::new(std::fs::read_to_string(path).map_err(|error| {
        CredentialsError::KeyFile {
            path: path.to_owned(),
            reason: error.to_string(),
        }
    })?);
    if crate::seal::is_sealed(&text) {
        return Ok(KeyMaterial::SealedFile(SecretString::from(
            text.trim().to_owned(),
        )));
    }
    PrivateKey::from_pem(&text)
        .map(KeyMaterial::Plain)
        .map_err(|error| CredentialsError::KeyFile {
            path: path.to_owned(),
            reason: error.to_string(),
        })
}
