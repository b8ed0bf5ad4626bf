//! The layers of the crate, bottom to top: a file may import from its own
//! layer and the layers below it, never from one above. The rule is the
//! one `src/app/mod.rs` states; this table is where it is kept.

use crate::graph::Graph;

/// One layer: its name and the paths that place a file in it. A path
/// ending in `/` is a folder and everything under it; `*` stands for one
/// folder's name. A file belongs to the layer of the longest path that
/// takes it in, so a narrow path overrides a folder.
pub struct Layer {
    /// What the layer is.
    pub name: &'static str,
    /// The paths it holds.
    pub paths: &'static [&'static str],
}

/// The layers, bottom to top.
pub const LAYERS: &[Layer] = &[
    Layer {
        name: "the crate's core (money, addresses, PIX, the journal store, profiles)",
        paths: &["src/"],
    },
    Layer {
        name: "the service's interface and what is built on it (the client, the command line, the tax year, OFX)",
        paths: &[
            "src/api/",
            "src/seal.rs",
            "src/webhook.rs",
            "src/recipients.rs",
            "src/call.rs",
            "src/journal_cli.rs",
            "src/journal_send.rs",
            "src/keystore/",
            "src/tax/",
            "src/ofx.rs",
        ],
    },
    Layer {
        name: "the sandbox",
        paths: &["src/sandbox/"],
    },
    Layer {
        name: "the app's data (no egui, no AppState)",
        paths: &["src/app/"],
    },
    Layer {
        name: "the design system (egui widgets, no app state)",
        paths: &["src/app/ui/"],
    },
    Layer {
        name: "the features' models (state, rules, drafts, messages)",
        paths: &["src/app/features/"],
    },
    Layer {
        name: "the app's root (Command and Event, then AppState)",
        paths: &["src/app/message.rs", "src/app/state.rs"],
    },
    Layer {
        name: "what applies Events to AppState, draws it, or runs a feature's calls",
        paths: &[
            "src/app/features/*/apply.rs",
            "src/app/features/*/view.rs",
            "src/app/features/*/view/",
            "src/app/features/*/task.rs",
        ],
    },
    Layer {
        name: "the worker",
        paths: &["src/app/worker/"],
    },
    Layer {
        name: "the window and the program",
        paths: &[
            "src/app/shell/",
            "src/app/mod.rs",
            "src/app/screenshot.rs",
            "src/main.rs",
            "src/profile_cli.rs",
            "src/extrato_cli.rs",
        ],
    },
];

/// Whether `pattern` takes in `file`; how long a match it is.
fn matches(pattern: &str, file: &str) -> Option<usize> {
    let folder = pattern.ends_with('/');
    let pattern_parts: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
    let file_parts: Vec<&str> = file.split('/').collect();
    let fits = if folder {
        file_parts.len() > pattern_parts.len()
    } else {
        file_parts.len() == pattern_parts.len()
    };
    let same = pattern_parts
        .iter()
        .zip(&file_parts)
        .all(|(want, part)| *want == "*" || want == part);
    (fits && same).then_some(pattern.len())
}

/// The layer `file` is in (its index in [`LAYERS`]), if any.
pub fn layer_of(file: &str) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(index, layer)| {
            layer
                .paths
                .iter()
                .filter_map(move |path| matches(path, file).map(|length| (length, index)))
        })
        .max_by_key(|(length, _)| *length)
        .map(|(_, index)| index)
}

/// Every import from a layer up to a higher one, one line each.
pub fn imports_up(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, targets) in &graph.edges {
        let Some(low) = layer_of(from) else {
            continue;
        };
        for (to, names) in targets {
            let Some(high) = layer_of(to) else {
                continue;
            };
            if high > low {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                found.push(format!(
                    "{from} ({}) imports {to} ({}): {}",
                    LAYERS[low].name,
                    LAYERS[high].name,
                    names.join(", ")
                ));
            }
        }
    }
    found
}
