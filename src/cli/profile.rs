//! `brlv-desk profile add|list|remove|set-url|seal|public-key`: saved
//! profiles from the command line, for scripts and people at a terminal.
//!
//! It saves what the app's onboarding saves, through the same parts: the
//! name and base URL in the profile file ([`brlv_core::profile`]), the API key
//! and the private key sealed with a passphrase in the OS keyring
//! ([`brlv_core::keystore`], [`brlv_core::seal`]). So the app lists what was added
//! here, `call --profile` uses what the app saved, and removing a profile
//! here removes what the app's Settings would (its journal too).
//!
//! Unlike onboarding, `add` sends nothing to the service: a script may save
//! a profile before the account exists. `call --profile NAME GET
//! /api/v0/assets/brl/balance` checks it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use secrecy::{ExposeSecret, SecretString};
use zeroize::Zeroizing;

use crate::app::error_text::Localize;
use crate::app::i18n::{Language, tr, tr_with};
use crate::cli::call::{self, PassphraseArgs, PassphraseReader};
use brlv_core::api::PrivateKey;
use brlv_core::credentials::{CredentialsError, KeyMaterial};
use brlv_core::keystore::{KeystoreError, ProfileSecrets, SecretStore};
use brlv_core::profile::{Profile, ProfileBook};
use brlv_core::profile_binding::{self, BindingBook};
use brlv_core::seal::{self, MIN_PASSPHRASE_CHARS, PassphraseProblem, ScryptCost};

/// `brlv-desk profile ...`.
#[derive(Debug, clap::Subcommand)]
pub enum ProfileCommand {
    /// Save a profile: its base URL in the profile file, its API key and its
    /// private key (sealed with a passphrase) in the system keyring. The app
    /// lists it, and `call --profile NAME` uses it.
    Add(AddArgs),
    /// List the saved profiles, one a line: name, a tab, base URL.
    List,
    /// Remove a saved profile: its keyring entries, its journal on this
    /// computer and its line in the profile file.
    Remove {
        /// The profile's name.
        #[arg(required_unless_present = "all")]
        name: Option<String>,
        /// Remove every saved profile (what the Windows uninstaller does
        /// when asked to remove the person's data too).
        #[arg(long, conflicts_with = "name")]
        all: bool,
    },
    /// Change a profile's service address: its key, opened with the
    /// passphrase, signs the new one (an address changed any other way is
    /// refused when the profile is next opened).
    SetUrl {
        /// The profile's name.
        name: String,
        /// The new base URL: https://, or http:// on this computer (loopback).
        url: String,
        /// Where the passphrase comes from.
        #[command(flatten)]
        passphrase: PassphraseArgs,
    },
    /// Choose how a profile's requests reach its service: straight (none,
    /// the default), through the system's proxy (system), or through a
    /// proxy given as http://HOST:PORT; and optionally a certificate
    /// authority of the profile's own, trusted beside the system's. Its key,
    /// opened with the passphrase, signs the choice (a choice changed any
    /// other way is refused when the profile is next opened).
    SetProxy {
        /// The profile's name.
        name: String,
        /// none, system, or http://HOST:PORT.
        proxy: String,
        /// A certificate (PEM) to trust beside the system's authorities,
        /// for a proxy or service with an authority of its own.
        #[arg(long, value_name = "FILE", conflicts_with = "no_certificate")]
        certificate: Option<PathBuf>,
        /// Remove the profile's own certificate.
        #[arg(long)]
        no_certificate: bool,
        /// Where the passphrase comes from.
        #[command(flatten)]
        passphrase: PassphraseArgs,
    },
    /// Seal a profile's plain private key (saved by an early version) with a
    /// new passphrase, and bind its address to it.
    Seal {
        /// The profile's name.
        name: String,
        /// Where the passphrase comes from (a terminal asks twice).
        #[command(flatten)]
        passphrase: PassphraseArgs,
    },
    /// Print the public key of a profile's private key (PEM), as the service
    /// registers it. A sealed key is opened with its passphrase.
    PublicKey {
        /// The profile's name.
        name: String,
        /// Where the passphrase comes from.
        #[command(flatten)]
        passphrase: PassphraseArgs,
    },
}

