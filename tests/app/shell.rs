//! The shell's navigation: every view the enum declares is listed and
//! reached by a click, in both languages, and the shell draws it.

use egui_kittest::kittest::Queryable;

use brlv_desk::app::i18n::{self, Language};
use brlv_desk::app::view::{IntoEnumIterator, View};

use crate::support::ui::{connected_state, harness, settle};

#[test]
fn every_declared_view_is_reached_from_the_navigation_or_from_settings() {
    for language in [Language::En, Language::PtBr] {
        let mut harness = harness(connected_state(language));
        settle(&mut harness);
        let views: Vec<View> = View::iter().collect();
        assert_eq!(views.len(), 11);
        for view in views.iter().copied().filter(|view| view.in_navigation()) {
            let title = i18n::tr(language, view.title_key());
            // The navigation is drawn before the view, whose heading may repeat the title.
            let entry = harness.get_all_by_label(title.as_ref()).next();
            entry.expect("listed in the navigation").click();
            settle(&mut harness);
            assert_eq!(harness.state().view, view, "{title}");
            assert_eq!(View::from_name(view.name()), Some(view));
        }
        // Events, for developers, is not in the menu: Settings' Advanced
        // section opens it.
        assert_eq!(
            views
                .iter()
                .filter(|view| !view.in_navigation())
                .collect::<Vec<_>>(),
            vec![&View::Events]
        );
        let events = i18n::tr(language, View::Events.title_key());
        assert!(harness.query_by_label(events.as_ref()).is_none());
        let settings = i18n::tr(language, View::Settings.title_key());
        harness
            .get_all_by_label(settings.as_ref())
            .next()
            .unwrap()
            .click();
        settle(&mut harness);
        harness
            .get_by_label(i18n::tr(language, "advanced.title").as_ref())
            .click_accesskit();
        settle(&mut harness);
        harness
            .get_by_label(i18n::tr(language, "advanced.open_events").as_ref())
            .click_accesskit();
        settle(&mut harness);
        assert_eq!(harness.state().view, View::Events);
        assert_eq!(View::from_name("events"), Some(View::Events));
    }
}
