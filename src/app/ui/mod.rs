//! The design system: reusable pieces that know nothing of the app's state.
//! An amount, a gauge, a colored state badge, a
//! countdown, a QR code, form fields and their send button, a record's
//! detail grid, a virtualized table of records, and a spinner that waits
//! without drawing every frame. What they write comes
//! from `app::format`.

pub mod amount;
pub mod arrange;
pub mod badge;
pub mod context;
pub mod countdown;
pub mod detail;
pub mod fields;
pub mod focus;
pub mod gauge;
pub mod language;
pub mod live;
pub mod order_badge;
pub mod palette;
pub mod passphrase;
pub mod qr;
pub mod review;
pub mod save_bar;
pub mod shortcuts;
pub mod submit;
pub mod table;
pub mod ted;
pub mod theme;
pub mod waiting;

pub use amount::{amount_ui, asset_amount_ui};
pub use badge::{Tone, badge_ui, badge_width, state_tone, text_width};
pub use countdown::{countdown_words, format_countdown, request_countdown_frame};
pub use detail::{
    DetailRow, copy_button_ui, detail_grid_ui, detail_row_ui, record_detail_ui,
    set_technical_values, technical_values_setting_ui, technical_values_shown,
};
pub use fields::{
    FieldMessage, address_field_ui, amount_field_ui, choice_ui, error_text_ui, field_message,
    field_message_ui, note_ui, option_filter_ui, pix_key_field_ui, section_ui, text_field_ui,
    wallet_choice_ui, wallet_choices,
};
pub use gauge::gauge_ui;
pub use language::language_picker_ui;
pub use live::live_region;
pub use qr::qr_code_ui;
pub use save_bar::{
    SaveBarKeys, SaveChoice, dialog_button_ui, export_bar_ui, save_bar_ui, save_result_ui,
    set_typed_paths, typed_path_ui, typed_paths_setting_ui, typed_paths_shown, unavailable_note_ui,
};
pub use submit::{send_button_ui, sent_ui, submit_status_ui};
pub use table::{
    Cell, RecordList, list_status_ui, record_list_ui, resource_table_ui, saved_copy_ui,
};
pub use waiting::spinner_ui;
