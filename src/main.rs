//! The `brlv-desk` command line: the GUI (default), `sandbox`, `call`,
//! `profile`, `tax-report`, `extrato`, `journal` and `payouts`.
//!
//! On Windows this program is a GUI program, so that starting the dashboard
//! opens no console window beside it. The installers put the same program,
//! marked as a console program, beside it as `brlv-desk.com`: a terminal
//! that runs `brlv-desk` finds the `.com` first (PATHEXT), waits for it,
//! shows what it prints and gets its exit code, as with any console tool,
//! while the Start menu starts `brlv-desk.exe`. (A GUI program that attaches
//! to its parent's console instead returns the prompt at once, prints over
//! it and loses the exit code: wrong for `call` in a script.)
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use brlv_desk::cli::call::{self, CallArgs, PassphraseReader};
use brlv_desk::cli::profile::ProfileCommand;
use brlv_desk::cli::sandbox::SandboxArgs;

/// A native dashboard for BRL/BRLV conversion, wallet and payout accounts.
#[derive(Debug, Parser)]
#[command(name = "brlv-desk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    gui: GuiArgs,
}

/// Options of the window (no subcommand).
#[derive(Debug, clap::Args)]
struct GuiArgs {
    /// Start the embedded sandbox and open the dashboard on it with demo data.
    #[arg(long)]
    sandbox: bool,
    /// Save a PNG of the window once the view's data has loaded, then exit.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<std::path::PathBuf>,
    /// The view to show: overview, orders, wallets, transfers, withdrawals,
    /// claims, deposits, events, activity, taxes, settings; or one order's detail:
    /// order:ID, order:brcode for the newest brcode order awaiting payment,
    /// or order:completed for the newest completed one (its receipt); or
    /// overview:charts, the overview scrolled to its charts; taxes:declaration
    /// or taxes:bens, the Taxes view scrolled to DeCripto or Bens e Direitos;
    /// or welcome, the first screen (for a screenshot: without --sandbox,
    /// with no saved profile); or, for a screenshot on --sandbox, a review
    /// opened with demo values and nothing sent: review:order,
    /// review:transfer, review:withdrawal (Pix), review:claim, review:batch
    /// (of the file given with --payouts-file)
    /// (default: overview for a screenshot, else the view shown last).
    #[arg(long, value_name = "NAME")]
    view: Option<String>,
    /// The interface language: pt-BR or en (default: the saved choice, else the system's).
    #[arg(long, value_name = "LANG")]
    language: Option<String>,
    /// The interface's scale, 0.5 to 4 (2 = 200 %; default: the one remembered,
    /// changed with Ctrl+Plus, Ctrl+Minus and Ctrl+0).
    #[arg(long, value_name = "FACTOR", value_parser = parse_scale)]
    scale: Option<f32>,
    /// The theme: light, dark or system (default: the saved choice, else the system's).
    #[arg(long, value_name = "THEME", value_parser = ["light", "dark", "system"])]
    theme: Option<String>,
    /// Start with every amount hidden, as the eye in the top bar does.
    #[arg(long)]
    hide_amounts: bool,
    /// Open this file of payouts (CSV, as for `brlv-desk payouts`) in the
    /// Withdrawals view, every row checked; nothing is sent before its
    /// confirmation.
    #[arg(long, value_name = "FILE")]
    payouts_file: Option<std::path::PathBuf>,
    /// With --sandbox: start the embedded sandbox's clock, and the window's
    /// own "now", at this instant (RFC 3339, such as 2026-12-01T03:30:00Z);
    /// the demo data are placed relative to it.
    #[arg(long, value_name = "INSTANT", requires = "sandbox",
          value_parser = brlv_desk::cli::sandbox::parse_clock_start)]
    clock_start: Option<time::OffsetDateTime>,
}

