//! brlv-desk's command line. (Minimal for now: the sandbox subcommand; the lead
//! wires in the GUI and `call`.)

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use brlv_desk::sandbox::cli::{SandboxArgs, run};

/// A desktop dashboard for BRL/BRLV conversion, wallet and payout accounts.
#[derive(Debug, Parser)]
#[command(name = "brlv-desk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the local sandbox of the service, headless.
    Sandbox(SandboxArgs),
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Sandbox(args)) => {
            let runtime = match tokio::runtime::Runtime::new() {
                Ok(runtime) => runtime,
                Err(error) => {
                    eprintln!("error: cannot start the async runtime: {error}");
                    return ExitCode::FAILURE;
                }
            };
            match runtime.block_on(run(args)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("error: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            eprintln!("The GUI is not wired in yet; try `brlv-desk sandbox --help`.");
            ExitCode::FAILURE
        }
    }
}
