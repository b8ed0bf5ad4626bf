//! `--screenshot FILE`: wait until the view's data has loaded, let the layout
//! settle, take a screenshot of the real window, write it as PNG, and close.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;

use egui::ColorImage;

use super::clock::Millis;
use super::features::orders::state::OrderSelector;
use super::features::taxes::state::TaxesPart;
use super::state::{AppState, View};

/// How long the data may take before the run fails.
pub const LOAD_TIMEOUT_MS: Millis = 60_000;
/// Frames drawn with the data present before the picture is taken, so
/// layout, fonts and sizes have settled.
const SETTLE_FRAMES: u32 = 5;

/// What to photograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenshotRequest {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// The view to show.
    pub view: View,
    /// The order whose detail to show (`--view order:ID`, `order:brcode` or `order:completed`).
    pub order: Option<OrderSelector>,
    /// The first screen (`--view welcome`), taken once start-up is over and
    /// no account is open: run without `--sandbox` and with no saved profile.
    pub first_screen: bool,
    /// A review to open, filled with demo values (`--view review:transfer`).
    pub review: Option<ReviewShot>,
}

/// A review before money moves, opened for a screenshot on the sandbox's
/// demo account: its form filled with a demo value and its send pressed, so
/// the review shows and nothing is sent (nothing is confirmed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewShot {
    /// `review:order`: R$ 250,00 of BRLV to the first wallet, from the balance.
    Order,
    /// `review:transfer`: 25 BRLV from the first wallet to an outside address.
    Transfer,
    /// `review:withdrawal`: R$ 150,00 by PIX to a CPF key.
    Withdrawal,
    /// `review:claim`: R$ 100,00 from what the account can claim.
    Claim,
    /// `review:batch`: the payouts of the file given with `--payouts-file`.
    Batch,
}

/// The outside address a demo transfer goes to.
const DEMO_TRANSFER_TARGET: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
/// The PIX key a demo withdrawal pays (a CPF with valid check digits).
const DEMO_PIX_KEY: &str = "123.456.789-09";

impl ReviewShot {
    /// Reads the part after `review:`.
    pub fn parse(kind: &str) -> Option<ReviewShot> {
        match kind.trim().to_ascii_lowercase().as_str() {
            "order" => Some(ReviewShot::Order),
            "transfer" => Some(ReviewShot::Transfer),
            "withdrawal" => Some(ReviewShot::Withdrawal),
            "claim" => Some(ReviewShot::Claim),
            "batch" => Some(ReviewShot::Batch),
            _ => None,
        }
    }

    /// The view the review is drawn in.
    pub fn view(self) -> View {
        match self {
            ReviewShot::Order => View::Orders,
            ReviewShot::Transfer => View::Transfers,
            ReviewShot::Withdrawal | ReviewShot::Batch => View::Withdrawals,
            ReviewShot::Claim => View::Claims,
        }
    }

    /// Whether the review is on screen.
    pub fn is_open(self, state: &AppState) -> bool {
        match self {
            ReviewShot::Order => state.panels.orders.form.reviewing.is_some(),
            ReviewShot::Transfer => state.panels.transfers.reviewing.is_some(),
            ReviewShot::Withdrawal => state.panels.withdrawals.confirming.is_some(),
            ReviewShot::Claim => state.panels.claims.reviewing.is_some(),
            ReviewShot::Batch => state.panels.withdrawals.batch.confirming,
        }
    }

    /// One step towards the open review, once what it shows has loaded:
    /// fills the form and presses its send (an order first asks for its
    /// quote). `Err` says why the demo values were refused.
    pub fn stage(self, state: &mut AppState) -> Result<(), String> {
        if self.is_open(state) || !state.view_loaded(self.view()) {
            return Ok(());
        }
        let first_wallet = state
            .shared
            .data
            .wallets
            .value()
            .and_then(|wallets| wallets.first().map(|wallet| wallet.address.clone()));
        let refused = |errors: crate::app::form::FieldErrors| format!("{errors:?}");
        match self {
            ReviewShot::Order => {
                let Some(wallet) = first_wallet else {
                    return Ok(());
                };
                if state.shared.data.balance_brl.value().is_none() {
                    return Ok(());
                }
                let form = &mut state.panels.orders.form;
                form.open = true;
                if form.current_quote().is_none() {
                    if !form.quote_in_flight && form.quote_error.is_none() {
                        form.quote_draft.amount = "250".to_owned();
                        state.tell(
                            |panels| &mut panels.orders,
                            crate::app::features::orders::state::OrdersTold::NewQuote,
                        );
                    } else if let Some(failure) = &form.quote_error {
                        return Err(format!("the demo quote was refused: {failure:?}"));
                    }
                    return Ok(());
                }
                form.order_draft.target_wallet = wallet;
                form.order_draft.payment =
                    Some(brlv_core::api::model::PaymentMethod::AccountBalance);
                form.reviewing = Some(form.order_request().map_err(refused)?);
            }
            ReviewShot::Transfer => {
                let Some(wallet) = first_wallet else {
                    return Ok(());
                };
                if state.shared.data.balance_brlv.value().is_none() {
                    return Ok(());
                }
                let draft = &mut state.panels.transfers.draft;
                draft.source = wallet;
                draft.target = DEMO_TRANSFER_TARGET.to_owned();
                draft.amount = "25".to_owned();
                state.panels.transfers.reviewing = Some(draft.validate().map_err(refused)?);
            }
            ReviewShot::Withdrawal => {
                if state.shared.data.balance_brl.value().is_none() {
                    return Ok(());
                }
                let draft = &mut state.panels.withdrawals.draft;
                draft.method = brlv_core::api::model::WithdrawalMethod::Pix;
                draft.asset = brlv_core::api::model::Asset::FiatBrl;
                draft.amount = "150".to_owned();
                draft.pix_key = DEMO_PIX_KEY.to_owned();
                state.panels.withdrawals.confirming = Some(draft.validate().map_err(refused)?);
            }
            ReviewShot::Claim => {
                let claims = &mut state.panels.claims;
                claims.draft.amount = "100".to_owned();
                let available = claims.available(&state.shared.data.claimable);
                let request = claims.draft.validate(available).map_err(refused)?;
                claims.reviewing = Some((claims.wallet.clone(), request));
            }
            ReviewShot::Batch => {
                let batch = &state.panels.withdrawals.batch;
                match &batch.file {
                    Some(file) if file.sendable() => {
                        state.panels.withdrawals.batch.confirming = true;
                    }
                    Some(_) => return Err("the payouts file cannot be sent as it is".to_owned()),
                    None if batch.checking => {}
                    None => return Err("give the payouts file with --payouts-file".to_owned()),
                }
            }
        }
        Ok(())
    }
}

