//! Live regions: text that appears without a click (a payment received, an
//! error, offline, a confirmation) is announced by screen readers.

use egui::Response;
use egui::accesskit::Live;

/// Marks `response` as a live region: a screen reader says its text when it
/// appears or changes, `urgent` ones at once, the others when it is quiet.
pub fn live_region(response: &Response, urgent: bool) {
    let live = if urgent {
        Live::Assertive
    } else {
        Live::Polite
    };
    response
        .ctx
        .accesskit_node_builder(response.id, |node| node.set_live(live));
}