/// `brlv-desk profile add`.
#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// The profile's name (up to 64 characters, no '/').
    pub name: String,
    /// The service's base URL: https://, or http:// on this computer (loopback).
    #[arg(long, value_name = "URL")]
    pub base_url: String,
    /// A file holding the API key, on its first line.
    #[arg(long, value_name = "FILE")]
    pub api_key_file: PathBuf,
    /// The RSA private key, PEM (2,048 to 4,096 bits). A plain key is sealed
    /// with the passphrase; a sealed one is opened with it and sealed again.
    #[arg(long, value_name = "FILE")]
    pub private_key_file: PathBuf,
    /// Replace a saved profile of the same name.
    #[arg(long)]
    pub replace: bool,
    /// Where the passphrase comes from (a terminal asks twice).
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
}

/// Opens the keyring, only when a command needs it (`list` never does).
pub type OpenStore<'a> = dyn Fn() -> Result<Arc<dyn SecretStore>, KeystoreError> + 'a;

/// Where `profile` reads and writes.
pub struct ProfileContext<'a> {
    /// The profile file ([`ProfileBook::default_path`]).
    pub book_path: PathBuf,
    /// The journals' directory ([`brlv_core::journal::default_dir`]), if any.
    pub journal_dir: Option<PathBuf>,
    /// The keyring.
    pub open_store: &'a OpenStore<'a>,
    /// How hard a sealed key is to open ([`ScryptCost::STANDARD`] but in tests).
    pub seal_cost: ScryptCost,
    /// The language of what is printed.
    pub language: Language,
}

impl std::fmt::Debug for ProfileContext<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProfileContext")
            .field("book_path", &self.book_path)
            .field("journal_dir", &self.journal_dir)
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

/// Why a `profile` command failed: the message, in the context's language,
/// and the process's exit code ([`call::EXIT_USAGE`] when the command line
/// or its files are at fault, [`call::EXIT_FAILED`] otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileFailure {
    /// What happened and what to do.
    pub message: String,
    /// The exit code.
    pub exit_code: u8,
}

impl ProfileFailure {
    fn usage(message: String) -> ProfileFailure {
        ProfileFailure {
            message,
            exit_code: call::EXIT_USAGE,
        }
    }

    fn failed(message: String) -> ProfileFailure {
        ProfileFailure {
            message,
            exit_code: call::EXIT_FAILED,
        }
    }
}

/// Runs `command`; what a script reads goes to `out`.
pub fn run(
    command: ProfileCommand,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    match command {
        ProfileCommand::Add(args) => add(&args, context, passphrases, out),
        ProfileCommand::List => list(context, out),
        ProfileCommand::Remove { name, all } => match (name, all) {
            (Some(name), false) => remove(&name, context, out),
            (None, true) => {
                for profile in load_book(context)?.profiles {
                    remove(&profile.name, context, out)?;
                }
                Ok(())
            }
            _ => Err(ProfileFailure::usage(
                tr(context.language, "cli.profile.name_or_all").into_owned(),
            )),
        },
        ProfileCommand::PublicKey { name, .. } => public_key(&name, context, passphrases, out),
        ProfileCommand::SetUrl { name, url, .. } => set_url(&name, &url, context, passphrases, out),
        ProfileCommand::Seal { name, .. } => seal_plain(&name, context, passphrases, out),
        ProfileCommand::SetProxy {
            name,
            proxy,
            certificate,
            no_certificate,
            ..
        } => {
            let certificate = match (certificate, no_certificate) {
                (Some(file), _) => CertificateChange::Set(file),
                (None, true) => CertificateChange::Remove,
                (None, false) => CertificateChange::Keep,
            };
            set_proxy(&name, &proxy, certificate, context, passphrases, out)
        }
    }
}

