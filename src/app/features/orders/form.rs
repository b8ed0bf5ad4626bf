//! The new-order form's state: the quote request, the order draft, what is
//! in flight and how the last attempt ended. Validation itself lives in
//! the drafts ([`super::draft`]); this only decides what may be sent when.

use crate::app::error_text::Localize;
use crate::app::form::FieldErrors;
use crate::app::i18n::Language;
use crate::app::submit::SubmitStatus;
use brlv_core::api::Error;
use brlv_core::api::model::{Asset, CreateOrder, CreateQuote, Quote};

use super::draft::{OrderDraft, QuoteDraft};

/// Where the form's quote comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuoteSource {
    /// Asked for here.
    #[default]
    Ask,
    /// A quote id pasted by the person.
    Paste,
}

/// A failure as the form shows it: the service's `code` and `message` when
/// it sent them, otherwise the whole error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceFailure {
    /// The service's `code`, when it sent one.
    pub code: Option<String>,
    /// What happened.
    pub message: String,
}

impl ServiceFailure {
    /// The service's `code` and `message` as it sent them, or the whole
    /// error in `language` when it sent none.
    pub fn new(error: &Error, language: Language) -> ServiceFailure {
        match error.service_error() {
            Some(object) if !object.code.is_empty() || !object.message.is_empty() => {
                ServiceFailure {
                    code: (!object.code.is_empty()).then(|| object.code.clone()),
                    message: object.message.clone(),
                }
            }
            _ => ServiceFailure {
                code: None,
                message: error.localize(language),
            },
        }
    }
}

/// The new-order form.
#[derive(Clone, Debug, Default)]
pub struct OrderForm {
    /// The form is shown.
    pub open: bool,
    /// The "Save this recipient" name, while that offer is open.
    pub recipient_offer: Option<String>,
    /// Ask for a quote or paste its id.
    pub quote_source: QuoteSource,
    /// The quote request as typed; its assets are the order's.
    pub quote_draft: QuoteDraft,
    /// The order as typed.
    pub order_draft: OrderDraft,
    /// A quote request is under way.
    pub quote_in_flight: bool,
    /// The quote request last sent.
    pub quote_asked: Option<CreateQuote>,
    /// The quote received for the request that was sent.
    pub quote: Option<(CreateQuote, Quote)>,
    /// Why the last quote request failed.
    pub quote_error: Option<ServiceFailure>,
    /// The order under review, as it was when the person pressed send;
    /// the drafts stay as typed for "Voltar".
    pub reviewing: Option<CreateOrder>,
    /// Where the order's creation stands.
    pub submit: SubmitStatus,
}

impl OrderForm {
    /// The pair the order converts, as picked in the form (a received quote
    /// is used only while it answers the request as typed).
    pub fn pair(&self) -> (Asset, Asset) {
        (
            self.quote_draft.source_asset.clone(),
            self.quote_draft.target_asset.clone(),
        )
    }

    /// The quote request, or what is wrong with it.
    pub fn quote_request(&self) -> Result<CreateQuote, FieldErrors> {
        self.quote_draft.validate()
    }

    /// The received quote, when it still answers the request as typed now.
    pub fn current_quote(&self) -> Option<&Quote> {
        let (asked, quote) = self.quote.as_ref()?;
        match self.quote_request() {
            Ok(request) if &request == asked => Some(quote),
            _ => None,
        }
    }

    /// The order to send, or what is wrong with it. With an asked-for quote,
    /// its id comes from the quote received for the request as typed now.
    pub fn order_request(&self) -> Result<CreateOrder, FieldErrors> {
        let (source, target) = self.pair();
        let mut draft = self.order_draft.clone();
        if self.quote_source == QuoteSource::Ask {
            draft.quote_id = self
                .current_quote()
                .map(|quote| quote.id.to_string())
                .unwrap_or_default();
        }
        draft.validate(&source, &target)
    }

    /// Whether the send button may be pressed.
    pub fn can_send(&self) -> bool {
        !self.submit.is_sending() && self.order_request().is_ok()
    }

    /// Whether the quote button may be pressed.
    pub fn can_ask_quote(&self) -> bool {
        !self.quote_in_flight && self.quote_request().is_ok()
    }

    /// After an order was created: a fresh form, closed.
    pub fn reset(&mut self) {
        *self = OrderForm::default();
    }
}