/// `--scale`: a factor egui can draw at.
fn parse_scale(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(factor) if (0.5..=4.0).contains(&factor) => Ok(factor),
        _ => Err(format!("{text:?} is not a scale from 0.5 to 4")),
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Sign and send one request; print the status and the JSON answer.
    Call(CallArgs),
    /// Run the local sandbox of the service, headless, until Ctrl-C.
    Sandbox(SandboxArgs),
    /// Saved profiles: add, list, remove, change an address, seal a plain key,
    /// print a public key.
    Profile {
        /// What to do.
        #[command(subcommand)]
        command: ProfileCommand,
    },
    /// Write the year's tax report (ledger, months, positions) as CSV and print a summary.
    TaxReport(brlv_desk::cli::tax_report::TaxReportArgs),
    /// Write the extrato (every movement of money) as OFX and/or CSV, as the
    /// Activity view exports it.
    Extrato(brlv_desk::cli::extrato::ExtratoArgs),
    /// The journal of what this device sent: `pending` settles the sends
    /// whose answer never came against the service's lists.
    Journal {
        /// What to do.
        #[command(subcommand)]
        command: brlv_desk::cli::journal::JournalCommand,
    },
    /// Updates: `check` reads the signed release feed for a newer version,
    /// `download --to DIR` fetches its package and checks it.
    Update {
        /// What to do.
        #[command(subcommand)]
        command: brlv_desk::cli::update::UpdateCommand,
    },
    /// Payouts from a CSV file: every row checked, one confirmation, each
    /// row sent once; running it again on the same file resumes.
    Payouts(brlv_desk::cli::payouts::PayoutsArgs),
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("BRLV_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        // Colours only for a terminal, and not on Windows, whose classic
        // console prints the escape codes as they are.
        .with_ansi(cfg!(not(windows)) && std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    allocator::tune_for_big_lists();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Call(args)) => run_call(&args),
        Some(Command::Sandbox(args)) => run_sandbox(args),
        Some(Command::Profile { command }) => run_profile(command),
        Some(Command::TaxReport(args)) => brlv_desk::cli::tax_report::run(&args),
        Some(Command::Extrato(args)) => brlv_desk::cli::extrato::run(&args),
        Some(Command::Journal { command }) => brlv_desk::cli::journal::run(&command),
        Some(Command::Update { command }) => brlv_desk::cli::update::run(&command),
        Some(Command::Payouts(args)) => brlv_desk::cli::payouts::run(&args),
        None => run_window(cli.gui),
    }
}

fn run_window(args: GuiArgs) -> ExitCode {
    use brlv_desk::app::{GuiOptions, i18n::Language, screenshot};
    #[cfg(windows)]
    if args.screenshot.is_none()
        && let Some(handed_over) = console_program::hand_window_over()
    {
        return handed_over;
    }
    tracing::info!("brlv-desk {} opens its window", env!("CARGO_PKG_VERSION"));
    #[cfg(windows)]
    app_identity::claim();
    let view_name = args.view.as_deref().unwrap_or("overview");
    let first_screen = screenshot::wants_first_screen(view_name);
    let parsed = if first_screen {
        Some((brlv_desk::app::state::View::Overview, None))
    } else {
        screenshot::parse_view(view_name)
    };
    let Some((view, order)) = parsed else {
        eprintln!("error: there is no view called {view_name:?}");
        return ExitCode::from(2);
    };
    let theme = args.theme.as_deref().map(|theme| match theme {
        "light" => egui::ThemePreference::Light,
        "dark" => egui::ThemePreference::Dark,
        _ => egui::ThemePreference::System,
    });
    brlv_desk::app::run_gui(GuiOptions {
        sandbox: args.sandbox,
        start_view: (args.view.is_some() && !first_screen).then_some((view, order)),
        screenshot: args.screenshot.map(|path| screenshot::ScreenshotRequest {
            path,
            view,
            order,
            first_screen,
            review: screenshot::review_shot(view_name),
        }),
        language: args.language.as_deref().map(Language::from_locale),
        zoom: args.scale,
        theme,
        hide_amounts: args.hide_amounts,
        charts_in_view: screenshot::wants_charts(view_name),
        taxes_part_in_view: screenshot::taxes_part(view_name),
        payouts_file: args.payouts_file,
        clock_start: args.clock_start,
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, std::io::Error> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
}

fn run_call(args: &CallArgs) -> ExitCode {
    let credentials = call::call_credentials(args);
    let credentials = match credentials {
        Ok(credentials) => credentials,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(error.exit_code());
        }
    };
    let runtime = match runtime() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout();
    match runtime.block_on(call::run(args, credentials, &mut stdout)) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(error) => {
            // The error may quote the service's answer.
            eprintln!("error: {}", call::terminal_safe(&error.to_string()));
            ExitCode::from(error.exit_code())
        }
    }
}

fn run_sandbox(args: SandboxArgs) -> ExitCode {
    let runtime = match runtime() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(brlv_desk::cli::sandbox::run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run_profile(command: ProfileCommand) -> ExitCode {
    use brlv_core::keystore::{KeyringStore, SecretStore};
    use brlv_desk::app::i18n::Language;
    use brlv_desk::cli::profile::{self as profile_command, ProfileCommand as P, ProfileContext};

    let language = Language::from_system();
    let Some(book_path) = brlv_core::profile::ProfileBook::default_path() else {
        eprintln!("error: {}", brlv_core::profile::ProfileError::NoConfigDir);
        return ExitCode::from(call::EXIT_USAGE);
    };
    let passphrase_source = match &command {
        P::Add(args) => args.passphrase.source(),
        P::PublicKey { passphrase, .. }
        | P::SetUrl { passphrase, .. }
        | P::SetProxy { passphrase, .. }
        | P::Seal { passphrase, .. } => passphrase.source(),
        P::List | P::Remove { .. } => call::PassphraseSource::Terminal,
    };
    let open_store = || {
        KeyringStore::os()
            .map(|store| std::sync::Arc::new(store) as std::sync::Arc<dyn SecretStore>)
    };
    let context = ProfileContext {
        book_path,
        journal_dir: brlv_core::journal::default_dir(),
        open_store: &open_store,
        seal_cost: brlv_core::seal::ScryptCost::STANDARD,
        language,
    };
    let mut passphrases = PassphraseReader::new(passphrase_source);
    match profile_command::run(command, &context, &mut passphrases, &mut std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.exit_code)
        }
    }
}