/// What `profile set-proxy` does with the profile's own certificate.
enum CertificateChange {
    Keep,
    Remove,
    Set(PathBuf),
}

/// `brlv-desk profile set-proxy`: the profile's network path, signed by its
/// key (opened with the passphrase) with its address.
fn set_proxy(
    name: &str,
    proxy: &str,
    certificate: CertificateChange,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    let proxy = brlv_core::network::Proxy::parse(proxy)
        .map_err(|error| ProfileFailure::usage(error.to_string()))?;
    let mut book = load_book(context)?;
    let Some(profile) = book.find(name).cloned() else {
        return Err(unknown_profile(name, language));
    };
    let mut network = book.network_of(name);
    network.proxy = proxy;
    match certificate {
        CertificateChange::Keep => {}
        CertificateChange::Remove => network.certificate = None,
        CertificateChange::Set(file) => {
            let pem = std::fs::read_to_string(&file)
                .map_err(|error| ProfileFailure::usage(format!("{}: {error}", file.display())))?;
            brlv_core::network::NetworkPath::check_certificate(&pem)
                .map_err(|error| ProfileFailure::usage(error.to_string()))?;
            network.certificate = Some(pem.trim().to_owned());
        }
    }
    let key = open_for_binding(name, context, passphrases)?;
    let binding = profile_binding::bind(&key, name, &profile.base_url, &network)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    BindingBook::store(&BindingBook::path_beside(&context.book_path), name, binding)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    let shown = network.bound_text();
    book.set_network(name, network);
    save_and_say(
        &book,
        context,
        out,
        "cli.profile.proxy_set",
        &[("name", name), ("path", &shown)],
    )
}

/// Writes `book` and says `key` with `args`, once a profile was changed.
fn save_and_say(
    book: &ProfileBook,
    context: &ProfileContext<'_>,
    out: &mut dyn Write,
    key: &'static str,
    args: &[(&str, &str)],
) -> Result<(), ProfileFailure> {
    book.save(&context.book_path)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    print_line(out, &tr_with(context.language, key, args))
}

/// The sealed key of the saved profile `name`, opened with the passphrase
/// (and sealed again with the binding mark when an earlier version sealed
/// it), to sign a new binding.
fn open_for_binding(
    name: &str,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
) -> Result<PrivateKey, ProfileFailure> {
    let language = context.language;
    let store = open_store(context)?;
    let secrets = load_secrets(name, &*store, language)?;
    if !seal::is_sealed(secrets.private_key_pem.expose_secret()) {
        return Err(ProfileFailure::usage(tr_with(
            language,
            "cli.profile.not_sealed",
            &[("name", name)],
        )));
    }
    let passphrase = passphrases
        .ask(&tr(language, "cli.profile.prompt_open"))
        .map_err(|error| ProfileFailure::usage(error.to_string()))?;
    let key = open_sealed(
        &secrets.private_key_pem,
        &passphrase,
        seal::KdfPolicy::Sealed,
        language,
    )?;
    if !seal::seals_with_binding(secrets.private_key_pem.expose_secret()) {
        let resealed = seal::seal(&key, &passphrase, context.seal_cost)
            .map_err(|error| ProfileFailure::failed(error.to_string()))?;
        store
            .save(
                name,
                &ProfileSecrets {
                    api_key: secrets.api_key.clone(),
                    private_key_pem: resealed,
                },
            )
            .map_err(|error| ProfileFailure::failed(error.localize(language)))?;
    }
    Ok(key)
}

