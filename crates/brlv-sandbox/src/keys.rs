//! Key pairs and API keys for sandbox accounts.
//!
//! The sandbox verifies tokens with a registered public key, exactly as the
//! service does; these helpers make a key pair for a person (or the GUI's
//! embedded sandbox) who has none yet.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use aws_lc_rs::encoding::{AsDer, Pkcs8V1Der, PublicKeyX509Der};
use aws_lc_rs::rsa::{KeyPair, KeySize, PublicEncryptingKey};
use aws_lc_rs::signature::KeyPair as _;
use jsonwebtoken::DecodingKey;
use secrecy::SecretString;
use url::Url;
use uuid::Uuid;

use super::error::SandboxError;

/// The smallest RSA key the sandbox registers.
pub const MIN_RSA_BITS: usize = 2048;

/// A freshly generated RSA-2048 key pair in PEM.
pub struct GeneratedKeyPair {
    /// PKCS#8 `PRIVATE KEY` PEM; secret.
    pub private_key_pem: SecretString,
    /// X.509 SubjectPublicKeyInfo `PUBLIC KEY` PEM, to register with the sandbox.
    pub public_key_pem: String,
}

impl std::fmt::Debug for GeneratedKeyPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GeneratedKeyPair")
            .field("private_key_pem", &"[redacted]")
            .field("public_key_pem", &self.public_key_pem)
            .finish()
    }
}

fn pem_lf(tag: &str, der: &[u8]) -> String {
    pem::encode_config(
        &pem::Pem::new(tag, der.to_vec()),
        pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF),
    )
}

/// Generates an RSA-2048 key pair.
pub fn generate_key_pair() -> Result<GeneratedKeyPair, SandboxError> {
    let failed = |what: &str| SandboxError::KeyGeneration(what.to_owned());
    let key_pair =
        KeyPair::generate(KeySize::Rsa2048).map_err(|_| failed("RSA key generation failed"))?;
    let private: Pkcs8V1Der<'static> = key_pair
        .as_der()
        .map_err(|_| failed("could not encode the private key"))?;
    let public: PublicKeyX509Der<'static> = key_pair
        .public_key()
        .as_der()
        .map_err(|_| failed("could not encode the public key"))?;
    Ok(GeneratedKeyPair {
        private_key_pem: SecretString::from(pem_lf("PRIVATE KEY", private.as_ref())),
        public_key_pem: pem_lf("PUBLIC KEY", public.as_ref()),
    })
}

/// A fresh API key: `sbx_` and 32 hex digits.
pub fn generate_api_key() -> String {
    format!("sbx_{}", Uuid::new_v4().simple())
}

/// Reads an RSA public key in PEM (`PUBLIC KEY` or `RSA PUBLIC KEY`), refusing
/// anything else and keys under [`MIN_RSA_BITS`].
pub(crate) fn parse_public_key(public_key_pem: &str) -> Result<DecodingKey, SandboxError> {
    let invalid = |why: String| SandboxError::InvalidPublicKey(why);
    let parsed = pem::parse(public_key_pem.trim())
        .map_err(|error| invalid(format!("not a PEM document ({error})")))?;
    if !matches!(parsed.tag(), "PUBLIC KEY" | "RSA PUBLIC KEY") {
        return Err(invalid(format!(
            "expected a `PUBLIC KEY` or `RSA PUBLIC KEY` PEM, got `{}`",
            parsed.tag()
        )));
    }
    // aws-lc refuses keys under 2048 bits itself, reporting "TooSmall".
    let rejected = |error: aws_lc_rs::error::KeyRejected| {
        if error.to_string() == "TooSmall" {
            SandboxError::KeyTooSmall { bits: None }
        } else {
            invalid(format!("not a usable RSA public key ({error})"))
        }
    };
    let public_key = aws_lc_rs::rsa::PublicKey::from_der(parsed.contents()).map_err(rejected)?;
    let spki: PublicKeyX509Der<'static> = public_key
        .as_der()
        .map_err(|_| invalid("could not re-encode the key".to_owned()))?;
    let bits = PublicEncryptingKey::from_der(spki.as_ref())
        .map(|key| key.key_size_bits())
        .map_err(rejected)?;
    if bits < MIN_RSA_BITS {
        return Err(SandboxError::KeyTooSmall { bits: Some(bits) });
    }
    DecodingKey::from_rsa_pem(public_key_pem.trim().as_bytes())
        .map_err(|error| invalid(format!("jsonwebtoken refused the key ({error})")))
}

/// Credentials written by `--demo-credentials DIR`, every file readable by its
/// owner only (mode 0600 on Unix): the API key and the private key are
/// secrets, and `env.sh` repeats the API key.
#[derive(Clone, Debug)]
pub struct DemoCredentials {
    /// The API key (also in `api-key.txt`).
    pub api_key: String,
    /// The public key PEM to register (also in `public-key.pem`).
    pub public_key_pem: String,
    /// `DIR/api-key.txt`.
    pub api_key_file: PathBuf,
    /// `DIR/private-key.pem` (PKCS#8).
    pub private_key_file: PathBuf,
    /// `DIR/public-key.pem`.
    pub public_key_file: PathBuf,
}

