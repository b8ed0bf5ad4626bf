//! A saved profile's service address, and its network path, bound to its key.
//!
//! The profile file names the service and the keyring entries are filed
//! under the profile's name only, so any program of the same user could
//! point a profile at a relay of its own (`http://127.0.0.1:PORT` passes,
//! loopback being allowed over http) and read every key, token and answer.
//! So when a profile is saved, its private key signs a canonical statement
//! of its name and base URL ([`statement`]); the signature and the address
//! it covers are kept in a file beside the profile file ([`BindingBook`]).
//! Every time the key is opened with the passphrase the statement is
//! checked with the key's public half ([`check`]): an address that differs
//! is refused with both shown, and changing it is an explicit act that
//! opens the key (`brlv-desk profile set-url`). Nothing here is secret: a
//! program that rewrites the file cannot sign a new statement without the
//! key, which opens only with the passphrase.
//!
//! A profile's network path ([`crate::network`]: a proxy, a certificate of
//! its own) is part of the statement when it is not the default (`v2`), so
//! a profile file edited to send the requests through another machine, or
//! to trust another authority, is refused like an edited address; a
//! profile with the default path signs the same `v1` statement as before,
//! so its binding still checks.
//!
//! Profiles saved before this have no binding. Their key, sealed by an
//! earlier version, has no [`crate::seal::BINDING_SALT_MARK`]: they are
//! bound at the next opening, and the caller says so and seals the key again
//! with the mark. A key sealed with the mark and no binding beside it is
//! refused, so deleting the binding does not let an address in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

use crate::api::{KeyError, PrivateKey};
use crate::network::NetworkPath;
use crate::profile::ProfileError;

/// The first element of every statement: what it is and its version.
pub const STATEMENT_TAG: &str = "brlv-desk profile binding v1";

/// The first element of a statement that also binds a network path.
pub const STATEMENT_TAG_V2: &str = "brlv-desk profile binding v2";

/// The file the bindings are kept in, beside the profile file.
pub const FILE_NAME: &str = "profile-bindings.json";

/// A profile's address as its key signed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ProfileBinding {
    /// The base URL the key signed, as written in the profile file then.
    pub base_url: String,
    /// The network path the key signed ([`NetworkPath::bound_text`]), when
    /// it was not the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// The RS256 signature of [`statement`], base64url without padding.
    pub signature: String,
}

/// The bindings of every saved profile, by profile name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct BindingBook {
    /// Profile name to its binding.
    #[serde(default)]
    pub bindings: BTreeMap<String, ProfileBinding>,
}

impl BindingBook {
    /// The bindings file beside the profile file `book_path`.
    pub fn path_beside(book_path: &Path) -> PathBuf {
        book_path.with_file_name(FILE_NAME)
    }

    /// Reads the bindings; a missing file holds none.
    pub fn load(path: &Path) -> Result<BindingBook, ProfileError> {
        crate::private_file::read_json(path).map_err(ProfileError::from)
    }

    /// Writes the bindings whole, owner-only.
    pub fn save(&self, path: &Path) -> Result<(), ProfileError> {
        crate::private_file::write_json(path, self).map_err(ProfileError::from)
    }

    /// Reads the file at `path`, sets the binding of `name` and writes it
    /// back: the file as it is now, so a binding another program wrote
    /// meanwhile for another profile stays.
    pub fn store(path: &Path, name: &str, binding: ProfileBinding) -> Result<(), ProfileError> {
        let mut book = BindingBook::load(path)?;
        book.bindings.insert(name.to_owned(), binding);
        book.save(path)
    }

    /// Reads the file at `path`, forgets the binding of `name` and writes it back.
    pub fn forget(path: &Path, name: &str) -> Result<(), ProfileError> {
        let mut book = BindingBook::load(path)?;
        if book.bindings.remove(name).is_some() {
            book.save(path)?;
        }
        Ok(())
    }
}

/// The exact bytes a key signs for the profile `name` at `base_url`: a JSON
/// array of [`STATEMENT_TAG`], the name and the URL, so that no name and URL
/// can be cut differently into the same bytes; with a network path
/// (`Some`, [`NetworkPath::bound_text`]) the array is of
/// [`STATEMENT_TAG_V2`], the name, the URL and the path.
pub fn statement(name: &str, base_url: &str, network: Option<&str>) -> Vec<u8> {
    match network {
        None => serde_json::to_vec(&[STATEMENT_TAG, name, base_url]),
        Some(network) => serde_json::to_vec(&[STATEMENT_TAG_V2, name, base_url, network]),
    }
    .unwrap_or_default()
}

