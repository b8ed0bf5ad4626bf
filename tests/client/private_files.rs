//! Files holding personal data are readable by their owner only: the profile
//! book (names, service addresses) and CSV exports (an account's records).

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use brlv_core::api::model::{OrdersEnvelope, TransfersEnvelope};
use brlv_core::profile::{Profile, ProfileBook};
use brlv_desk::app::export::{ExportRecords, ExportRequest, write_export};

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_profile_file_is_owner_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config/profiles.json");
    let mut book = ProfileBook::default();
    book.upsert(Profile {
        name: "Conta PJ".into(),
        base_url: "https://api.example.com".into(),
    });
    book.save(&path).unwrap();
    assert_eq!(mode(&path), 0o600);
    assert_eq!(ProfileBook::load(&path).unwrap(), book);

    // A book saved by an older version, world-readable, is tightened on the next save.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    book.last_used = Some("Conta PJ".into());
    book.save(&path).unwrap();
    assert_eq!(mode(&path), 0o600);
    assert_eq!(ProfileBook::load(&path).unwrap(), book);
}

#[test]
fn a_csv_export_is_owner_only_and_complete() {
    let dir = tempfile::tempdir().unwrap();
    let orders = fixture::<OrdersEnvelope>("orders-unknown-values.json").orders;
    let path = dir.path().join("orders.csv");
    write_export(&ExportRequest {
        path: path.clone(),
        records: ExportRecords::Orders(orders.clone()),
    })
    .unwrap();
    assert_eq!(mode(&path), 0o600);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        brlv_desk::app::export::to_csv_string(&orders).unwrap(),
        "the file holds exactly the CSV"
    );

    // Overwriting an export someone left world-readable tightens it too.
    let transfers = fixture::<TransfersEnvelope>("transfers-partial.json").transfers;
    let path = dir.path().join("transfers.csv");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    write_export(&ExportRequest {
        path: path.clone(),
        records: ExportRecords::Transfers(transfers),
    })
    .unwrap();
    assert_eq!(mode(&path), 0o600);
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("id,state")
    );
}
