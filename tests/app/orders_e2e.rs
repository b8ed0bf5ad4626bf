//! Orders end to end on the embedded sandbox, through the real worker: a
//! brcode order is quoted, created, its code checked, paid through the
//! sandbox's control endpoint and seen completing; another is left to
//! expire (the sandbox clock moved), paid late, and seen as
//! `payment-returned`, with `order-refund-initiated` arriving at the webhook
//! listener the worker wired to the sandbox. Every wait is a bounded poll.

use uuid::Uuid;

use brlv_core::api::model::{Asset, CreateOrder, CreateQuote, Order, OrderState, PaymentMethod};
use brlv_desk::app::export::{ExportRecords, ExportRequest};
use brlv_desk::app::features::events::state::ListenerStatus;
use brlv_desk::app::features::orders::message::OrdersCommand;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, NoticeKind};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{SubmitRequest, SubmitStatus};
use brlv_desk::app::worker::WorkerHandle;

use crate::support::worker::pump_until;

/// A whitelisted external wallet of every sandbox account (docs/sandbox.md).
const WHITELISTED: &str = "0xfeedfacefeedfacefeedfacefeedfacefeedface";

/// The app as the shell runs it: Events applied, Commands sent back.
struct App {
    worker: WorkerHandle,
    state: AppState,
    http: reqwest::Client,
    runtime: tokio::runtime::Runtime,
}

impl App {
    fn start() -> App {
        let (_dir, worker) = crate::support::worker::on_sandbox();
        App {
            worker,
            state: AppState::new(Language::En),
            http: reqwest::Client::new(),
            runtime: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap(),
        }
    }

    fn pump_until(&mut self, what: &str, done: impl Fn(&AppState) -> bool) {
        pump_until(&self.worker, &mut self.state, what, done);
    }

    fn send(&mut self, command: OrdersCommand) {
        self.send_command(Command::Orders(command));
    }

    fn send_command(&mut self, command: Command) {
        assert!(self.worker.send(command));
    }

    /// POSTs to a sandbox control endpoint; returns the status and body.
    fn control(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let base = self
            .state
            .shared
            .session
            .as_ref()
            .unwrap()
            .profile
            .base_url
            .clone();
        let url = format!("{}/{}", base.trim_end_matches('/'), path);
        self.runtime.block_on(async {
            let response = self.http.post(url).json(&body).send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json().await.unwrap_or_default())
        })
    }

    /// Quotes R$`amount` of BRLV and accepts it, paid by brcode; returns the order.
    fn create_brcode_order(&mut self, amount: &str) -> Order {
        // As the form does: the draft as typed, then the request it validates to.
        let form = &mut self.state.panels.orders.form;
        form.quote_draft.amount = amount.to_owned();
        let request = form.quote_request().unwrap();
        assert_eq!(
            request,
            CreateQuote::paying(Asset::FiatBrl, Asset::EthBaseBrlv, amount.parse().unwrap())
        );
        self.state.panels.orders.form.quote_asked = Some(request.clone());
        self.state.panels.orders.form.quote_in_flight = true;
        self.send(OrdersCommand::RequestQuote(request));
        self.pump_until("a quote", |state| !state.panels.orders.form.quote_in_flight);
        assert_eq!(self.state.panels.orders.form.quote_error, None);
        let quote = self
            .state
            .panels
            .orders
            .form
            .current_quote()
            .cloned()
            .expect("a quote");
        self.state.panels.orders.form.submit = SubmitStatus::Sending;
        // Paid by a BR Code from outside: nothing leaves the account, no proof.
        self.send_command(Command::Submit {
            request: SubmitRequest::Order(CreateOrder {
                quote_id: quote.id,
                source_wallet_address: None,
                target_wallet_address: Some(WHITELISTED.to_owned()),
                target_end_user_pix_key: None,
                source_payment_method: Some(PaymentMethod::Brcode),
            }),
            authorized: None,
            outflow_answer: None,
        });
        self.pump_until("the order", |state| {
            !state.panels.orders.form.submit.is_sending()
        });
        assert!(
            self.state.panels.orders.form.submit.created().is_some(),
            "the order was created: {:?}",
            self.state.panels.orders.form.submit
        );
        let order = self
            .state
            .panels
            .orders
            .open_order(
                self.state
                    .shared
                    .data
                    .orders
                    .value()
                    .map(|rows| rows.as_slice()),
                &self.state.shared.data.order,
            )
            .cloned()
            .expect("the new order is open");
        assert_eq!(order.quote_id, Some(quote.id));
        order
    }

    fn order_state(&self, id: Uuid) -> Option<OrderState> {
        let open = self
            .state
            .panels
            .orders
            .open_order(
                self.state
                    .shared
                    .data
                    .orders
                    .value()
                    .map(|rows| rows.as_slice()),
                &self.state.shared.data.order,
            )
            .filter(|order| order.id == id);
        let listed = || {
            self.state
                .shared
                .data
                .orders
                .value()
                .and_then(|orders| orders.iter().find(|order| order.id == id))
        };
        open.or_else(listed).and_then(|order| order.state.clone())
    }
}

