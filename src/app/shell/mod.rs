//! The window: the eframe [`App`](eframe::App) that drains the worker's
//! Events once per frame, draws the shell (top bar, side navigation, the
//! current view) and hands the Commands the views pushed to the worker.

use super::ui::spinner_ui;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use egui::Ui;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::clock::Clock;
use super::features::lock::state::LockTold;
use super::features::orders::state::OrdersTold;
use super::features::settings::state::SettingsTold;
use super::features::{activity, events, lock, notify, onboarding, settings};
use super::frame_stats::FrameStats;
use super::i18n::Language;
use super::message::Command;
use super::panel::Panel;
use super::screenshot::ScreenshotJob;
use super::state::{AppState, View};
use super::ui::context;
use super::ui::focus::{keep_focus_in_view, set_fixed_panels};
use super::ui::shortcuts::LOCK;
use super::worker::{WorkerConfig, WorkerHandle};
use options::GuiOptions;

pub mod authorization;
pub mod graphics;
pub mod navigation;
pub mod notices;
pub mod options;
pub mod replace_file;
pub mod shortcuts;
pub mod top_bar;

/// What survives a restart (eframe storage). Never a secret.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PersistedUi {
    /// The view shown last.
    pub view: View,
    /// The language chosen in Settings; `None` follows the system.
    pub language: Option<Language>,
    /// Idle minutes before the window locks (Settings); `None`: the default.
    #[serde(default)]
    pub idle_lock_minutes: Option<u32>,
    /// The list budget chosen in Settings, in MiB; `None` keeps the default.
    #[serde(default)]
    pub list_budget_mib: Option<u64>,
    /// Every amount masked (the eye in the top bar).
    #[serde(default)]
    pub hide_amounts: bool,
    /// Lock the window when it is minimized (Settings); off unless chosen.
    #[serde(default)]
    pub lock_when_minimized: bool,
    /// Desktop notifications (Settings); `None`: on, the default.
    #[serde(default)]
    pub desktop_notifications: Option<bool>,
    /// The folder of the last file chosen in a Save or Open dialog.
    #[serde(default)]
    pub last_folder: Option<std::path::PathBuf>,
    /// The daily update check (Settings); `None`: on, the default.
    #[serde(default)]
    pub update_daily: Option<bool>,
    /// When the update feed was last checked, in Unix seconds.
    #[serde(default)]
    pub update_last_check: Option<i64>,
    /// The newest version whose update notice was dismissed.
    #[serde(default)]
    pub update_dismissed: Option<String>,
}

impl PersistedUi {
    /// The key of eframe's storage it is kept under.
    pub const STORAGE_KEY: &str = "brlv-desk-ui";

    /// What of `state` survives a restart.
    pub fn of(state: &AppState) -> PersistedUi {
        let (shared, panels) = (&state.shared, &state.panels);
        PersistedUi {
            view: state.view,
            language: Some(shared.language),
            idle_lock_minutes: Some(panels.lock.idle_lock_minutes),
            lock_when_minimized: panels.lock.lock_when_minimized,
            list_budget_mib: panels.settings.list_budget_mib,
            hide_amounts: shared.hide_amounts,
            desktop_notifications: Some(shared.notifications),
            last_folder: state.dialogs.last_folder.clone(),
            update_daily: Some(panels.updates.daily),
            update_last_check: panels
                .updates
                .last_check
                .map(time::OffsetDateTime::unix_timestamp),
            update_dismissed: panels.updates.dismissed.as_ref().map(ToString::to_string),
        }
    }

    /// Puts back into `state` the switches kept here that `BrlvApp::new`
    /// does not weigh against the command line itself (amounts hidden).
    pub fn restore_into(&self, state: &mut AppState) {
        state.shared.hide_amounts = self.hide_amounts;
        state.panels.lock.lock_when_minimized = self.lock_when_minimized;
        if let Some(enabled) = self.desktop_notifications {
            state.shared.notifications = enabled;
        }
        let updates = &mut state.panels.updates;
        if let Some(daily) = self.update_daily {
            updates.daily = daily;
        }
        updates.last_check = self
            .update_last_check
            .and_then(|seconds| OffsetDateTime::from_unix_timestamp(seconds).ok());
        updates.dismissed = self
            .update_dismissed
            .as_deref()
            .and_then(|version| brlv_core::update::Version::parse(version).ok());
    }
}

const STORAGE_KEY: &str = PersistedUi::STORAGE_KEY;

