//! Settings as the person is editing them.

/// Settings as the person is editing them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsState {
    /// The profile whose deletion awaits a confirming click.
    pub confirm_delete: Option<String>,
    /// The list budget chosen, in MiB; `None` keeps the default.
    pub list_budget_mib: Option<u64>,
    /// The line that the service's API v0 is deprecated was dismissed (for this run).
    pub api_notice_dismissed: bool,
    /// The open profile's account holder as typed.
    pub holder: HolderDraft,
}

/// The account holder's fields as typed, for one profile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HolderDraft {
    /// The profile the fields were filled for; another profile's open
    /// fills them again from what it keeps.
    pub profile: Option<String>,
    /// The holder's name as typed.
    pub name: String,
    /// Their CPF or CNPJ as typed.
    pub document: String,
    /// Why the last Save was refused.
    pub problem: Option<String>,
}

impl HolderDraft {
    /// Fills the fields from `saved` when `profile` is not the one they
    /// were filled for.
    pub fn follow(&mut self, profile: &str, saved: Option<&brlv_core::profile::AccountHolder>) {
        if self.profile.as_deref() == Some(profile) {
            return;
        }
        *self = HolderDraft {
            profile: Some(profile.to_owned()),
            name: saved.map(|holder| holder.name.clone()).unwrap_or_default(),
            document: saved
                .map(|holder| crate::app::format::document_formatted(&holder.document))
                .unwrap_or_default(),
            problem: None,
        };
    }
}

/// What Settings is told.
#[derive(Debug)]
pub enum SettingsTold {
    /// The saved profiles changed: a question about one that is gone is dropped.
    ProfilesChanged,
    /// The list budget kept from the last run: chosen again, and the worker told.
    ListBudgetRestored(u64),
}

impl SettingsState {
    /// The list budget chosen, or the default, in MiB.
    pub fn list_budget(&self) -> u64 {
        self.list_budget_mib
            .unwrap_or(crate::app::resources::DEFAULT_LIST_BUDGET_MIB)
    }
}
