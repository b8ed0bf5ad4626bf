//! `brlv-desk sandbox`: the sandbox, headless.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use url::Url;

use brlv_sandbox::SandboxError;
use brlv_sandbox::generate_demo_credentials;
use brlv_sandbox::{Sandbox, SandboxConfig};

/// Arguments of `brlv-desk sandbox`.
#[derive(Clone, Debug, clap::Args)]
pub struct SandboxArgs {
    /// Address to listen on. A fixed port by default, so BRLV_BASE_URL stays
    /// the same across runs; use 127.0.0.1:0 for any free port.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8787")]
    pub listen: SocketAddr,

    /// Allow listening on a non-loopback address (the sandbox has no TLS).
    #[arg(long)]
    pub allow_non_loopback: bool,

    /// Register an API key; give one --public-key FILE per --api-key, in the same order.
    #[arg(long = "api-key", value_name = "KEY")]
    pub api_keys: Vec<String>,

    /// RSA public key (PEM) of the matching --api-key.
    #[arg(long = "public-key", value_name = "FILE")]
    pub public_keys: Vec<PathBuf>,

    /// URL that receives webhook events (also settable with PUT /sandbox/webhook).
    #[arg(long, value_name = "URL")]
    pub webhook_url: Option<Url>,

    /// Write a generated API key and key pair to DIR (or reuse the ones there) and register them.
    #[arg(long, value_name = "DIR")]
    pub demo_credentials: Option<PathBuf>,

    /// Start accounts with no balances or records instead of demo data.
    #[arg(long)]
    pub empty: bool,

    /// Give every account a big history: N completed orders, and as many
    /// transfers, withdrawals and deposits (also `POST /sandbox/seed`).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed_records: usize,

    /// Funding window of brcode orders, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub order_expiry_secs: u64,

    /// How long a quote can be accepted, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub quote_lifetime_secs: u64,

    /// Start the sandbox clock at this instant (RFC 3339, such as
    /// 2026-12-01T03:30:00Z) instead of now; the demo data are placed
    /// relative to it. The clock then runs on from there.
    #[arg(long, value_name = "INSTANT", value_parser = parse_clock_start)]
    pub clock_start: Option<OffsetDateTime>,

    /// Answer for the Banco Central as its real services do at their edges:
    /// no PTAX of today before the closing bulletin (13:10 in Brasília by
    /// the sandbox's clock), long periods in pages, HTTP 404 for a Selic
    /// range after today and the SGS's "last value" answer for months not
    /// published yet.
    #[arg(long)]
    pub central_bank_edges: bool,
}

/// Reads `--clock-start`: an RFC 3339 instant with its offset.
pub fn parse_clock_start(text: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(text.trim(), &Rfc3339).map_err(|error| {
        format!("`{text}` is not an instant such as 2026-12-01T03:30:00Z (RFC 3339): {error}")
    })
}

/// Runs the sandbox until Ctrl-C.
pub async fn run(args: SandboxArgs) -> Result<(), SandboxError> {
    if args.api_keys.len() != args.public_keys.len() {
        return Err(SandboxError::Usage(format!(
            "give one --public-key FILE per --api-key KEY ({} API keys, {} public keys)",
            args.api_keys.len(),
            args.public_keys.len()
        )));
    }
    let mut keys = Vec::with_capacity(args.api_keys.len());
    for (api_key, path) in args.api_keys.iter().zip(&args.public_keys) {
        let pem = std::fs::read_to_string(path).map_err(|source| SandboxError::Io {
            path: path.clone(),
            source,
        })?;
        keys.push((api_key.clone(), pem));
    }
    let demo = match &args.demo_credentials {
        Some(dir) => Some(generate_demo_credentials(dir)?),
        None => None,
    };

    let sandbox = Sandbox::start(SandboxConfig {
        listen: args.listen,
        allow_non_loopback: args.allow_non_loopback,
        order_expiry: Duration::from_secs(args.order_expiry_secs),
        quote_lifetime: Duration::from_secs(args.quote_lifetime_secs),
        webhook_url: args.webhook_url.clone(),
        clock_start: args.clock_start,
        central_bank: if args.central_bank_edges {
            brlv_sandbox::CentralBankEdges::AsPublished
        } else {
            brlv_sandbox::CentralBankEdges::Simple
        },
        ..SandboxConfig::default()
    })
    .await?;
    if !args.listen.ip().is_loopback() {
        eprintln!(
            "WARNING: the sandbox listens on {}, reachable from other machines, without TLS.",
            args.listen
        );
    }
    for (api_key, pem) in &keys {
        sandbox.register_account(api_key, pem, !args.empty)?;
    }
    if let Some(demo) = &demo {
        sandbox.register_account(&demo.api_key, &demo.public_key_pem, !args.empty)?;
    }

    if args.seed_records > 0 {
        for api_key in sandbox.api_keys() {
            sandbox.seed_history(&api_key, args.seed_records);
        }
    }

    let base_url = sandbox.base_url();
    println!("brlv-desk sandbox listening on {base_url}");
    println!(
        "Demo update feed (signed with a key made for this run): brlv-desk update check --feed-url {} --public-key {}",
        sandbox.update_feed_url(),
        sandbox.update_public_key()
    );
    println!(
        "{} registered{}.",
        crate::cli::counted(sandbox.api_keys().len(), "account", "accounts"),
        if args.empty {
            ", empty"
        } else {
            ", with demo data"
        }
    );
    if let Some(demo) = &demo {
        demo.write_env_file(&base_url)?;
        println!("{}", demo.usage(&base_url));
    } else if keys.is_empty() {
        println!(
            "No account yet: restart with --demo-credentials DIR, or register a key with\n  \
             curl -X POST {base_url}sandbox/keys -H 'Content-Type: application/json' \\\n    \
             -d '{{\"api-key\": \"my-key\", \"public-key\": \"<PEM>\"}}'"
        );
    }
    if let Some(url) = &args.webhook_url {
        println!("Webhook events go to {url}.");
    }
    println!("Press Ctrl-C to stop.");

    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::warn!(%error, "cannot wait for Ctrl-C; stopping");
    }
    println!("Stopping the sandbox.");
    sandbox.shutdown().await
}

#[cfg(test)]
mod tests {
    use super::{SandboxArgs, SandboxError, run};

    #[tokio::test]
    async fn a_public_key_is_wanted_for_every_api_key() {
        let args = SandboxArgs {
            listen: "127.0.0.1:0".parse().unwrap(),
            allow_non_loopback: false,
            api_keys: vec!["a".into(), "b".into()],
            public_keys: vec!["a.pem".into()],
            webhook_url: None,
            demo_credentials: None,
            empty: false,
            order_expiry_secs: 600,
            quote_lifetime_secs: 60,
            seed_records: 0,
            clock_start: None,
            central_bank_edges: false,
        };
        assert!(matches!(run(args).await, Err(SandboxError::Usage(_))));
    }
}