/// Reads `--view`: a view's name, or `order:ID` / `order:brcode` for one
/// order's detail (`brcode`: the newest brcode order awaiting payment), or
/// `overview:charts`, or `taxes:declaration` / `taxes:bens`, or
/// `review:KIND` ([`ReviewShot`]).
pub fn parse_view(raw: &str) -> Option<(View, Option<OrderSelector>)> {
    match raw.trim().split_once(':') {
        Some((prefix, order)) if prefix.eq_ignore_ascii_case("order") => {
            OrderSelector::parse(order).map(|selector| (View::Orders, Some(selector)))
        }
        Some(_) if review_shot(raw).is_some() => review_shot(raw).map(|shot| (shot.view(), None)),
        Some(_) if wants_charts(raw) => Some((View::Overview, None)),
        Some(_) if taxes_part(raw).is_some() => Some((View::Taxes, None)),
        Some(_) => None,
        None => View::from_name(raw).map(|view| (view, None)),
    }
}

/// The `--view` value of the first screen, shown before any account is open.
pub const FIRST_SCREEN: &str = "welcome";

/// Whether `--view` asks for the first screen (`welcome`).
pub fn wants_first_screen(raw: &str) -> bool {
    raw.trim().eq_ignore_ascii_case(FIRST_SCREEN)
}

/// The review `--view` asks opened (`review:order`, `review:transfer`,
/// `review:withdrawal`, `review:claim`, `review:batch`).
pub fn review_shot(raw: &str) -> Option<ReviewShot> {
    match raw.trim().split_once(':') {
        Some((prefix, kind)) if prefix.eq_ignore_ascii_case("review") => ReviewShot::parse(kind),
        _ => None,
    }
}

/// Whether `--view` asks for the Overview scrolled to its charts (`overview:charts`).
pub fn wants_charts(raw: &str) -> bool {
    raw.trim().eq_ignore_ascii_case("overview:charts")
}

/// The part of the Taxes view `--view` asks it scrolled to:
/// `taxes:declaration` (DeCripto, then the declaration) or `taxes:bens`
/// (Bens e Direitos with both columns, the CNPJ, the money at the service).
pub fn taxes_part(raw: &str) -> Option<TaxesPart> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "taxes:declaration" => Some(TaxesPart::Declaration),
        "taxes:bens" => Some(TaxesPart::Bens),
        _ => None,
    }
}

/// The screenshot in progress.
pub struct ScreenshotJob {
    request: ScreenshotRequest,
    deadline: Millis,
    settled_frames: u32,
    receiver: Option<mpsc::Receiver<Arc<ColorImage>>>,
    finished: bool,
    /// Why the review asked for could not be opened.
    review_refused: Option<String>,
}

impl ScreenshotJob {
    /// Starts waiting at `now`.
    pub fn new(request: ScreenshotRequest, now: Millis) -> ScreenshotJob {
        ScreenshotJob {
            request,
            deadline: now.saturating_add(LOAD_TIMEOUT_MS),
            settled_frames: 0,
            receiver: None,
            finished: false,
            review_refused: None,
        }
    }

    /// Before a frame is drawn: one step towards the review asked for.
    pub fn stage(&mut self, state: &mut AppState) {
        if let Some(shot) = self.request.review
            && self.review_refused.is_none()
            && let Err(reason) = shot.stage(state)
        {
            self.review_refused = Some(reason);
        }
    }

