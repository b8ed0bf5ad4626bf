//! The shell's navigation: every view the enum declares is listed and
//! reached by a click, in both languages, and the shell draws it.

use egui_kittest::kittest::Queryable;

use brlv_desk::app::i18n::{self, Language};
use brlv_desk::app::view::{IntoEnumIterator, View};

use crate::support::ui::{connected_state, harness, settle};

#[test]
fn every_declared_view_is_reached_from_the_navigation() {
    for language in [Language::En, Language::PtBr] {
        let mut harness = harness(connected_state(language));
        settle(&mut harness);
        let views: Vec<View> = View::iter().collect();
        assert_eq!(views.len(), 11);
        for view in views {
            let title = i18n::tr(language, view.title_key());
            // The navigation is drawn before the view, whose heading may repeat the title.
            let entry = harness.get_all_by_label(title.as_ref()).next();
            entry.expect("listed in the navigation").click();
            settle(&mut harness);
            assert_eq!(harness.state().view, view, "{title}");
            assert_eq!(View::from_name(view.name()), Some(view));
        }
    }
}