/// The whole window's contents for a given state: what tests render.
pub fn shell_ui(ui: &mut Ui, state: &mut AppState) {
    context::set_language(ui.ctx(), state.shared.language);
    context::set_zone(ui.ctx(), &state.shared.zone);
    context::set_dialog_status(ui.ctx(), state.dialogs.status());
    // What egui keeps of a secret field (its undo history included) goes
    // once the secret is used or dropped, drawn this frame or not.
    lock::view::forget_used_secrets(ui.ctx(), &state.panels.lock);
    onboarding::view::forget_used_secrets(ui.ctx(), &state.panels.onboarding);
    // The idle time is judged before this frame's input counts: a key or a
    // pointer over the window restored after the deadline (eframe draws
    // nothing while minimized) must find it locked, not reset the timer.
    state.tell(|panels| &mut panels.lock, LockTold::LockIfIdle);
    if ui.input(|input| input.viewport().minimized == Some(true)) {
        state.tell(|panels| &mut panels.lock, LockTold::Minimized);
    }
    if ui.input(|input| input.events.iter().any(is_presence)) {
        state.tell(|panels| &mut panels.lock, LockTold::Touched);
    }
    if ui.input_mut(|input| input.consume_shortcut(&LOCK)) {
        state.tell(|panels| &mut panels.lock, LockTold::LockNow);
    }
    // No input may come for the lock's deadline: a frame is drawn then anyway.
    if let Some(due_in) = state.idle_lock_due_in() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(due_in));
    }
    if state.shows_lock_screen() {
        // Nothing of the account: no top bar, no notices, no view, no draft.
        egui::CentralPanel::default().show(ui, |ui| {
            state.show(|panels, cx, out| panels.lock.ui(ui, cx, out));
        });
        return;
    }
    shortcuts::handle_shortcuts(ui, state);

    let top_bar = egui::Panel::top("top_bar")
        .show(ui, |ui| top_bar::top_bar_ui(ui, state))
        .response
        .rect;
    set_fixed_panels(ui.ctx(), vec![top_bar]);

    let shared = &state.shared;
    if !shared.startup_finished && !shared.connected() && !shared.sandbox_starting {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.centered_and_justified(|ui| {
                ui.horizontal(|ui| {
                    spinner_ui(ui);
                    ui.label(shared.t("shell.starting").as_ref());
                });
            });
        });
        return;
    }
    if shared.shows_onboarding() && !shared.sandbox_starting || shared.adding_profile {
        egui::CentralPanel::default().show(ui, |ui| {
            notices::notices_ui(ui, state);
            state.show(|panels, cx, out| panels.onboarding.ui(ui, cx, out));
        });
        // The public key saved to a typed path asks here too.
        replace_file::replace_file_ui(ui, state);
        return;
    }
    if !shared.connected() {
        // The sandbox is starting.
        egui::CentralPanel::default().show(ui, |ui| {
            notices::notices_ui(ui, state);
            ui.horizontal(|ui| {
                spinner_ui(ui);
                ui.label(state.shared.t("onboarding.sandbox_starting").as_ref());
            });
        });
        return;
    }

    let navigation = egui::Panel::left("navigation")
        .resizable(false)
        .default_size(180.0)
        .show(ui, |ui| navigation::navigation_ui(ui, state))
        .response
        .rect;
    set_fixed_panels(ui.ctx(), vec![top_bar, navigation]);
    egui::CentralPanel::default().show(ui, |ui| {
        notices::notices_ui(ui, state);
        state.show(|panels, cx, out| {
            lock::view::unprotected_note_ui(ui, &mut panels.lock, cx, out);
            lock::view::seal_offer_ui(ui, &mut panels.lock, cx, out);
        });
        view_ui(ui, state);
        crate::app::ui::fields::forget_amount_focus(ui.ctx());
    });
    let summary = authorization::authorization_lines(ui, state);
    let new_quote = state.show(|panels, cx, out| {
        lock::view::authorization_ui(
            ui,
            &mut panels.lock,
            cx,
            out,
            lock::view::AuthorizationLines {
                lines: &summary.lines,
                sale: summary.sale,
                quote_expired: summary.quote_expired,
            },
        )
    });
    if new_quote {
        state.tell(|panels| &mut panels.orders, OrdersTold::NewQuote);
    }
    replace_file::replace_file_ui(ui, state);
}

/// Whether `event` shows someone at the desk: a key, typed or pasted text,
/// a click, a scroll, a touch, a screen reader's action. A pointer merely
/// moving does not (a desk bumped, a window restored under the pointer).
fn is_presence(event: &egui::Event) -> bool {
    matches!(
        event,
        egui::Event::Key { .. }
            | egui::Event::Text(_)
            | egui::Event::Paste(_)
            | egui::Event::Copy
            | egui::Event::Cut
            | egui::Event::Ime(_)
            | egui::Event::PointerButton { .. }
            | egui::Event::MouseWheel { .. }
            | egui::Event::Touch { .. }
            | egui::Event::AccessKitActionRequest(_)
    )
}