impl DemoCredentials {
    /// How to use these credentials with brlv-desk's `call` command and the GUI.
    pub fn usage(&self, base_url: &Url) -> String {
        format!(
            "Demo account credentials in {dir} (`source {dir}/env.sh` sets them):\n  \
             export BRLV_BASE_URL={base}\n  \
             export BRLV_API_KEY={key}\n  \
             export BRLV_PRIVATE_KEY_FILE={private}\n\
             then e.g. `brlv-desk call GET /api/v0/orders`.",
            dir = self
                .api_key_file
                .parent()
                .map(|dir| dir.display().to_string())
                .unwrap_or_default(),
            base = base_url.as_str().trim_end_matches('/'),
            key = self.api_key,
            private = self.private_key_file.display(),
        )
    }

    /// Writes `DIR/env.sh`, which exports the three `BRLV_*` variables for
    /// `base_url` (`source DIR/env.sh`), and `BRLV_PTAX_URL` and
    /// `BRLV_SELIC_URL`, since the sandbox emulates the Banco Central's
    /// dollar rates and monthly Selic too. Rewritten on every run, since the
    /// sandbox's address may change.
    pub fn write_env_file(&self, base_url: &Url) -> Result<PathBuf, SandboxError> {
        let path = self.api_key_file.with_file_name("env.sh");
        let quote = |value: &str| format!("'{}'", value.replace('\'', r"'\''"));
        let script = format!(
            "# brlv-desk sandbox demo account; use with: source {}\n\
             export BRLV_BASE_URL={}\n\
             export BRLV_API_KEY={}\n\
             export BRLV_PRIVATE_KEY_FILE={}\n\
             # The sandbox also answers for the Banco Central's dollar rates\n\
             # and monthly Selic.\n\
             export BRLV_PTAX_URL={}\n\
             export BRLV_SELIC_URL={}\n",
            path.display(),
            quote(base_url.as_str().trim_end_matches('/')),
            quote(&self.api_key),
            quote(&self.private_key_file.display().to_string()),
            quote(base_url.as_str().trim_end_matches('/')),
            quote(base_url.as_str().trim_end_matches('/')),
        );
        write_owner_only(&path, script.as_bytes()).map_err(|source| SandboxError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }
}

/// Writes (or, when all three files already exist, reads back) a demo API key
/// and key pair in `dir`: `api-key.txt`, `private-key.pem`, `public-key.pem`.
/// Reusing existing files keeps a restarted sandbox working with a client that
/// was already set up with them.
pub fn generate_demo_credentials(dir: &Path) -> Result<DemoCredentials, SandboxError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SandboxError::Io { path, source }
    };
    let credentials = DemoCredentials {
        api_key: String::new(),
        public_key_pem: String::new(),
        api_key_file: dir.join("api-key.txt"),
        private_key_file: dir.join("private-key.pem"),
        public_key_file: dir.join("public-key.pem"),
    };
    if credentials.api_key_file.is_file()
        && credentials.private_key_file.is_file()
        && credentials.public_key_file.is_file()
    {
        let api_key = fs::read_to_string(&credentials.api_key_file)
            .map_err(io_error(&credentials.api_key_file))?
            .trim()
            .to_owned();
        let public_key_pem = fs::read_to_string(&credentials.public_key_file)
            .map_err(io_error(&credentials.public_key_file))?;
        return Ok(DemoCredentials {
            api_key,
            public_key_pem,
            ..credentials
        });
    }
    create_owner_only_dir(dir).map_err(io_error(dir))?;
    let key_pair = generate_key_pair()?;
    let api_key = generate_api_key();
    {
        use secrecy::ExposeSecret as _;
        write_owner_only(
            &credentials.private_key_file,
            key_pair.private_key_pem.expose_secret().as_bytes(),
        )
        .map_err(io_error(&credentials.private_key_file))?;
    }
    write_owner_only(
        &credentials.public_key_file,
        key_pair.public_key_pem.as_bytes(),
    )
    .map_err(io_error(&credentials.public_key_file))?;
    write_owner_only(&credentials.api_key_file, format!("{api_key}\n").as_bytes())
        .map_err(io_error(&credentials.api_key_file))?;
    Ok(DemoCredentials {
        api_key,
        public_key_pem: key_pair.public_key_pem,
        ..credentials
    })
}

/// Creates `dir` (and its parents) if missing; a directory created here is
/// its owner's alone on Unix, since it holds an API key and a private key.
fn create_owner_only_dir(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt as _;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Writes `bytes` to `path` readable and writable by its owner only (mode
/// 0600 on Unix).
///
/// The mode is set when the file is created, never by a chmod after writing,
/// so the content is not readable by others even for a moment. A file that
/// already exists (env.sh is rewritten on every run) keeps whatever mode it
/// had if opened in place, so a fresh file is written beside it and renamed
/// over it instead.
fn write_owner_only(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let file_name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let staging = path.with_file_name(format!(".{file_name}.{}.tmp", Uuid::new_v4().simple()));
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let written = options.open(&staging).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&staging, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&staging);
    }
    renamed
}
