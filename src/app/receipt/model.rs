//! A receipt's content, one pure model already written in the person's
//! language: what the text, the PDF and the PNG renderings share.

use uuid::Uuid;

/// The kinds of movement a receipt is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReceiptKind {
    /// A conversion order.
    Order,
    /// A transfer between wallets.
    Transfer,
    /// A withdrawal (PIX, TED or tokens).
    Withdrawal,
    /// A deposit credited to the account.
    Deposit,
    /// A reward claim.
    Claim,
}

impl ReceiptKind {
    /// Every kind, in the order the app lists the movements.
    pub const ALL: [ReceiptKind; 5] = [
        ReceiptKind::Order,
        ReceiptKind::Transfer,
        ReceiptKind::Withdrawal,
        ReceiptKind::Deposit,
        ReceiptKind::Claim,
    ];

    /// The word in file names: `receipt-<slug>-<id prefix>.pdf`.
    pub fn slug(self) -> &'static str {
        match self {
            ReceiptKind::Order => "order",
            ReceiptKind::Transfer => "transfer",
            ReceiptKind::Withdrawal => "withdrawal",
            ReceiptKind::Deposit => "deposit",
            ReceiptKind::Claim => "claim",
        }
    }
}

/// One labelled line of a receipt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceiptLine {
    /// The field's name, in the person's language.
    pub label: String,
    /// Its value, as a person reads it (amounts exact at the asset's scale).
    pub value: String,
    /// An identifier (id, address, hash): drawn in a fixed-width font, where
    /// every character can be told apart.
    pub identifier: bool,
}

/// A receipt's content, in the person's language; what the three renderings share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    /// Which kind of movement.
    pub kind: ReceiptKind,
    /// The movement's identifier.
    pub id: Uuid,
    /// "Comprovante de transferência".
    pub title: String,
    /// What happened, in one line ("Conversion of BRL to BRLV").
    pub what: String,
    /// The amount's label ("Amount", "Amount paid").
    pub amount_label: String,
    /// The amount, exact at its asset's scale, with its currency.
    pub amount: String,
    /// Every other field: when, fee, from, to, identifiers.
    pub lines: Vec<ReceiptLine>,
    /// Who issued it and from what.
    pub footer: String,
}

impl Receipt {
    /// The receipt as plain text, one field a line (what "Copy as text" copies).
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{}\n{}\n\n{}: {}\n",
            self.title, self.what, self.amount_label, self.amount
        );
        for line in &self.lines {
            text.push_str(&format!("{}: {}\n", line.label, line.value));
        }
        text.push('\n');
        text.push_str(&self.footer);
        text.push('\n');
        text
    }

    /// The file name offered when saving: `receipt-transfer-1a2b3c4d.pdf`.
    pub fn file_name(&self, format: ReceiptFormat) -> String {
        let prefix: String = self.id.to_string().chars().take(8).collect();
        format!(
            "receipt-{}-{prefix}.{}",
            self.kind.slug(),
            format.extension()
        )
    }
}

/// The file formats a receipt is saved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReceiptFormat {
    /// A one-page PDF.
    Pdf,
    /// A PNG image.
    Png,
}

impl ReceiptFormat {
    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            ReceiptFormat::Pdf => "pdf",
            ReceiptFormat::Png => "png",
        }
    }
}