    /// Advances by one frame; `Some(exit code)` once, when the window should close.
    pub fn step(&mut self, ctx: &egui::Context, state: &AppState, now: Millis) -> Option<u8> {
        let outcome = self.advance(ctx, state, now);
        if self.finished {
            return None;
        }
        self.finished = outcome.is_some();
        outcome
    }

    fn advance(&mut self, ctx: &egui::Context, state: &AppState, now: Millis) -> Option<u8> {
        if self.finished {
            return None;
        }
        if self.receiver.is_some() || self.settled_frames > 0 {
            // Settling or waiting for the picture: draw at once.
            ctx.request_repaint();
        } else {
            // Waiting for data: the worker wakes the UI when Events arrive;
            // this only keeps the deadline checked (software rendering is dear).
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        if let Some(receiver) = &self.receiver {
            return match receiver.try_recv() {
                Ok(image) => Some(self.write(&image)),
                Err(mpsc::TryRecvError::Empty) if now <= self.deadline => None,
                Err(_) => {
                    eprintln!("error: the window's screenshot never arrived");
                    Some(1)
                }
            };
        }
        if let Some(reason) = &self.review_refused {
            eprintln!("error: the review could not be opened: {reason}");
            return Some(1);
        }
        if now > self.deadline {
            eprintln!(
                "error: the {} view's data did not load within {} s",
                self.request.view.name(),
                LOAD_TIMEOUT_MS / 1000
            );
            return Some(1);
        }
        let ready = if self.request.first_screen {
            state.shared.startup_finished
                && state.shared.shows_onboarding()
                && !state.shared.sandbox_starting
        } else {
            state.view_loaded(self.request.view)
                && state.view == self.request.view
                && self.request.review.is_none_or(|shot| shot.is_open(state))
        };
        if ready {
            self.settled_frames += 1;
        } else {
            self.settled_frames = 0;
        }
        if self.settled_frames >= SETTLE_FRAMES {
            let (sender, receiver) = mpsc::channel();
            ctx.request_screenshot(move |image| {
                let _ = sender.send(image);
            });
            self.receiver = Some(receiver);
        }
        None
    }

    fn write(&self, image: &ColorImage) -> u8 {
        if looks_blank(image) {
            eprintln!("error: the screenshot is blank (the window drew nothing)");
            return 1;
        }
        let [width, height] = image.size;
        let bytes: Vec<u8> = image
            .pixels
            .iter()
            .flat_map(|pixel| pixel.to_srgba_unmultiplied())
            .collect();
        let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
            eprintln!("error: the screenshot is too large");
            return 1;
        };
        let Some(buffer) = image::RgbaImage::from_raw(width, height, bytes) else {
            eprintln!("error: the screenshot has an unexpected size");
            return 1;
        };
        // A screenshot shows balances: written owner-only, like every file the app writes.
        let mut png = std::io::Cursor::new(Vec::new());
        let written = buffer
            .write_to(&mut png, image::ImageFormat::Png)
            .map_err(|error| error.to_string())
            .and_then(|()| {
                brlv_core::private_file::write(&self.request.path, png.into_inner())
                    .map_err(|error| error.to_string())
            });
        match written {
            Ok(()) => {
                eprintln!("wrote {}", self.request.path.display());
                0
            }
            Err(error) => {
                eprintln!(
                    "error: cannot write {}: {error}",
                    self.request.path.display()
                );
                1
            }
        }
    }
}

/// Whether an image has (almost) one color only: a window that drew nothing.
/// A dashboard with text has hundreds of shades from anti-aliasing alone.
pub fn looks_blank(image: &ColorImage) -> bool {
    let mut colors = std::collections::HashSet::new();
    for pixel in &image.pixels {
        colors.insert(pixel.to_array());
        if colors.len() > 16 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{ReviewShot, View, looks_blank, parse_view, review_shot};
    use egui::{Color32, ColorImage};

    #[test]
    fn a_review_is_named_after_its_kind_and_opens_in_its_view() {
        for (name, shot, view) in [
            ("review:order", ReviewShot::Order, View::Orders),
            ("review:transfer", ReviewShot::Transfer, View::Transfers),
            (
                "Review:Withdrawal",
                ReviewShot::Withdrawal,
                View::Withdrawals,
            ),
            ("review:claim", ReviewShot::Claim, View::Claims),
            ("review:batch", ReviewShot::Batch, View::Withdrawals),
        ] {
            assert_eq!(review_shot(name), Some(shot), "{name}");
            assert_eq!(parse_view(name), Some((view, None)), "{name}");
        }
        assert_eq!(review_shot("review:deposit"), None);
        assert_eq!(parse_view("review:deposit"), None);
        assert_eq!(review_shot("orders"), None);
    }

    #[test]
    fn a_uniform_image_is_blank_and_a_drawn_one_is_not() {
        let mut image = ColorImage::filled([64, 64], Color32::from_gray(27));
        assert!(looks_blank(&image));
        for (index, pixel) in image.pixels.iter_mut().enumerate().take(40) {
            *pixel = Color32::from_gray(u8::try_from(index * 5).unwrap_or(0));
        }
        assert!(!looks_blank(&image));
    }
}
