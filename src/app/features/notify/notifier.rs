//! Handing a notification to the operating system. The [`Notifier`] trait
//! keeps the rules testable (a test records what would have been shown);
//! [`SystemNotifier`] shows it through `notify-rust` on a thread of its own,
//! since showing one can wait on D-Bus, and the UI thread never waits.

use std::sync::mpsc;

/// A notification as the system shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotificationText {
    /// The headline.
    pub title: String,
    /// The line under it.
    pub body: String,
}

/// Something that shows notifications. `notify` must return at once.
pub trait Notifier {
    /// Shows `text`, or gives up quietly: a notification that cannot be
    /// shown is never an error the person has to deal with.
    fn notify(&self, text: NotificationText);
}

/// The operating system's notifications (D-Bus on Linux through the
/// pure-Rust zbus, the notification center on macOS, toasts on Windows),
/// shown one after another on a thread of its own.
pub struct SystemNotifier {
    queue: Option<mpsc::Sender<NotificationText>>,
}

impl std::fmt::Debug for SystemNotifier {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("SystemNotifier")
    }
}

impl SystemNotifier {
    /// Starts the thread that shows notifications. If it cannot start,
    /// notifications are dropped (and that said once in the log).
    pub fn start() -> SystemNotifier {
        let (queue, notes) = mpsc::channel::<NotificationText>();
        let started = std::thread::Builder::new()
            .name("brlv-notify".to_owned())
            .spawn(move || show_each(&notes));
        match started {
            Ok(_) => SystemNotifier { queue: Some(queue) },
            Err(error) => {
                tracing::warn!("desktop notifications are off: no thread to show them ({error})");
                SystemNotifier { queue: None }
            }
        }
    }
}

impl Notifier for SystemNotifier {
    fn notify(&self, text: NotificationText) {
        if let Some(queue) = &self.queue {
            // The thread ends only with the app.
            let _ = queue.send(text);
        }
    }
}

/// The application user model id on the installers' Start-menu shortcut
/// (`packaging/windows/`): the name Windows shows a toast under, and the
/// one the program gives its own process at start on Windows (src/main.rs).
pub const WINDOWS_APP_USER_MODEL_ID: &str = "org.brlvdesk.desk";

/// Shows each notification as it comes. A system with no notification
/// service (a bare X server in CI, a minimal desktop) refuses every one:
/// that is said once at `warn`, later refusals only at `debug`.
fn show_each(notes: &mpsc::Receiver<NotificationText>) {
    let mut refused_before = false;
    for text in notes {
        let mut notification = notify_rust::Notification::new();
        notification
            .appname("brlv-desk")
            .summary(&text.title)
            .body(&text.body);
        // Windows names a toast's sender by the application user model id
        // the installers put on the Start-menu shortcut; without it, toasts
        // show under PowerShell's name.
        #[cfg(windows)]
        notification.app_id(WINDOWS_APP_USER_MODEL_ID);
        let shown = notification.show();
        if let Err(error) = shown {
            if refused_before {
                tracing::debug!("a desktop notification was not shown: {error}");
            } else {
                tracing::warn!(
                    "desktop notifications cannot be shown on this system ({error}); \
                     the window still shows everything"
                );
                refused_before = true;
            }
        }
    }
}