/// What of `network` a binding holds: nothing for the default path.
fn bound_network(network: &NetworkPath) -> Option<String> {
    (!network.is_default()).then(|| network.bound_text())
}

/// `key`'s binding of the profile `name` to `base_url` through `network`.
pub fn bind(
    key: &PrivateKey,
    name: &str,
    base_url: &str,
    network: &NetworkPath,
) -> Result<ProfileBinding, KeyError> {
    let network = bound_network(network);
    let signature = key.sign_statement(&statement(name, base_url, network.as_deref()))?;
    Ok(ProfileBinding {
        base_url: base_url.to_owned(),
        network,
        signature: URL_SAFE_NO_PAD.encode(signature),
    })
}

/// What [`check`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The binding is the key's, for this name and this address.
    Bound,
    /// There was none and the key is from before bindings: this one binds
    /// the address the profile file names now. The caller keeps it, says so
    /// once, and seals the key again with the mark.
    Adopted(ProfileBinding),
}

/// Why a profile's address is refused. Messages show both addresses and
/// the explicit way to change one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BindingError {
    /// The profile file names another network path than the one the key signed.
    #[error(
        "profile {name:?} was sealed to connect {bound}; the profile file now says {now}. \
         Nothing was sent. Another program may have changed the file; if you changed it \
         yourself, `brlv-desk profile set-proxy {name:?} …` binds the new path (it asks for \
         the passphrase)"
    )]
    Rerouted {
        /// The profile.
        name: String,
        /// The path the key signed, in words.
        bound: String,
        /// The path the profile file names, in words.
        now: String,
    },
    /// The profile file names another address than the one the key signed.
    #[error(
        "profile {name:?} was sealed for {bound}; the profile file now says {now}. Nothing was \
         sent. Another program may have changed the file; if you moved the service yourself, \
         `brlv-desk profile set-url {name:?} {now}` binds the new address (it asks for the \
         passphrase)"
    )]
    Moved {
        /// The profile.
        name: String,
        /// The address the key signed.
        bound: String,
        /// The address the profile file names.
        now: String,
    },
    /// The binding beside the profile was not made by its key, or not for
    /// its name.
    #[error(
        "the address binding of profile {name:?} was not made by its key for this name \
         (the profile file or the bindings file was changed). Nothing was sent. Check that \
         {now} is your service, then `brlv-desk profile set-url {name:?} {now}` binds it \
         (it asks for the passphrase)"
    )]
    NotThisKey {
        /// The profile.
        name: String,
        /// The address the profile file names.
        now: String,
    },
    /// The key was sealed with a binding and none is beside it.
    #[error(
        "the address binding of profile {name:?} is missing, although its key was sealed with \
         one (the bindings file was changed or removed). Nothing was sent. Check that {now} is \
         your service, then `brlv-desk profile set-url {name:?} {now}` binds it (it asks for \
         the passphrase)"
    )]
    Missing {
        /// The profile.
        name: String,
        /// The address the profile file names.
        now: String,
    },
    /// The key could not sign the binding of a profile from before bindings.
    #[error("the address of profile {name:?} could not be bound to its key: {reason}")]
    NotSigned {
        /// The profile.
        name: String,
        /// Why.
        reason: String,
    },
}

/// Checks the opened `key` of the profile `name`, which the profile file
/// says is at `base_url`, against `binding`. `sealed_with_binding`: its
/// sealed key carries [`crate::seal::BINDING_SALT_MARK`]
/// ([`crate::seal::seals_with_binding`]), so a missing binding is refused
/// rather than adopted.
pub fn check(
    key: &PrivateKey,
    name: &str,
    base_url: &str,
    network: &NetworkPath,
    binding: Option<&ProfileBinding>,
    sealed_with_binding: bool,
) -> Result<Checked, BindingError> {
    let Some(binding) = binding else {
        if sealed_with_binding {
            return Err(BindingError::Missing {
                name: name.to_owned(),
                now: base_url.to_owned(),
            });
        }
        return bind(key, name, base_url, network)
            .map(Checked::Adopted)
            .map_err(|error| BindingError::NotSigned {
                name: name.to_owned(),
                reason: error.to_string(),
            });
    };
    let signed = statement(name, &binding.base_url, binding.network.as_deref());
    let signed_by_this_key = URL_SAFE_NO_PAD
        .decode(&binding.signature)
        .is_ok_and(|signature| key.verifies(&signed, &signature));
    if !signed_by_this_key {
        return Err(BindingError::NotThisKey {
            name: name.to_owned(),
            now: base_url.to_owned(),
        });
    }
    if binding.base_url != base_url {
        return Err(BindingError::Moved {
            name: name.to_owned(),
            bound: binding.base_url.clone(),
            now: base_url.to_owned(),
        });
    }
    let now = bound_network(network);
    if binding.network != now {
        let words = |network: &Option<String>| {
            network
                .clone()
                .unwrap_or_else(|| "straight to the service (proxy=none)".to_owned())
        };
        return Err(BindingError::Rerouted {
            name: name.to_owned(),
            bound: words(&binding.network),
            now: words(&now),
        });
    }
    Ok(Checked::Bound)
}

