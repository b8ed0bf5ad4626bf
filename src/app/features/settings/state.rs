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
