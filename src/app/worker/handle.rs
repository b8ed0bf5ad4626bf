//! The window's side of the worker: starting its thread with a tokio
//! runtime of its own, sending it Commands and draining its Events.

use std::sync::mpsc;
use std::time::Duration;

use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use crate::app::message::{Command, Event};

use super::config::WorkerConfig;
use super::state::{Repaint, Worker};

/// The UI's side of the worker.
pub struct WorkerHandle {
    commands: Option<UnboundedSender<Command>>,
    events: mpsc::Receiver<Event>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl WorkerHandle {
    /// Starts the worker thread.
    pub fn spawn(config: WorkerConfig, repaint: Repaint) -> std::io::Result<WorkerHandle> {
        let (command_tx, command_rx) = unbounded_channel();
        let (event_tx, event_rx) = mpsc::channel();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("brlv-worker")
            .enable_all()
            .build()?;
        let thread = std::thread::Builder::new()
            .name("brlv-worker".to_owned())
            .spawn(move || {
                let worker = Worker::new(config, event_tx, repaint);
                runtime.block_on(worker.run(command_rx));
                // Do not wait long for a keyring call or key generation still running.
                runtime.shutdown_timeout(Duration::from_secs(2));
            })?;
        Ok(WorkerHandle {
            commands: Some(command_tx),
            events: event_rx,
            thread: Some(thread),
        })
    }

    /// Sends a Command; false if the worker has stopped.
    pub fn send(&self, command: Command) -> bool {
        self.commands
            .as_ref()
            .is_some_and(|sender| sender.send(command).is_ok())
    }

    /// Every Event that arrived since the last call, without waiting.
    pub fn drain(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }

    /// The next Event, waiting at most `timeout` (for tests and the screenshot mode).
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        // Closing the channel ends the worker's loop.
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