/// Draws the current view: one arm per view, so a declared view always has one.
fn view_ui(ui: &mut Ui, state: &mut AppState) {
    // Both ways: at 200 % a wide line (an 18-place balance) scrolls
    // sideways instead of being cut off at the window's edge.
    let scrolled = |ui: &mut Ui, state: &mut AppState, draw: fn(&mut Ui, &mut AppState)| {
        egui::ScrollArea::both().show(ui, |ui| {
            draw(ui, state);
            keep_focus_in_view(ui);
        });
    };
    match state.view {
        // Their tables scroll by themselves (virtualized rows).
        View::Orders => {
            // What an order would make of the month's sales needs the tax
            // year's figures, kept fresh while the form is open.
            if state.panels.orders.form.open {
                state.month_figures(ui.ctx());
            }
            panel_ui(ui, state);
        }
        View::Events | View::Activity => panel_ui(ui, state),
        View::Overview => scrolled(ui, state, |ui, state| {
            // The tax chart draws the tax year's figures, kept fresh here.
            state.month_figures(ui.ctx());
            state.show(|panels, cx, out| {
                activity::view::overview::overview_ui(ui, &mut panels.activity, cx, out);
            });
        }),
        View::Settings => scrolled(ui, state, settings_ui),
        View::Wallets
        | View::Transfers
        | View::Withdrawals
        | View::Claims
        | View::Deposits
        | View::Taxes => scrolled(ui, state, panel_ui),
    }
}

/// Draws the current view's panel from its own state and the shared half,
/// then carries out what it asked for.
fn panel_ui(ui: &mut Ui, state: &mut AppState) {
    let view = state.view;
    state.show(|panels, cx, out| panels.view_ui(view, ui, cx, out));
}

/// Settings: the sends an earlier run left without an answer (when there
/// are any), its own panel with the lock's section, the notifications'
/// switch and the update check's, then the saved recipients' panel, then
/// the rest of Settings with the journal's section; each part's asks
/// carried out before the next is drawn (a language chosen shows at once
/// below).
fn settings_ui(ui: &mut Ui, state: &mut AppState) {
    state.show(|panels, cx, out| {
        panels.journal.settled_ui(ui, cx, out);
        panels.settings.ui(ui, cx, out);
        lock::view::lock_settings_ui(ui, &mut panels.lock, cx);
        settings::view::notifications_setting_ui(ui, cx, out);
        settings::view::duplicate_days_setting_ui(ui, cx, out);
        panels.updates.ui(ui, cx, out);
    });
    state.show(|panels, cx, out| panels.recipients.ui(ui, cx, out));
    state.show(|panels, cx, out| {
        settings::view::settings_lower_ui(ui, &mut panels.settings, cx, out);
        panels.journal.ui(ui, cx, out);
        settings::view::shortcuts_ui(ui, cx);
        let events = &panels.events;
        settings::view::advanced_ui(ui, &mut panels.settings, cx, out, |ui| {
            events::view::webhook_address_ui(ui, cx, &events.status)
        });
    });
}

/// The app as eframe runs it.
pub struct BrlvApp {
    state: AppState,
    clock: Clock,
    worker: WorkerHandle,
    screenshot: Option<ScreenshotJob>,
    exit_code: Arc<AtomicU8>,
    frame_stats: Option<FrameStats>,
    notifier: Box<dyn notify::Notifier>,
    /// Added to the wall clock for the window's "now": zero, or how far
    /// `--clock-start` put the embedded sandbox's clock from the wall's.
    wall_offset: time::Duration,
}

