//! Settings as the person is editing them.

/// Settings as the person is editing them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsState {
    /// The profile whose deletion awaits a confirming click.
    pub confirm_delete: Option<String>,
    /// The list budget chosen, in MiB; `None` keeps the default.
    pub list_budget_mib: Option<u64>,
}
