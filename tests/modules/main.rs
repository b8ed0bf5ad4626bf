//! The crate's module graph, read from its source: no circle of imports
//! anywhere in `src/`, every file imports only its own layer or those below
//! it (the rule `src/app/mod.rs` states; the table is [`layers::LAYERS`]),
//! and nothing at or below the app's data draws with egui. `.ci/run` runs
//! it as its own step, so a circle fails CI by name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod graph;
mod layers;

use std::path::Path;

use graph::Graph;

/// The layers that must not draw: everything up to the app's data.
const NO_EGUI_UP_TO: &str = "the app's data (no egui, no AppState)";

/// The crates that draw.
const DRAWING_CRATES: &[&str] = &["egui", "eframe", "egui_extras", "egui_plot"];

fn crate_graph() -> Graph {
    Graph::read(&graph::package_root(), "brlv_desk").expect("the crate's source reads")
}

fn circles_of(graph: &Graph) -> Vec<String> {
    graph
        .circles()
        .iter()
        .map(|circle| {
            format!(
                "a circle of {} files:\n  {}",
                circle.len(),
                graph.describe(circle).join("\n  ")
            )
        })
        .collect()
}

fn drawing_below_the_widgets(graph: &Graph) -> Vec<String> {
    let last = layers::LAYERS
        .iter()
        .position(|layer| layer.name == NO_EGUI_UP_TO)
        .expect("the app's data is a layer");
    graph
        .outside
        .iter()
        .filter(|(file, _)| layers::layer_of(file).is_some_and(|layer| layer <= last))
        .flat_map(|(file, crates)| {
            crates
                .iter()
                .filter(|name| DRAWING_CRATES.contains(&name.as_str()))
                .map(move |name| format!("{file} uses {name}"))
        })
        .collect()
}

#[test]
fn no_file_of_the_crate_imports_itself_back_through_others() {
    let graph = crate_graph();
    assert!(
        graph.files.len() > 100,
        "the crate's files were read: {}",
        graph.files.len()
    );
    let circles = circles_of(&graph);
    assert!(
        circles.is_empty(),
        "imports must not run in a circle: move the type or helper that ties \
         them to the file (or layer) below both.\n{}",
        circles.join("\n")
    );
}

#[test]
fn every_file_imports_only_its_own_layer_and_those_below() {
    let up = layers::imports_up(&crate_graph());
    assert!(
        up.is_empty(),
        "a file imports from a layer above its own (see LAYERS in \
         tests/modules/layers.rs and src/app/mod.rs):\n{}",
        up.join("\n")
    );
}

#[test]
fn nothing_below_the_design_system_draws() {
    let drawing = drawing_below_the_widgets(&crate_graph());
    assert!(
        drawing.is_empty(),
        "the crate's core and the app's data use no egui:\n{}",
        drawing.join("\n")
    );
}

/// A package of a few files, written into a scratch folder.
fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("a scratch folder");
    for (path, text) in files {
        let path = root.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).unwrap();
        std::fs::write(path, text).unwrap();
    }
    root
}

#[test]
fn a_circle_is_found_and_named_through_re_exports_and_paths() {
    let root = package(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("src/a.rs", "use crate::b::Beta;\npub struct Alpha(Beta);\n"),
        // A re-export is followed to the file that defines the item.
        ("src/b.rs", "pub use crate::c::Beta;\n"),
        (
            "src/c.rs",
            "pub struct Beta;\npub fn gamma() { let _ = crate::a::Alpha; }\n",
        ),
    ]);
    let graph = Graph::read(root.path(), "brlv_desk").unwrap();
    assert_eq!(
        graph.circles(),
        vec![vec!["src/a.rs".to_owned(), "src/c.rs".to_owned()]]
    );
    let found = circles_of(&graph).join("\n");
    assert!(found.contains("src/a.rs -> src/c.rs: Beta"), "{found}");
    assert!(found.contains("src/c.rs -> src/a.rs: Alpha"), "{found}");
}

#[test]
fn a_folder_face_that_defines_what_its_files_use_is_a_circle_and_tests_are_not_read() {
    let root = package(&[
        ("src/lib.rs", "pub mod shop;\n"),
        (
            "src/shop/mod.rs",
            "mod till;\npub use till::sell;\npub struct Price;\n",
        ),
        (
            "src/shop/till.rs",
            "pub fn sell() -> super::Price { super::Price }\n",
        ),
    ]);
    let graph = Graph::read(root.path(), "brlv_desk").unwrap();
    assert_eq!(graph.circles().len(), 1, "{:?}", graph.edges);

    let root = package(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "src/a.rs",
            "pub struct Alpha;\n#[cfg(test)]\nmod tests { use crate::b::Beta; }\n",
        ),
        (
            "src/b.rs",
            "use crate::a::Alpha;\npub struct Beta(Alpha);\n",
        ),
    ]);
    let graph = Graph::read(root.path(), "brlv_desk").unwrap();
    assert!(graph.circles().is_empty(), "{:?}", graph.edges);
}

#[test]
fn a_widget_reaching_up_to_the_state_and_data_drawing_are_both_refused() {
    let root = package(&[
        ("src/lib.rs", "pub mod app;\n"),
        (
            "src/app/mod.rs",
            "pub mod state;\npub mod ui;\npub mod clock;\n",
        ),
        ("src/app/state.rs", "pub struct AppState;\n"),
        ("src/app/ui/mod.rs", "pub mod badge;\n"),
        (
            "src/app/ui/badge.rs",
            "use crate::app::state::AppState;\npub fn badge_ui(_: &AppState) {}\n",
        ),
        ("src/app/clock.rs", "pub fn now(_: &egui::Context) {}\n"),
    ]);
    let graph = Graph::read(root.path(), "brlv_desk").unwrap();
    let up = layers::imports_up(&graph);
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(
        up[0].starts_with("src/app/ui/badge.rs (the design system"),
        "{up:?}"
    );
    assert_eq!(
        drawing_below_the_widgets(&graph),
        vec!["src/app/clock.rs uses egui".to_owned()]
    );
}
