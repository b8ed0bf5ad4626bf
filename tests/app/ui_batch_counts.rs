//! The batch screen counts in words a person reads: "1 linha", "4 linhas",
//! "1 enviado", never "linha(s)"; before a run, in its review and after it.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};

use brlv_desk::app::i18n::Language;
use brlv_desk::app::state::AppState;

use crate::ui_batch::{csv, run_to_end, shown_file};

const FOUR: [&str; 4] = [
    "pix,1.11,,52998224725,,,,,,,,invoice 1",
    "pix,2.22,,ana@example.com,,,,,,,,invoice 2",
    "pix,3.33,,+5511987654321,,,,,,,,invoice 3",
    "pix,4.44,,bia@example.com,,,,,,,,invoice 4",
];

/// The first `count` rows of [`FOUR`], shown and then run to their end, the
/// service accepting each; with the texts shown before the run.
fn sent(language: Language, count: usize) -> (Harness<'static, AppState>, Vec<String>) {
    let mut harness = shown_file(language, &csv(&FOUR[..count]));
    let before = labels(&harness);
    run_to_end(&mut harness, &SENT_IDS[..count]);
    (harness, before)
}

const SENT_IDS: [&str; 4] = [
    "7b000000-0000-4000-8000-000000000001",
    "7b000000-0000-4000-8000-000000000002",
    "7b000000-0000-4000-8000-000000000003",
    "7b000000-0000-4000-8000-000000000004",
];

/// Every text shown: a label's text (which AccessKit keeps as its value)
/// and every other node's name.
fn labels(harness: &Harness<'static, AppState>) -> Vec<String> {
    harness
        .query_all_by(|_| true)
        .filter_map(|node| {
            let node = node.accesskit_node();
            if node.role() == egui::accesskit::Role::Label {
                node.value()
            } else {
                node.label()
            }
        })
        .collect()
}

fn shows(labels: &[String], text: &str) -> bool {
    labels.iter().any(|label| label.contains(text))
}

#[test]
fn a_batch_of_one_row_and_of_four_count_in_portuguese_singular_and_plural() {
    for (count, heading, totals, result) in [
        (
            1,
            "payouts.csv: 1 linha, 0 com erro",
            "1 pagamento, total R$ 1,11",
            "1 enviado, 0 pagos ainda, de 1 linha; 1 enviada nesta execução.",
        ),
        (
            4,
            "payouts.csv: 4 linhas, 0 com erro",
            "4 pagamentos, total R$ 11,10",
            "4 enviados, 0 pagos ainda, de 4 linhas; 4 enviadas nesta execução.",
        ),
    ] {
        let (harness, before) = sent(Language::PtBr, count);
        assert!(shows(&before, heading), "{count}: {before:?}");
        assert!(shows(&before, totals), "{count}: {before:?}");
        let after = labels(&harness);
        assert!(shows(&after, result), "{count}: {after:?}");
        for shown in [&before, &after] {
            assert!(
                !shown.iter().any(|label| label.contains("(s)")),
                "{count}: {shown:?}"
            );
        }
    }
}

#[test]
fn a_batch_of_one_row_counts_in_english_singular() {
    let (harness, before) = sent(Language::En, 1);
    assert!(
        shows(&before, "payouts.csv: 1 row, 0 with errors"),
        "{before:?}"
    );
    assert!(shows(&before, "1 payout, total R$1.11"), "{before:?}");
    let after = labels(&harness);
    assert!(
        shows(&after, "1 sent, 0 paid yet, of 1 row; 1 sent in this run."),
        "{after:?}"
    );
}
