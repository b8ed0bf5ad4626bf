//! The workspace's module graphs, read from the source: no circle of
//! imports in any package, every file imports only its own layer or those
//! below it (the tables are [`layers::PACKAGES`]), nothing at or below
//! the app's data draws with egui, and no feature of the app names another
//! feature's module but its messages. It builds only a parser (syn), so
//! `.ci/run` runs it in seconds, before the long build, and a circle fails
//! CI by name.
#![forbid(unsafe_code)]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod graph;
pub mod layers;

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use crate::graph::Graph;
    use crate::layers::{self, APP, APP_LAYERS, PACKAGES, Package};

    /// The layers that must not draw: everything up to the app's data.
    const NO_EGUI_UP_TO: &str = "the app's data (no egui, no AppState)";

    /// The crates that draw.
    const DRAWING_CRATES: &[&str] = &["egui", "eframe", "egui_extras", "egui_plot"];

    /// The workspace's root: two folders above this package.
    fn workspace_root() -> PathBuf {
        let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        here.ancestors()
            .nth(2)
            .map(Path::to_path_buf)
            .unwrap_or(here)
    }

    fn package_graph(package: &Package) -> Graph {
        Graph::read(&workspace_root().join(package.folder), package.library_name)
            .expect("the package's source reads")
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
        let last = APP_LAYERS
            .iter()
            .position(|layer| layer.name == NO_EGUI_UP_TO)
            .expect("the app's data is a layer");
        graph
            .outside
            .iter()
            .filter(|(file, _)| {
                layers::layer_of(APP_LAYERS, file).is_some_and(|layer| layer <= last)
            })
            .flat_map(|(file, crates)| {
                crates
                    .iter()
                    .filter(|name| DRAWING_CRATES.contains(&name.as_str()))
                    .map(move |name| format!("{file} uses {name}"))
            })
            .collect()
    }

    #[test]
    fn no_file_of_any_package_imports_itself_back_through_others() {
        for package in PACKAGES {
            let graph = package_graph(package);
            assert!(
                graph.files.len() > 20,
                "the files of {} were read: {}",
                package.library_name,
                graph.files.len()
            );
            let circles = circles_of(&graph);
            assert!(
                circles.is_empty(),
                "imports in {} must not run in a circle: move the type or helper that ties \
             them to the file (or layer) below both.\n{}",
                package.library_name,
                circles.join("\n")
            );
        }
    }

    #[test]
    fn every_file_imports_only_its_own_layer_and_those_below() {
        for package in PACKAGES {
            let up = layers::imports_up(package.layers, &package_graph(package));
            assert!(
                up.is_empty(),
                "a file of {} imports from a layer above its own (see \
             crates/brlv-layers/src/layers.rs):\n{}",
                package.library_name,
                up.join("\n")
            );
        }
    }

    #[test]
    fn no_feature_imports_another_features_module_but_its_messages() {
        let across = layers::imports_across_features(&package_graph(&APP));
        assert!(
            across.is_empty(),
            "a feature names another feature's module: what two features share lives \
             below both (the panel kit, the design system, the app's data, the tax year), \
             and an effect that crosses features is a message:\n{}",
            across.join("\n")
        );
    }

    #[test]
    fn nothing_below_the_design_system_draws() {
        let drawing = drawing_below_the_widgets(&package_graph(&APP));
        assert!(
            drawing.is_empty(),
            "the app's base and data use no egui:\n{}",
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
    fn a_feature_reaching_into_another_is_refused_and_its_messages_are_not() {
        let root = package(&[
            ("src/lib.rs", "pub mod app;\n"),
            ("src/app/mod.rs", "pub mod features;\n"),
            (
                "src/app/features/mod.rs",
                "pub mod claims;\npub mod journal;\npub mod shared_rows;\n",
            ),
            ("src/app/features/shared_rows.rs", "pub struct Rows;\n"),
            (
                "src/app/features/journal/mod.rs",
                "pub mod message;\npub mod state;\n",
            ),
            (
                "src/app/features/journal/message.rs",
                "pub enum JournalCommand { ReadTax }\n",
            ),
            (
                "src/app/features/journal/state.rs",
                "pub struct JournalState;\n",
            ),
            ("src/app/features/claims/mod.rs", "pub mod view;\n"),
            (
                "src/app/features/claims/view.rs",
                "use crate::app::features::journal::message::JournalCommand;\n\
                 use crate::app::features::journal::state::JournalState;\n\
                 use crate::app::features::shared_rows::Rows;\n\
                 pub fn draw(_: JournalCommand, _: JournalState, _: Rows) {}\n",
            ),
        ]);
        let graph = Graph::read(root.path(), "brlv_desk").unwrap();
        let across = layers::imports_across_features(&graph);
        assert_eq!(
            across,
            vec![
                "src/app/features/claims/view.rs (the claims feature) imports \
                 src/app/features/journal/state.rs (the journal feature's): JournalState"
                    .to_owned()
            ]
        );
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
        let up = layers::imports_up(APP_LAYERS, &graph);
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
}
