//! The crate's module graph as its source draws it: which file uses which,
//! read from `use` declarations and from paths in the code (macro bodies
//! included), each resolved through the module tree and any re-export to
//! the file that defines the item it names. Method calls are not followed
//! (the type of a receiver is the compiler's to know), nor doc links.
//!
//! Tests are left out: a `#[cfg(test)]` module, in its own file or
//! written inside another, is not part of the program's graph.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::visit::Visit;

/// Who uses whom, by file (paths from the package root, `/`-separated).
#[derive(Debug, Default)]
pub struct Graph {
    /// Every file read.
    pub files: BTreeSet<String>,
    /// `from -> to -> the names from takes from to`.
    pub edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
    /// `file -> the crates outside this one it names` (`std`, `egui`…).
    pub outside: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    /// Reads the package at `root`: the library from `src/lib.rs`, and the
    /// binary from `src/main.rs` (where the library is `library_name`).
    pub fn read(root: &Path, library_name: &str) -> Result<Graph, String> {
        let mut tree = Tree::default();
        let library = tree.load_crate(root, &root.join("src/lib.rs"))?;
        let main = root.join("src/main.rs");
        if main.exists() {
            let binary = tree.load_crate(root, &main)?;
            tree.extern_crates
                .insert((binary, library_name.to_owned()), library);
        }
        Ok(tree.graph())
    }

    /// The circles: every group of two files or more that reach each other
    /// through their imports (strongly connected components), each sorted,
    /// biggest first.
    pub fn circles(&self) -> Vec<Vec<String>> {
        let mut circles = strongly_connected(&self.files, &self.edges);
        circles.retain(|group| group.len() > 1);
        for group in &mut circles {
            group.sort();
        }
        circles.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        circles
    }

    /// The arrows inside `group`, with their names, one line each.
    pub fn describe(&self, group: &[String]) -> Vec<String> {
        let members: HashSet<&String> = group.iter().collect();
        let mut lines = Vec::new();
        for from in group {
            for (to, names) in self.edges.get(from).into_iter().flatten() {
                if members.contains(to) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    lines.push(format!("{from} -> {to}: {}", names.join(", ")));
                }
            }
        }
        lines
    }
}

/// Tarjan's algorithm, iterative.
fn strongly_connected(
    nodes: &BTreeSet<String>,
    edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
) -> Vec<Vec<String>> {
    let names: Vec<&String> = nodes.iter().collect();
    let index_of: HashMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let successors: Vec<Vec<usize>> = names
        .iter()
        .map(|name| {
            edges
                .get(*name)
                .map(|to| to.keys().filter_map(|n| index_of.get(n).copied()).collect())
                .unwrap_or_default()
        })
        .collect();
    let count = names.len();
    let mut index = vec![usize::MAX; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut groups = Vec::new();
    for start in 0..count {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (node, ref mut child)) = work.last_mut() {
            if *child == 0 && index[node] == usize::MAX {
                index[node] = next;
                low[node] = next;
                next += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&successor) = successors[node].get(*child) {
                *child += 1;
                if index[successor] == usize::MAX {
                    work.push((successor, 0));
                } else if on_stack[successor] {
                    low[node] = low[node].min(index[successor]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut group = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    group.push(names[member].clone());
                    if member == node {
                        break;
                    }
                }
                groups.push(group);
            }
        }
    }
    groups
}

/// One module: a file, or a `mod name { … }` inside one.
#[derive(Debug, Default)]
struct Module {
    file: String,
    parent: Option<usize>,
    root: usize,
    children: HashMap<String, usize>,
    items: HashSet<String>,
    uses: HashMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
    references: Vec<Vec<String>>,
}

#[derive(Debug, Default)]
struct Tree {
    modules: Vec<Module>,
    files: BTreeSet<String>,
    /// `(crate root, name) -> the root of that crate` (the binary's library).
    extern_crates: HashMap<(usize, String), usize>,
}

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Module(usize),
    Item(usize),
}

impl Tree {
    fn load_crate(&mut self, root: &Path, file: &Path) -> Result<usize, String> {
        let index = self.modules.len();
        self.modules.push(Module {
            root: index,
            ..Module::default()
        });
        let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
        self.load_file(root, index, file, &folder)?;
        Ok(index)
    }

