//! How the interface writes words the same way everywhere: "Pix" as the
//! Banco Central writes it, and a count's noun in its own singular or plural
//! instead of "linha(s)" left for the reader to untangle.

use brlv_desk::app::i18n::{self, Language};

/// The texts in which `word` stands as a whole word, as `locale: key: text`.
fn texts_with_word(word: &str) -> Vec<String> {
    i18n::every_text()
        .into_iter()
        .filter(|(_, _, text)| {
            text.split(|letter: char| !letter.is_alphanumeric())
                .any(|written| written == word)
        })
        .map(|(language, key, text)| format!("{}: {key}: {text}", language.code()))
        .collect()
}

/// The texts with a "(s)"-style ending glued to a word: "linha(s)",
/// "repete(m)", "será(ão)", "A(s)".
fn texts_with_glued_plural() -> Vec<String> {
    i18n::every_text()
        .into_iter()
        .filter(|(_, _, text)| has_glued_plural(text))
        .map(|(language, key, text)| format!("{}: {key}: {text}", language.code()))
        .collect()
}

fn has_glued_plural(text: &str) -> bool {
    let letters: Vec<char> = text.chars().collect();
    letters.windows(2).enumerate().any(|(at, pair)| {
        if !(pair[0].is_alphabetic() && pair[1] == '(') {
            return false;
        }
        let inside: String = letters[at + 2..]
            .iter()
            .take_while(|letter| **letter != ')')
            .collect();
        let closed = letters.get(at + 2 + inside.chars().count()) == Some(&')');
        closed
            && (1..=3).contains(&inside.chars().count())
            && inside.chars().all(char::is_lowercase)
    })
}

#[test]
fn no_text_writes_pix_in_capitals() {
    // No text names the service's wire value `PIX` on purpose: where a
    // person types a method, the command line takes `pix`.
    assert_eq!(texts_with_word("PIX"), Vec::<String>::new());
    assert!(
        !texts_with_word("Pix").is_empty(),
        "the check reads the texts"
    );
}

#[test]
fn no_text_leaves_a_plural_to_the_reader() {
    assert!(has_glued_plural("4 linha(s)"));
    assert!(has_glued_plural("não será(ão) enviada(s)"));
    assert!(!has_glued_plural("R$ 1,00 (BRL)"));
    assert_eq!(texts_with_glued_plural(), Vec::<String>::new());
}

#[test]
fn a_count_reads_in_the_singular_for_one_and_the_plural_for_more() {
    let rows =
        |language, count| i18n::tr_count(language, ("count.rows_one", "count.rows"), count, &[]);
    assert_eq!(rows(Language::PtBr, 1), "1 linha");
    assert_eq!(rows(Language::PtBr, 4), "4 linhas");
    assert_eq!(rows(Language::En, 1), "1 row");
    assert_eq!(rows(Language::En, 4), "4 rows");
}