/// [`check`] against the bindings file `bindings_path`; a binding adopted is
/// written there at once. Returns what was found.
pub fn check_file(
    bindings_path: &Path,
    key: &PrivateKey,
    name: &str,
    base_url: &str,
    network: &NetworkPath,
    sealed_with_binding: bool,
) -> Result<Checked, BindingFileError> {
    let book = BindingBook::load(bindings_path).map_err(BindingFileError::File)?;
    let checked = check(
        key,
        name,
        base_url,
        network,
        book.bindings.get(name),
        sealed_with_binding,
    )
    .map_err(BindingFileError::Refused)?;
    if let Checked::Adopted(binding) = &checked {
        BindingBook::store(bindings_path, name, binding.clone()).map_err(BindingFileError::File)?;
    }
    Ok(checked)
}

/// Why [`check_file`] failed: the address refused, or the file unusable.
#[derive(Debug, thiserror::Error)]
pub enum BindingFileError {
    /// The address is refused.
    #[error(transparent)]
    Refused(BindingError),
    /// The bindings file could not be read or written.
    #[error(transparent)]
    File(ProfileError),
}

/// What the person is told once when a profile from before bindings is bound.
pub fn adopted_notice(name: &str, base_url: &str) -> String {
    format!(
        "profile {name:?} is now bound to {base_url}: from now on a change of its address in \
         the profile file is refused unless made with `brlv-desk profile set-url`, which asks \
         for the passphrase. If {base_url} is not your service, remove the profile and add it \
         again"
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn key() -> PrivateKey {
        PrivateKey::from_pem(include_str!(
            "../../../tests/fixtures/test-only-rsa2048-pkcs8.pem"
        ))
        .unwrap()
    }

    fn other_key() -> PrivateKey {
        PrivateKey::generate(crate::api::RsaKeyBits::Rsa2048).unwrap()
    }

    const HOME: &str = "https://api.example.com";

    fn direct() -> NetworkPath {
        NetworkPath::default()
    }

    fn through(proxy: &str) -> NetworkPath {
        NetworkPath {
            proxy: crate::network::Proxy::parse(proxy).unwrap(),
            certificate: None,
        }
    }

    #[test]
    fn an_edited_network_path_is_refused_like_an_edited_address() {
        // A profile that goes straight to its service, edited to go through
        // another machine's proxy, or to use the system's proxy variables.
        let binding = bind(&key(), "Work", HOME, &direct()).unwrap();
        assert_eq!(
            binding.network, None,
            "the default path signs the v1 statement"
        );
        for rerouted in [through("http://127.0.0.1:8080"), through("system")] {
            let error = check(&key(), "Work", HOME, &rerouted, Some(&binding), true).unwrap_err();
            assert!(matches!(error, BindingError::Rerouted { .. }), "{error:?}");
            assert!(error.to_string().contains("proxy="), "{error}");
        }
        // A path the key did sign checks; removing it from the file is refused.
        let proxied = through("http://proxy.example:3128");
        let binding = bind(&key(), "Work", HOME, &proxied).unwrap();
        assert_eq!(
            check(&key(), "Work", HOME, &proxied, Some(&binding), true),
            Ok(Checked::Bound)
        );
        assert!(matches!(
            check(&key(), "Work", HOME, &direct(), Some(&binding), true),
            Err(BindingError::Rerouted { .. })
        ));
        // Nor can the binding's path be rewritten: the key never signed it.
        let forged = ProfileBinding {
            network: Some(through("http://127.0.0.1:8080").bound_text()),
            ..binding
        };
        assert!(matches!(
            check(
                &key(),
                "Work",
                HOME,
                &through("http://127.0.0.1:8080"),
                Some(&forged),
                true
            ),
            Err(BindingError::NotThisKey { .. })
        ));
    }
    const RELAY: &str = "http://127.0.0.1:18999";

    #[test]
    fn a_good_binding_checks() {
        let binding = bind(&key(), "Work", HOME, &direct()).unwrap();
        assert_eq!(binding.base_url, HOME);
        assert_eq!(
            check(&key(), "Work", HOME, &direct(), Some(&binding), true),
            Ok(Checked::Bound)
        );
    }

    #[test]
    fn an_edited_url_is_refused_with_both_addresses() {
        let binding = bind(&key(), "Work", HOME, &direct()).unwrap();
        let error = check(&key(), "Work", RELAY, &direct(), Some(&binding), true).unwrap_err();
        assert!(matches!(error, BindingError::Moved { .. }), "{error:?}");
        let message = error.to_string();
        assert!(
            message.contains(&format!(
                "was sealed for {HOME}; the profile file now says {RELAY}"
            )),
            "{message}"
        );
        assert!(message.contains("profile set-url"), "{message}");

        // Rewriting the binding's address too does not help: the key never signed it.
        let forged = ProfileBinding {
            base_url: RELAY.to_owned(),
            network: None,
            signature: binding.signature.clone(),
        };
        assert!(matches!(
            check(&key(), "Work", RELAY, &direct(), Some(&forged), true),
            Err(BindingError::NotThisKey { .. })
        ));
        // Nor does a binding some other key signed for the relay.
        let other = bind(&other_key(), "Work", RELAY, &direct()).unwrap();
        assert!(matches!(
            check(&key(), "Work", RELAY, &direct(), Some(&other), true),
            Err(BindingError::NotThisKey { .. })
        ));
    }

    #[test]
    fn an_edited_name_is_refused() {
        // Another profile's binding, of the same key, copied under this name.
        let binding = bind(&key(), "Work", HOME, &direct()).unwrap();
        assert!(matches!(
            check(&key(), "Home", HOME, &direct(), Some(&binding), true),
            Err(BindingError::NotThisKey { .. })
        ));
        assert!(matches!(
            check(&key(), "Work", HOME, &direct(), Some(&binding), true),
            Ok(Checked::Bound)
        ));
    }

    #[test]
    fn a_missing_binding_is_adopted_for_an_older_seal_only() {
        let Checked::Adopted(adopted) =
            check(&key(), "Work", HOME, &direct(), None, false).unwrap()
        else {
            panic!("an older profile is bound at its next opening");
        };
        assert_eq!(adopted.base_url, HOME);
        assert_eq!(
            check(&key(), "Work", HOME, &direct(), Some(&adopted), true),
            Ok(Checked::Bound)
        );
        // A key sealed with the mark had a binding: its loss is refused.
        let error = check(&key(), "Work", RELAY, &direct(), None, true).unwrap_err();
        assert!(matches!(error, BindingError::Missing { .. }), "{error:?}");
        assert!(error.to_string().contains(RELAY), "{error}");
    }

    #[test]
    fn the_statement_cannot_be_cut_two_ways() {
        assert_ne!(
            statement("a\",\"b", "c", None),
            statement("a", "b\",\"c", None)
        );
        assert_ne!(statement("ab", "c", None), statement("a", "bc", None));
        assert_ne!(
            statement("a", "b", Some("proxy=none")),
            statement("a", "b", None)
        );
        let text = String::from_utf8(statement("Work", HOME, None)).unwrap();
        assert_eq!(text, format!("[\"{STATEMENT_TAG}\",\"Work\",\"{HOME}\"]"));
    }

    #[test]
    fn the_file_keeps_bindings_and_adopts_once() {
        let dir = tempfile::tempdir().unwrap();
        let book_path = dir.path().join("profiles.json");
        let path = BindingBook::path_beside(&book_path);
        assert_eq!(path, dir.path().join(FILE_NAME));
        assert_eq!(
            check_file(&path, &key(), "Work", HOME, &direct(), false).unwrap(),
            Checked::Adopted(bind(&key(), "Work", HOME, &direct()).unwrap())
        );
        // The second opening finds the binding: nothing adopted again, and
        // the mark now makes a loss fatal.
        assert_eq!(
            check_file(&path, &key(), "Work", HOME, &direct(), true).unwrap(),
            Checked::Bound
        );
        assert!(matches!(
            check_file(&path, &key(), "Work", RELAY, &direct(), true),
            Err(BindingFileError::Refused(BindingError::Moved { .. }))
        ));
        BindingBook::forget(&path, "Work").unwrap();
        assert!(BindingBook::load(&path).unwrap().bindings.is_empty());
    }
}