    /// Reads `file` as the body of module `index`; its `mod x;` children
    /// are looked for in `folder`.
    fn load_file(
        &mut self,
        root: &Path,
        index: usize,
        file: &Path,
        folder: &Path,
    ) -> Result<(), String> {
        let text = std::fs::read_to_string(file)
            .map_err(|error| format!("{}: {error}", file.display()))?;
        let parsed =
            syn::parse_file(&text).map_err(|error| format!("{}: {error}", file.display()))?;
        let name = file
            .strip_prefix(root)
            .unwrap_or(file)
            .to_string_lossy()
            .replace('\\', "/");
        self.files.insert(name.clone());
        self.modules[index].file = name;
        self.load_items(root, index, &parsed.items, folder)
    }

    fn load_items(
        &mut self,
        root: &Path,
        index: usize,
        items: &[syn::Item],
        folder: &Path,
    ) -> Result<(), String> {
        let mut reader = Reader::default();
        for item in items {
            match item {
                syn::Item::Mod(module) => self.load_module(root, index, module, folder)?,
                other => reader.visit_item(other),
            }
        }
        let module = &mut self.modules[index];
        module.items.extend(reader.items);
        module.uses.extend(reader.uses);
        module.globs.extend(reader.globs);
        module.references.extend(reader.references);
        Ok(())
    }

    fn load_module(
        &mut self,
        root: &Path,
        parent: usize,
        module: &syn::ItemMod,
        folder: &Path,
    ) -> Result<(), String> {
        let name = module.ident.to_string();
        let file = self.modules[parent].file.clone();
        let index = self.modules.len();
        self.modules.push(Module {
            file,
            parent: Some(parent),
            root: self.modules[parent].root,
            ..Module::default()
        });
        self.modules[parent].children.insert(name.clone(), index);
        if is_test_only(&module.attrs) {
            return Ok(());
        }
        match &module.content {
            Some((_, items)) => self.load_items(root, index, items, &folder.join(&name)),
            None => {
                let flat = folder.join(format!("{name}.rs"));
                let (file, inner) = if flat.exists() {
                    (flat, folder.join(&name))
                } else {
                    (folder.join(&name).join("mod.rs"), folder.join(&name))
                };
                self.load_file(root, index, &file, &inner)
            }
        }
    }

    fn graph(&self) -> Graph {
        let mut graph = Graph {
            files: self.files.clone(),
            edges: BTreeMap::new(),
            outside: BTreeMap::new(),
        };
        for (index, module) in self.modules.iter().enumerate() {
            let from = &module.file;
            let paths = module.uses.values().chain(&module.references);
            for path in paths {
                let target = self.resolve(index, path, 0);
                if target.is_none()
                    && let Some(first) = path.first()
                    && !matches!(first.as_str(), "crate" | "self" | "super" | "Self")
                {
                    graph
                        .outside
                        .entry(from.clone())
                        .or_default()
                        .insert(first.clone());
                }
                let Some(Target::Item(owner)) = target else {
                    continue;
                };
                let to = &self.modules[owner].file;
                if to != from {
                    let name = path.last().cloned().unwrap_or_default();
                    let name = self.item_name(index, path).unwrap_or(name);
                    graph
                        .edges
                        .entry(from.clone())
                        .or_default()
                        .entry(to.clone())
                        .or_default()
                        .insert(name);
                }
            }
        }
        graph
    }

    /// The name of the item a path reaches (its last segment, or the segment
    /// where it reached an item, for `Enum::Variant`).
    fn item_name(&self, module: usize, path: &[String]) -> Option<String> {
        (1..=path.len())
            .find(|&end| matches!(self.resolve(module, &path[..end], 0), Some(Target::Item(_))))
            .map(|end| path[end - 1].clone())
    }

    fn resolve(&self, module: usize, path: &[String], depth: usize) -> Option<Target> {
        if depth > 32 {
            return None;
        }
        let (first, rest) = path.split_first()?;
        let mut target = match first.as_str() {
            "crate" => Target::Module(self.modules[module].root),
            "self" => Target::Module(module),
            "super" => Target::Module(self.modules[module].parent?),
            "Self" => return None,
            name => match self.lookup(module, name, depth) {
                Some(found) => found,
                None => Target::Module(
                    *self
                        .extern_crates
                        .get(&(self.modules[module].root, name.to_owned()))?,
                ),
            },
        };
        for segment in rest {
            let Target::Module(current) = target else {
                break;
            };
            target = match segment.as_str() {
                "super" => Target::Module(self.modules[current].parent?),
                "self" => Target::Module(current),
                // Not found in a module of the crate: something a macro
                // defines there, counted as that module's.
                name => self
                    .lookup(current, name, depth)
                    .unwrap_or(Target::Item(current)),
            };
        }
        Some(target)
    }