fn is_state(app_state: &AppState, id: Uuid, wanted: &OrderState) -> bool {
    let open = app_state
        .panels
        .orders
        .open_order(
            app_state
                .shared
                .data
                .orders
                .value()
                .map(|rows| rows.as_slice()),
            &app_state.shared.data.order,
        )
        .filter(|order| order.id == id);
    open.is_some_and(|order| order.state.as_ref() == Some(wanted))
}

#[test]
fn a_brcode_order_paid_in_time_completes_and_a_late_payment_is_returned() {
    let mut app = App::start();
    app.pump_until("the sandbox's orders and the wired listener", |state| {
        state.view_loaded(View::Orders)
            && matches!(state.panels.events.status, ListenerStatus::Listening(_))
    });

    // Paid in time: completed.
    let paid = app.create_brcode_order("100.00");
    assert_eq!(paid.state, Some(OrderState::Created));
    let brcode = paid
        .brcode
        .clone()
        .expect("a brcode order carries its code");
    brlv_core::pix::verify_payment_code(&brcode, paid.source_amount().unwrap())
        .expect("the sandbox's code passes the app's check");
    let (status, _) = app.control(
        &format!("sandbox/orders/{}/pay", paid.id),
        serde_json::json!({"amount": "100.00"}),
    );
    assert_eq!(status, 200);
    app.pump_until("the paid order to complete", |state| {
        is_state(state, paid.id, &OrderState::Completed)
    });
    app.pump_until("order-completed at the listener", |state| {
        state.panels.events.received.iter().any(|received| {
            received.event.kind.as_deref() == Some("order-completed")
                && received
                    .event
                    .order
                    .as_ref()
                    .is_some_and(|o| o.id == paid.id)
        })
    });

    // Not paid in time: expired; paid late: returned, with the event.
    let late = app.create_brcode_order("50.00");
    let (status, _) = app.control("sandbox/clock/advance", serde_json::json!({"seconds": 601}));
    assert_eq!(status, 200);
    app.pump_until("the unpaid order to expire", |state| {
        is_state(state, late.id, &OrderState::Expired)
    });
    assert!(app.state.notices.iter().any(|notice| matches!(
        &notice.kind,
        NoticeKind::OrderExpired(id) if late.id.to_string().starts_with(id.as_str())
    )));
    let (status, body) = app.control(
        &format!("sandbox/orders/{}/pay", late.id),
        serde_json::json!({"amount": "50.00"}),
    );
    assert_eq!(status, 200, "{body}");
    app.pump_until("payment-returned and order-refund-initiated", |state| {
        is_state(state, late.id, &OrderState::PaymentReturned)
            && state.panels.events.received.iter().any(|received| {
                received.event.is_refund_initiated()
                    && received
                        .event
                        .order
                        .as_ref()
                        .is_some_and(|o| o.id == late.id)
            })
    });
    assert_eq!(app.order_state(late.id), Some(OrderState::PaymentReturned));
    assert!(app.state.notices.iter().any(|notice| matches!(
        &notice.kind,
        NoticeKind::RefundInitiated(id) if late.id.to_string().starts_with(id.as_str())
    )));
    // The list catches up on its own schedule: a fetch in flight when the
    // payment landed may still list the order as created.
    app.pump_until("the paid order completed in the list", |state| {
        state.shared.data.orders.value().is_some_and(|orders| {
            orders
                .iter()
                .any(|order| order.id == paid.id && order.state == Some(OrderState::Completed))
        })
    });
    assert_eq!(app.order_state(paid.id), Some(OrderState::Completed));

    // The list as CSV and a QR as PNG, both written by the worker.
    let dir = tempfile::tempdir().unwrap();
    let (csv_path, png_path) = (dir.path().join("orders.csv"), dir.path().join("qr.png"));
    let orders = app.state.shared.data.orders.value().unwrap().clone();
    app.state.panels.orders.export.writing = true;
    app.send_command(Command::Export(ExportRequest {
        path: csv_path.clone(),
        records: ExportRecords::Orders(orders.to_vec()),
    }));
    app.send(OrdersCommand::SaveQrPng {
        path: png_path.clone(),
        brcode: brcode.to_string(),
    });
    app.pump_until("both files written", |state| {
        let csv_written = matches!(state.panels.orders.export.result, Some(Ok(_)));
        let png_written = state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::QrSaved);
        csv_written && png_written
    });
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(csv.starts_with("id,quote-id,state,"));
    let paid_row = csv
        .lines()
        .find(|line| line.starts_with(&paid.id.to_string()))
        .unwrap();
    assert!(
        paid_row.contains(",completed,") && paid_row.contains(",100.00,"),
        "{paid_row}"
    );
    let png = std::fs::read(&png_path).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG file");
}
