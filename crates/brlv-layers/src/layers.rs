//! The layers of each package, bottom to top: a file may import from its
//! own layer and the layers below it, never from one above. This file is
//! the one place the layers are written; `src/app/mod.rs` and
//! docs/architecture.md point here.

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

/// A package of the workspace and its layers, bottom to top.
pub struct Package {
    /// Its folder, from the workspace's root (`""` for the app at the root).
    pub folder: &'static str,
    /// Its library's name, as its binary (if any) names it.
    pub library_name: &'static str,
    /// Its layers, bottom to top.
    pub layers: &'static [Layer],
}

/// Every package of the workspace that holds the program's code. The
/// compiler keeps the packages apart (the app on the sandbox on the core);
/// these tables keep the layers inside each.
pub const PACKAGES: &[Package] = &[CORE, SANDBOX, APP];

/// `crates/brlv-core`: money, addresses, PIX, the journal store and
/// profiles, below the service's interface and what is built on it.
pub const CORE: Package = Package {
    folder: "crates/brlv-core",
    library_name: "brlv_core",
    layers: &[
        Layer {
            name: "the core's base (money, addresses, PIX, the journal store, profiles, the network path)",
            paths: &["src/"],
        },
        Layer {
            name: "the service's interface and what is built on it (the client, sealing, the keystore, the tax year, OFX, payouts from a file, the update feed and names that look alike, both shown through the interface's safe text)",
            paths: &[
                "src/api/",
                "src/update/",
                "src/look_alike.rs",
                "src/journal_send.rs",
                "src/credentials.rs",
                "src/payouts/",
                "src/payment_stage.rs",
                "src/seal.rs",
                "src/profile_binding.rs",
                "src/recipients.rs",
                "src/keystore/",
                "src/tax/",
                "src/ofx.rs",
            ],
        },
    ],
};

/// `crates/brlv-sandbox`: one layer; its files may use each other freely
/// as long as they draw no circle.
pub const SANDBOX: Package = Package {
    folder: "crates/brlv-sandbox",
    library_name: "brlv_sandbox",
    layers: &[Layer {
        name: "the sandbox",
        paths: &["src/"],
    }],
};

/// The app, the workspace's root package.
pub const APP: Package = Package {
    folder: "",
    library_name: "brlv_desk",
    layers: APP_LAYERS,
};

/// The app's layers, bottom to top (`src/app/mod.rs` and
/// docs/architecture.md point here rather than repeat them).
pub const APP_LAYERS: &[Layer] = &[
    Layer {
        name: "the app's base (the library's root, the webhook listener, the commands that need no window)",
        paths: &["src/"],
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
        name: "the features' models (state, rules, drafts, messages), the cache their figures are kept in and the tax year several of them read",
        paths: &["src/app/features/", "src/app/cache.rs", "src/app/tax_year/"],
    },
    Layer {
        name: "the app's root (Command and Event, the panel kit with the shared half, the panels, then AppState)",
        paths: &[
            "src/app/message.rs",
            "src/app/overwrite.rs",
            "src/app/panel/",
            "src/app/panels.rs",
            "src/app/state.rs",
        ],
    },
    Layer {
        name: "the panels' views (each `impl Panel`) and the features' worker calls",
        paths: &[
            "src/app/features/*/view.rs",
            "src/app/features/*/view/",
            "src/app/features/*/review.rs",
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
            "src/cli/profile.rs",
            "src/cli/extrato.rs",
            "src/cli/payouts.rs",
            "src/cli/tax_report.rs",
        ],
    },
];

/// The folder of the features: each folder in it is one feature.
pub const FEATURES: &str = "src/app/features/";

/// The one module of a feature that another feature may name: its
/// messages, the Commands and Events it takes (the app's message enums
/// carry them, so they are every feature's vocabulary). Anything else two
/// features share lives below them all (the panel kit, the design system,
/// the app's data, the tax year).
pub const FEATURE_MESSAGES: &str = "message.rs";

/// The feature `file` belongs to: its folder under [`FEATURES`] (a file
/// directly in that folder belongs to none).
pub fn feature_of(file: &str) -> Option<&str> {
    let inside = file.strip_prefix(FEATURES)?;
    let (feature, _) = inside.split_once('/')?;
    Some(feature)
}

/// Every import from a file of one feature into a module of another (its
/// messages aside), one line each.
pub fn imports_across_features(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, targets) in &graph.edges {
        let Some(importer) = feature_of(from) else {
            continue;
        };
        for (to, names) in targets {
            let Some(owner) = feature_of(to) else {
                continue;
            };
            let messages = format!("{FEATURES}{owner}/{FEATURE_MESSAGES}");
            if owner != importer && *to != messages {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                found.push(format!(
                    "{from} (the {importer} feature) imports {to} (the {owner} feature's): {}",
                    names.join(", ")
                ));
            }
        }
    }
    found
}

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

/// The layer `file` is in (its index in `layers`), if any.
pub fn layer_of(layers: &[Layer], file: &str) -> Option<usize> {
    layers
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
pub fn imports_up(layers: &[Layer], graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, targets) in &graph.edges {
        let Some(low) = layer_of(layers, from) else {
            continue;
        };
        for (to, names) in targets {
            let Some(high) = layer_of(layers, to) else {
                continue;
            };
            if high > low {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                found.push(format!(
                    "{from} ({}) imports {to} ({}): {}",
                    layers[low].name,
                    layers[high].name,
                    names.join(", ")
                ));
            }
        }
    }
    found
}