fn add(
    args: &AddArgs,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    brlv_core::keystore::check_profile_name(&args.name)
        .map_err(|error| ProfileFailure::usage(error.localize(language)))?;
    brlv_core::api::client::parse_base_url(&args.base_url)
        .map_err(|error| ProfileFailure::usage(error.localize(language)))?;
    let mut book = load_book(context)?;
    if book.find(&args.name).is_some() && !args.replace {
        return Err(ProfileFailure::usage(tr_with(
            language,
            "cli.profile.exists",
            &[("name", &args.name)],
        )));
    }
    let api_key = read_api_key(&args.api_key_file, language)?;
    let material = brlv_core::credentials::read_key_material(&args.private_key_file)
        .map_err(|error| ProfileFailure::usage(error.to_string()))?;
    let (key, passphrase) = match material {
        KeyMaterial::Plain(key) => (key, new_passphrase(passphrases, language)?),
        // A key file (maybe OpenSSL's): opened under the import policy, then
        // sealed again below with brlv-desk's own cost.
        KeyMaterial::Sealed(sealed) | KeyMaterial::SealedFile(sealed) => {
            let passphrase = passphrases
                .ask(&tr(language, "cli.profile.prompt_open_file"))
                .map_err(|error| ProfileFailure::usage(error.to_string()))?;
            let key = open_sealed(&sealed, &passphrase, seal::KdfPolicy::Imported, language)?;
            check_new_passphrase(&passphrase, language)?;
            (key, passphrase)
        }
    };
    let sealed = seal::seal(&key, &passphrase, context.seal_cost)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    let store = open_store(context)?;
    store
        .save(
            &args.name,
            &ProfileSecrets {
                api_key,
                private_key_pem: sealed,
            },
        )
        .map_err(|error| ProfileFailure::failed(error.localize(language)))?;
    let base_url = args.base_url.trim().to_owned();
    if let Err(failure) = store_binding(&key, &args.name, &base_url, context) {
        let _ = store.delete(&args.name);
        return Err(failure);
    }
    // A profile added anew goes straight to its service, as its key signed.
    book.set_network(&args.name, brlv_core::network::NetworkPath::default());
    book.upsert(Profile {
        name: args.name.clone(),
        base_url,
    });
    if book.last_used.is_none() {
        book.last_used = Some(args.name.clone());
    }
    if let Err(error) = book.save(&context.book_path) {
        // The secrets without their profile line would be found by nothing.
        let _ = store.delete(&args.name);
        return Err(ProfileFailure::failed(error.to_string()));
    }
    print_line(
        out,
        &tr_with(language, "cli.profile.saved", &[("name", &args.name)]),
    )
}

fn list(context: &ProfileContext<'_>, out: &mut dyn Write) -> Result<(), ProfileFailure> {
    let book = load_book(context)?;
    if book.profiles.is_empty() {
        eprintln!("{}", tr(context.language, "cli.profile.none"));
    }
    for profile in &book.profiles {
        print_line(out, &format!("{}\t{}", profile.name, profile.base_url))?;
    }
    Ok(())
}

fn remove(
    name: &str,
    context: &ProfileContext<'_>,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    let mut book = load_book(context)?;
    let Some(profile) = book.find(name).cloned() else {
        return Err(unknown_profile(name, language));
    };
    open_store(context)?
        .delete(name)
        .map_err(|error| ProfileFailure::failed(error.localize(language)))?;
    if let Some(dir) = &context.journal_dir {
        let journal = brlv_core::journal::file_for(dir, &profile.name, &profile.base_url);
        brlv_core::journal::delete(&journal).map_err(|error| {
            ProfileFailure::failed(tr_with(
                language,
                "cli.profile.journal_not_deleted",
                &[
                    ("path", &journal.display().to_string()),
                    ("reason", &error.to_string()),
                ],
            ))
        })?;
    }
    book.remove(name);
    book.save(&context.book_path)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    // A binding left behind would only be replaced by the next save of the name.
    let _ = BindingBook::forget(&BindingBook::path_beside(&context.book_path), name);
    print_line(
        out,
        &tr_with(language, "cli.profile.removed", &[("name", name)]),
    )
}

