//! Rebuilds the app when its translations change, and embeds the Windows
//! program's own resources: its icon and a version
//! resource, so Explorer shows the app's icon for the file itself and its
//! *Details* tab names the product, version and publisher. Built with
//! mingw's resource compiler when cross-building on Linux
//! (`x86_64-w64-mingw32-windres`, Debian's binutils-mingw-w64-x86-64).
//! Every other target gets nothing from here.

use std::process::ExitCode;

const ICON: &str = "assets/icons/brlv-desk.ico";

fn main() -> ExitCode {
    // Without these, any change in the package would run this script again.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={ICON}");
    // The translations are read by `rust_i18n::i18n!` at compile time, and
    // the macro tells cargo nothing: without this a change to a text alone
    // would ship the old text.
    println!("cargo:rerun-if-changed=locales");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return ExitCode::SUCCESS;
    }
    let description = std::env::var("CARGO_PKG_DESCRIPTION").unwrap_or_default();
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon(ICON)
        // Task Manager and "Open with" show FileDescription as the program's
        // name, so it stays the short name; the sentence goes to Comments.
        .set("FileDescription", "brlv-desk")
        .set("Comments", &description)
        .set("CompanyName", "brlv-desk developers")
        .set(
            "LegalCopyright",
            "© brlv-desk developers, MIT OR Apache-2.0",
        )
        .set("OriginalFilename", "brlv-desk.exe")
        .set("InternalName", "brlv-desk");
    match resource.compile_for("brlv-desk") {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "the Windows resources (icon, version) did not compile: {error}. \
                 Cross-building on Linux needs mingw's resource compiler, \
                 x86_64-w64-mingw32-windres (Debian: binutils-mingw-w64-x86-64)."
            );
            ExitCode::FAILURE
        }
    }
}