    /// A name in `module`'s scope: a child module, an item, an import, or
    /// what a glob import brings.
    fn lookup(&self, module: usize, name: &str, depth: usize) -> Option<Target> {
        let found = &self.modules[module];
        if let Some(&child) = found.children.get(name) {
            return Some(Target::Module(child));
        }
        if found.items.contains(name) {
            return Some(Target::Item(module));
        }
        if let Some(path) = found.uses.get(name) {
            return self.resolve(module, path, depth + 1);
        }
        found
            .globs
            .iter()
            .find_map(|glob| match self.resolve(module, glob, depth + 1)? {
                Target::Module(from) if from != module => self.lookup(from, name, depth + 1),
                _ => None,
            })
    }
}

fn is_test_only(attributes: &[syn::Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && attribute
                .parse_args::<syn::Ident>()
                .is_ok_and(|word| word == "test")
    })
}

/// What one module's items define, import and name.
#[derive(Default)]
struct Reader {
    items: HashSet<String>,
    uses: HashMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
    references: Vec<Vec<String>>,
}

impl Reader {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => {
                let word = name.ident.to_string();
                if word == "self" {
                    if let Some(last) = prefix.last() {
                        self.uses.insert(last.clone(), prefix.clone());
                    }
                } else {
                    let mut path = prefix.clone();
                    path.push(word.clone());
                    self.uses.insert(word, path);
                }
            }
            syn::UseTree::Rename(rename) => {
                let mut path = prefix.clone();
                let word = rename.ident.to_string();
                if word != "self" {
                    path.push(word);
                }
                self.uses.insert(rename.rename.to_string(), path);
            }
            syn::UseTree::Glob(_) => self.globs.push(prefix.clone()),
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    /// Paths written in a macro's tokens: `a::b::c`, `crate::x`.
    fn tokens(&mut self, tokens: TokenStream) {
        let mut path: Vec<String> = Vec::new();
        let mut colons = 0;
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    if colons != 2 && path.len() > 1 {
                        self.references.push(std::mem::take(&mut path));
                    } else if colons != 2 {
                        path.clear();
                    }
                    path.push(ident.to_string());
                    colons = 0;
                }
                TokenTree::Punct(punct) if punct.as_char() == ':' => {
                    colons = if colons == 0 && punct.spacing() == Spacing::Joint {
                        1
                    } else if colons == 1 {
                        2
                    } else {
                        0
                    };
                }
                other => {
                    if path.len() > 1 {
                        self.references.push(std::mem::take(&mut path));
                    }
                    path.clear();
                    colons = 0;
                    if let TokenTree::Group(group) = other {
                        self.tokens(group.stream());
                    }
                }
            }
        }
        if path.len() > 1 {
            self.references.push(path);
        }
    }

    fn define(&mut self, ident: &syn::Ident) {
        self.items.insert(ident.to_string());
    }
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {
        // A module inside a function body is not followed.
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut prefix = Vec::new();
        if item.leading_colon.is_some() {
            return;
        }
        self.use_tree(&mut prefix, &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            self.references
                .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.define(&item.sig.ident);
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        self.define(&item.ident);
        syn::visit::visit_item_struct(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.define(&item.ident);
        syn::visit::visit_item_enum(self, item);
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.define(&item.ident);
        syn::visit::visit_item_union(self, item);
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.define(&item.ident);
        syn::visit::visit_item_trait(self, item);
    }

    fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
        self.define(&item.ident);
        syn::visit::visit_item_type(self, item);
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.define(&item.ident);
        syn::visit::visit_item_const(self, item);
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        self.define(&item.ident);
        syn::visit::visit_item_static(self, item);
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let Some(ident) = &item.ident {
            self.define(ident);
        }
        syn::visit::visit_item_macro(self, item);
    }
}