fn public_key(
    name: &str,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    let credentials =
        brlv_core::credentials::saved_credentials(name, &context.book_path, context.open_store)
            .map_err(|error| match error {
                CredentialsError::UnknownProfile(_) => unknown_profile(name, language),
                other => ProfileFailure::failed(other.to_string()),
            })?;
    let key = match credentials.key {
        KeyMaterial::Plain(key) => key,
        KeyMaterial::Sealed(sealed) => {
            let passphrase = passphrases
                .ask(&tr(language, "cli.profile.prompt_open"))
                .map_err(|error| ProfileFailure::usage(error.to_string()))?;
            open_sealed(&sealed, &passphrase, seal::KdfPolicy::Sealed, language)?
        }
        KeyMaterial::SealedFile(sealed) => {
            let passphrase = passphrases
                .ask(&tr(language, "cli.profile.prompt_open"))
                .map_err(|error| ProfileFailure::usage(error.to_string()))?;
            open_sealed(&sealed, &passphrase, seal::KdfPolicy::Imported, language)?
        }
    };
    out.write_all(key.public_key_pem().as_bytes())
        .and_then(|()| out.flush())
        .map_err(|error| ProfileFailure::failed(error.to_string()))
}

/// `brlv-desk profile set-url`: the one way to change a saved profile's
/// address, since it opens the key to sign the new one.
fn set_url(
    name: &str,
    url: &str,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    let url = url.trim();
    brlv_core::api::client::parse_base_url(url)
        .map_err(|error| ProfileFailure::usage(error.localize(language)))?;
    let mut book = load_book(context)?;
    let Some(mut profile) = book.find(name).cloned() else {
        return Err(unknown_profile(name, language));
    };
    let key = open_for_binding(name, context, passphrases)?;
    store_binding(&key, name, url, context)?;
    url.clone_into(&mut profile.base_url);
    book.upsert(profile);
    save_and_say(
        &book,
        context,
        out,
        "cli.profile.url_set",
        &[("name", name), ("url", url)],
    )
}

/// `brlv-desk profile seal`: a plain key saved by an early version, sealed
/// with a new passphrase and bound to the profile's address.
fn seal_plain(
    name: &str,
    context: &ProfileContext<'_>,
    passphrases: &mut PassphraseReader,
    out: &mut dyn Write,
) -> Result<(), ProfileFailure> {
    let language = context.language;
    let book = load_book(context)?;
    let Some(profile) = book.find(name).cloned() else {
        return Err(unknown_profile(name, language));
    };
    let store = open_store(context)?;
    let secrets = load_secrets(name, &*store, language)?;
    if seal::is_sealed(secrets.private_key_pem.expose_secret()) {
        return print_line(
            out,
            &tr_with(language, "cli.profile.already_sealed", &[("name", name)]),
        );
    }
    let key = PrivateKey::from_pem(secrets.private_key_pem.expose_secret())
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    let passphrase = new_passphrase(passphrases, language)?;
    let sealed = seal::seal(&key, &passphrase, context.seal_cost)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    // The binding first: a sealed key without one would be refused.
    store_binding(&key, name, &profile.base_url, context)?;
    store
        .save(
            name,
            &ProfileSecrets {
                api_key: secrets.api_key,
                private_key_pem: sealed,
            },
        )
        .map_err(|error| ProfileFailure::failed(error.localize(language)))?;
    print_line(
        out,
        &tr_with(
            language,
            "cli.profile.sealed_now",
            &[("name", name), ("url", &profile.base_url)],
        ),
    )
}

/// `key`'s signature of the profile `name` at `base_url`, kept beside the
/// profile file.
fn store_binding(
    key: &PrivateKey,
    name: &str,
    base_url: &str,
    context: &ProfileContext<'_>,
) -> Result<(), ProfileFailure> {
    let network = load_book(context)?.network_of(name);
    let binding = profile_binding::bind(key, name, base_url, &network)
        .map_err(|error| ProfileFailure::failed(error.to_string()))?;
    BindingBook::store(&BindingBook::path_beside(&context.book_path), name, binding)
        .map_err(|error| ProfileFailure::failed(error.to_string()))
}

fn load_secrets(
    name: &str,
    store: &dyn SecretStore,
    language: Language,
) -> Result<ProfileSecrets, ProfileFailure> {
    store
        .load(name)
        .map_err(|error| ProfileFailure::failed(error.localize(language)))?
        .ok_or_else(|| {
            ProfileFailure::failed(
                KeystoreError::Incomplete {
                    profile: name.to_owned(),
                }
                .localize(language),
            )
        })
}

