//! A row of the extrato opens its record where the record lives: its panel,
//! with it selected, and that panel's filters cleared so the record is in
//! the list shown. The extrato as shown is saved as OFX or CSV through the
//! path every export takes (the system's dialog or a typed path, then the
//! worker).

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::app::dialog::DialogPurpose;
use crate::app::export::ExtratoFormat;
use crate::app::features::claims::state::ClaimsEvent;
use crate::app::features::deposits::state::DepositsEvent;
use crate::app::features::transfers::state::TransfersEvent;
use crate::app::features::withdrawals::state::WithdrawalsEvent;
use crate::app::message::Command;
use crate::app::remote::Remote;
use crate::app::resources::DEPOSIT_ASSETS;
use crate::app::state::{AppState, View};

use super::export::{ExtratoFileRequest, ExtratoSnapshot, KnownBalance};
use super::model::Source;
use super::state::ActivityView;

impl AppState {
    /// Shows the record `source` points at (of id `id`) in its own panel.
    pub fn open_movement(&mut self, source: Source, id: Uuid) {
        match source {
            Source::Order(_) => {
                self.view = View::Orders;
                self.select_order(Some(id));
            }
            Source::Transfer(_) => {
                self.view = View::Transfers;
                self.tell(|state| &mut state.transfers, TransfersEvent::Show(id));
            }
            Source::Withdrawal(_) => {
                self.view = View::Withdrawals;
                self.tell(|state| &mut state.withdrawals, WithdrawalsEvent::Show(id));
            }
            Source::Deposit(list, _) => {
                self.view = View::Deposits;
                if let Some(asset) = DEPOSIT_ASSETS.get(usize::from(list)) {
                    let asset = asset.clone();
                    self.tell(
                        |state| &mut state.deposits,
                        DepositsEvent::Show { asset, id },
                    );
                }
            }
            Source::Claim(_) => {
                self.view = View::Claims;
                self.tell(|state| &mut state.claims, ClaimsEvent::Show(id));
            }
        }
    }

    /// The balances the service reported, each with when it was true: a
    /// saved copy's time, else when it arrived.
    fn known_balances(&self) -> Vec<KnownBalance> {
        let data = &self.data;
        let known = |ticker: &str, remote: &Remote<Decimal>| {
            let loaded = remote.loaded()?;
            let age = self.now.saturating_sub(loaded.fetched_at);
            let arrived =
                self.wall_now - time::Duration::milliseconds(i64::try_from(age).unwrap_or(0));
            Some(KnownBalance {
                ticker: ticker.to_owned(),
                amount: loaded.value,
                at: loaded.saved_at.unwrap_or(arrived),
            })
        };
        [
            known("BRL", &data.balance_brl),
            known("USDC", &data.balance_usdc),
            known("BRLV", &data.balance_brlv),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The extrato as `view` shows it, ready to be written as a file.
    pub fn extrato_snapshot(&self, view: &ActivityView) -> ExtratoSnapshot {
        ExtratoSnapshot {
            sources: view.sources.clone(),
            timeline: std::sync::Arc::clone(&view.timeline),
            filtered: std::sync::Arc::clone(&view.filtered),
            filter: view.filter.clone(),
            balances: self.known_balances(),
            language: self.language,
            now: self.wall_now,
        }
    }

    /// Saves the extrato as shown as `format`: to the file chosen in the
    /// system's dialog (asked for by the save bar), or to the typed path.
    pub fn export_extrato(&mut self, format: ExtratoFormat, snapshot: ExtratoSnapshot) {
        if std::mem::take(&mut self.activity.export.dialog_asked) {
            self.activity.pending_export = Some(snapshot);
            self.choose_file(DialogPurpose::ExportExtrato(format));
            return;
        }
        if let Some(path) = self.activity.export.start() {
            self.push(Command::ExportExtrato(ExtratoFileRequest {
                path,
                format,
                snapshot,
            }));
        }
    }

    /// A file was chosen for the extrato saved as `format`: it is written
    /// from what was shown when the save was asked for.
    pub fn extrato_file_chosen(&mut self, format: ExtratoFormat, path: &std::path::Path) {
        let Some(snapshot) = self.activity.pending_export.take() else {
            return;
        };
        self.activity.export.path = path.display().to_string();
        if let Some(path) = self.activity.export.start() {
            self.push(Command::ExportExtrato(ExtratoFileRequest {
                path,
                format,
                snapshot,
            }));
        }
    }
}
