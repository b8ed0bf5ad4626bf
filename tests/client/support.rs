//! A scripted HTTP server on loopback: answers each request with the next
//! scripted response and records what arrived, byte for byte.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response;

/// One scripted answer.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub delay: Duration,
}

impl Reply {
    pub fn json(status: u16, body: &str) -> Reply {
        Reply {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.as_bytes().to_vec(),
            delay: Duration::ZERO,
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    pub fn delayed(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

/// What arrived.
#[derive(Clone, Debug)]
pub struct Captured {
    pub method: Method,
    pub path: String,
    pub query: Option<String>,
    pub headers: HeaderMap,
    pub body: Bytes,
}

#[derive(Default)]
struct Shared {
    replies: Mutex<VecDeque<Reply>>,
    captured: Mutex<Vec<Captured>>,
}

pub struct ScriptedServer {
    pub base_url: String,
    shared: Arc<Shared>,
}

impl ScriptedServer {
    pub async fn start() -> ScriptedServer {
        let shared = Arc::new(Shared::default());
        let app = axum::Router::new()
            .fallback(answer)
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        ScriptedServer {
            base_url: format!("http://{address}"),
            shared,
        }
    }

    pub fn push(&self, reply: Reply) -> &Self {
        self.shared.replies.lock().unwrap().push_back(reply);
        self
    }

    pub fn captured(&self) -> Vec<Captured> {
        self.shared.captured.lock().unwrap().clone()
    }
}

async fn answer(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    shared.captured.lock().unwrap().push(Captured {
        method,
        path: uri.path().to_owned(),
        query: uri.query().map(str::to_owned),
        headers,
        body,
    });
    let reply = shared
        .replies
        .lock()
        .unwrap()
        .pop_front()
        .unwrap_or_else(|| Reply::json(200, "{}"));
    if !reply.delay.is_zero() {
        tokio::time::sleep(reply.delay).await;
    }
    let mut response = Response::builder().status(StatusCode::from_u16(reply.status).unwrap());
    for (name, value) in &reply.headers {
        response = response.header(name.as_str(), value.as_str());
    }
    response.body(Body::from(reply.body)).unwrap()
}