/// The Windows console twin, `brlv-desk.com` (see the top of this file).
#[cfg(windows)]
mod console_program {
    use std::process::{Command, ExitCode, Stdio};

    /// Started as `brlv-desk.com` to open the window: hands it to
    /// `brlv-desk.exe` beside it, so the terminal gets its prompt back and
    /// no console stays tied to the window. `None`: this is the GUI program
    /// already, or the other cannot start (then this one opens the window).
    pub fn hand_window_over() -> Option<ExitCode> {
        let this = std::env::current_exe().ok()?;
        let is_console_twin = this
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("com"));
        if !is_console_twin {
            return None;
        }
        Command::new(this.with_extension("exe"))
            .args(std::env::args_os().skip(1))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()
            .map(|_| ExitCode::SUCCESS)
    }
}

/// glibc's malloc, tuned for a big account's lists. Measured with
/// `benches/big_account.sh 150000` (docs/performance.md), bytes a record
/// above the small account:
/// - It gives each thread that allocates at once an arena of its own (up
///   to eight per core) and keeps what is freed in each. The four lists
///   decode together on four threads: the Orders view took 216 bytes with
///   the default, 177–185 with two arenas (183 with one). Two keep the
///   window's thread and the worker from waiting on each other.
/// - It raises its threshold for mapping a block of its own each time such
///   a block is freed, so the network's read buffers (up to about 400 KiB)
///   soon come from the arenas, and their room stays there once freed: the
///   Overview took 211–212 bytes with two arenas, 169–174 with the
///   threshold held at its starting 128 KiB, where a freed big block goes
///   back to the system at once.
///
/// Unsafe only because glibc's `mallopt` is a C function; no maintained
/// crate wraps it. This and the Windows module below are the workspace's
/// only unsafe code: every library crate forbids it; this binary denies it
/// everywhere else.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
mod allocator {
    /// Two arenas, and big blocks always mapped on their own (128 KiB and
    /// up). Called at the start of `main`, before any thread starts; a
    /// setting glibc refuses keeps its default (more memory, nothing else).
    pub fn tune_for_big_lists() {
        for (parameter, value, name) in [
            (libc::M_ARENA_MAX, 2, "M_ARENA_MAX"),
            (libc::M_MMAP_THRESHOLD, 128 * 1024, "M_MMAP_THRESHOLD"),
        ] {
            // SAFETY: `mallopt` takes two integers and only changes
            // malloc's parameters (under malloc's own lock); it reads no
            // pointer, and glibc documents both as settable at any time.
            let accepted = unsafe { libc::mallopt(parameter, value) };
            if accepted == 0 {
                tracing::debug!("glibc kept its default {name}");
            }
        }
    }
}

/// The window's application user model id on Windows: the one the
/// installers write on the Start-menu shortcut, so that the taskbar groups
/// the window under that shortcut and notifications show the app's name and
/// icon even when it was started another way (a terminal, the updater).
///
/// Unsafe because `windows-sys` declares the shell's function, and no
/// maintained crate wraps this one call safely (the `windows` crate's
/// binding is unsafe as well).
#[cfg(windows)]
#[allow(unsafe_code)]
mod app_identity {
    use brlv_desk::app::features::notify::notifier::WINDOWS_APP_USER_MODEL_ID;

    /// Gives this process the app's id; says at `info` that it did, at
    /// `warn` why not (notifications then show under another name).
    pub fn claim() {
        let wide: Vec<u16> = WINDOWS_APP_USER_MODEL_ID
            .encode_utf16()
            .chain(std::iter::once(0))
            .collect();
        // SAFETY: `wide` is a NUL-terminated UTF-16 string that lives until
        // the call returns; the function copies it and keeps no pointer.
        let result = unsafe {
            windows_sys::Win32::UI::Shell::SetCurrentProcessExplicitAppUserModelID(wide.as_ptr())
        };
        if result >= 0 {
            tracing::info!("application user model id set: {WINDOWS_APP_USER_MODEL_ID}");
        } else {
            tracing::warn!(
                "the application user model id {WINDOWS_APP_USER_MODEL_ID} was not set \
                 (HRESULT {result:#010x}): notifications may show under another name"
            );
        }
    }
}