impl BrlvApp {
    /// Sets up the state (restoring the persisted view and language), starts
    /// the worker and asks it to open the sandbox, the environment's profile
    /// or the last used one.
    pub fn new(
        creation: &eframe::CreationContext<'_>,
        options: GuiOptions,
        exit_code: Arc<AtomicU8>,
    ) -> std::io::Result<BrlvApp> {
        let persisted: PersistedUi = creation
            .storage
            .and_then(|storage| eframe::get_value(storage, STORAGE_KEY))
            .unwrap_or_default();
        let language = options
            .language
            .or(persisted.language)
            .unwrap_or_else(Language::from_system);
        let mut state = AppState::new(language);
        // `TZ` when set (as for the screenshots), else the system's setting.
        state.shared.zone = crate::app::clock::LocalZone::system();
        persisted.restore_into(&mut state);
        state.shared.hide_amounts |= options.hide_amounts;
        if let Some(minutes) = persisted.idle_lock_minutes {
            state.panels.lock.idle_lock_minutes = minutes.clamp(1, 120);
        }
        if let Some(mib) = persisted.list_budget_mib {
            state.tell(
                |panels| &mut panels.settings,
                SettingsTold::ListBudgetRestored(mib),
            );
        }
        state.dialogs.last_folder = persisted.last_folder;
        match options
            .screenshot
            .as_ref()
            .map(|screenshot| screenshot.view)
        {
            // The worker checks for updates at start and once a day from this.
            None => {
                let schedule = Command::Updates(state.panels.updates.schedule());
                state.push(schedule);
            }
            // A picture of Settings shows a check made at start (with
            // `--sandbox`, of the demo feed) and waits for its result.
            Some(View::Settings) => {
                let can_check = options.sandbox
                    || matches!(
                        state.panels.updates.built_in,
                        brlv_core::update::BuiltInUpdates::Configured(_)
                    );
                if can_check && let Some(command) = state.panels.updates.check_now() {
                    state.push(Command::Updates(command));
                }
            }
            // Every other picture stays as it was: no notice comes between.
            Some(_) => {}
        }
        let start = options
            .screenshot
            .as_ref()
            .map(|screenshot| (screenshot.view, screenshot.order))
            .or(options.start_view);
        state.view = start.map_or(persisted.view, |(view, _)| view);
        if let Some(path) = options.payouts_file {
            if start.is_none() {
                state.view = View::Withdrawals;
            }
            state.payouts_file_at_start = Some(path);
        }
        if let Some(order) = start.and_then(|(_, order)| order) {
            state.open_order(order);
        }
        state.panels.activity.charts_in_view = options.charts_in_view;
        state.panels.taxes.part_in_view = options.taxes_part_in_view;
        crate::app::ui::theme::install(&creation.egui_ctx);
        if let Some(theme) = options.theme {
            creation.egui_ctx.set_theme(theme);
        }
        if let Some(zoom) = options.zoom {
            creation.egui_ctx.set_zoom_factor(zoom);
        }
        let clock = Clock::new();
        let context = creation.egui_ctx.clone();
        let clock_start = options.clock_start.filter(|_| options.sandbox);
        let wall_offset = clock_start.map_or(time::Duration::ZERO, |start| {
            start - OffsetDateTime::now_utc()
        });
        let worker = WorkerHandle::spawn(
            WorkerConfig {
                sandbox_clock_start: clock_start,
                ..WorkerConfig::system(clock)
            },
            Arc::new(move || context.request_repaint()),
        )?;
        let recipients =
            Command::Recipients(crate::app::features::recipients::message::RecipientsCommand::Load);
        if !worker.send(Command::Start {
            sandbox: options.sandbox,
        }) || !worker.send(recipients)
        {
            return Err(std::io::Error::other("the worker stopped at once"));
        }
        let screenshot = options
            .screenshot
            .map(|request| ScreenshotJob::new(request, clock.now_ms()));
        Ok(BrlvApp {
            state,
            clock,
            worker,
            screenshot,
            exit_code,
            frame_stats: FrameStats::from_env(),
            notifier: Box::new(notify::SystemNotifier::start()),
            wall_offset,
        })
    }
}

impl eframe::App for BrlvApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if let Some(stats) = &self.frame_stats {
            stats.frame_drawn();
        }
        self.state.shared.now = self.clock.now_ms();
        let wall = OffsetDateTime::now_utc();
        self.state.shared.wall_now = wall.checked_add(self.wall_offset).unwrap_or(wall);
        // Unknown (a platform that does not say) counts as focused: better
        // no notification than one about what is on the screen.
        self.state.notify.window_focused =
            ui.input(|input| input.viewport().focused.unwrap_or(true));
        let mut lists_arrived = Vec::new();
        for event in self.worker.drain() {
            if let super::message::Event::FetchFinished {
                resource, result, ..
            } = &event
                && result.is_ok()
                && tracing::enabled!(target: "brlv_timing", tracing::Level::DEBUG)
            {
                lists_arrived.push(*resource);
            }
            self.state.apply(event);
        }
        if self.state.panels.updates.restarting() && self.screenshot.is_none() {
            // The updater waits for this process to end before it installs:
            // the window closes now, taking no more clicks.
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if let Some(job) = self.screenshot.as_mut() {
            job.stage(&mut self.state);
        }
        shell_ui(ui, &mut self.state);
        for resource in lists_arrived {
            tracing::debug!(target: "brlv_timing", ?resource, "rows drawn");
        }
        self.state.deliver_notifications(self.notifier.as_ref());
        for command in self.state.take_commands() {
            if !self.worker.send(command) {
                tracing::warn!("the worker has stopped; a command was dropped");
            }
        }
        if let Some(job) = self.screenshot.as_mut()
            && let Some(code) = job.step(ui.ctx(), &self.state, self.clock.now_ms())
        {
            self.exit_code.store(code, Ordering::SeqCst);
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        // A screenshot run (perhaps at --scale 2) must not change the next
        // normal run's zoom or theme either.
        self.screenshot.is_none()
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_some() {
            // A screenshot run must not change what the next normal run restores.
            return;
        }
        eframe::set_value(storage, STORAGE_KEY, &PersistedUi::of(&self.state));
    }
}