fn load_book(context: &ProfileContext<'_>) -> Result<ProfileBook, ProfileFailure> {
    ProfileBook::load(&context.book_path).map_err(|error| ProfileFailure::failed(error.to_string()))
}

fn open_store(context: &ProfileContext<'_>) -> Result<Arc<dyn SecretStore>, ProfileFailure> {
    (context.open_store)().map_err(|error| ProfileFailure::failed(error.localize(context.language)))
}

fn unknown_profile(name: &str, language: Language) -> ProfileFailure {
    ProfileFailure::usage(tr_with(language, "cli.profile.unknown", &[("name", name)]))
}

fn read_api_key(path: &Path, language: Language) -> Result<SecretString, ProfileFailure> {
    let text = Zeroizing::new(std::fs::read_to_string(path).map_err(|error| {
        ProfileFailure::usage(tr_with(
            language,
            "cli.profile.api_key_unreadable",
            &[
                ("path", &path.display().to_string()),
                ("reason", &error.to_string()),
            ],
        ))
    })?);
    let key = text.lines().next().unwrap_or_default().trim();
    if key.is_empty() {
        return Err(ProfileFailure::usage(tr_with(
            language,
            "cli.profile.api_key_empty",
            &[("path", &path.display().to_string())],
        )));
    }
    Ok(SecretString::from(key.to_owned()))
}

/// A new passphrase to seal with: typed twice on a terminal, once by a script.
fn new_passphrase(
    passphrases: &mut PassphraseReader,
    language: Language,
) -> Result<SecretString, ProfileFailure> {
    let min = MIN_PASSPHRASE_CHARS.to_string();
    let passphrase = passphrases
        .ask(&tr_with(
            language,
            "cli.profile.prompt_new",
            &[("min", &min)],
        ))
        .map_err(|error| ProfileFailure::usage(error.to_string()))?;
    check_new_passphrase(&passphrase, language)?;
    if passphrases.is_typed() {
        let again = passphrases
            .ask(&tr(language, "cli.profile.prompt_again"))
            .map_err(|error| ProfileFailure::usage(error.to_string()))?;
        if again.expose_secret() != passphrase.expose_secret() {
            return Err(ProfileFailure::usage(
                tr(language, "cli.profile.mismatch").into_owned(),
            ));
        }
    }
    Ok(passphrase)
}

/// Refuses a passphrase too short, or too easy to guess, to seal with.
fn check_new_passphrase(
    passphrase: &SecretString,
    language: Language,
) -> Result<(), ProfileFailure> {
    match seal::check_strength(passphrase.expose_secret()) {
        Ok(()) => Ok(()),
        Err(PassphraseProblem::Weak(weakness)) => Err(ProfileFailure::usage(tr_with(
            language,
            "cli.profile.weak",
            &[(
                "reason",
                &tr(language, crate::app::ui::passphrase::weakness_key(weakness)),
            )],
        ))),
        Err(_) => Err(ProfileFailure::usage(tr_with(
            language,
            "cli.profile.too_short",
            &[("min", &MIN_PASSPHRASE_CHARS.to_string())],
        ))),
    }
}

fn open_sealed(
    sealed: &SecretString,
    passphrase: &SecretString,
    policy: seal::KdfPolicy,
    language: Language,
) -> Result<PrivateKey, ProfileFailure> {
    seal::unseal_with(sealed.expose_secret(), passphrase, policy).map_err(|error| match error {
        seal::SealError::WrongPassphrase => {
            ProfileFailure::usage(tr(language, "cli.profile.wrong_passphrase").into_owned())
        }
        other => ProfileFailure::failed(other.to_string()),
    })
}

fn print_line(out: &mut dyn Write, line: &str) -> Result<(), ProfileFailure> {
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|error| ProfileFailure::failed(error.to_string()))
}
