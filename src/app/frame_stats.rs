//! Frames drawn, counted for anyone who wants to check that an idle window
//! draws nothing: with `BRLV_FRAME_STATS=1` the app prints
//! `frames: N in the last 10 s` to stderr every ten seconds. The count is
//! printed by its own thread, so reading it never makes a frame.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The environment variable that turns the report on.
pub const ENV_FRAME_STATS: &str = "BRLV_FRAME_STATS";
/// How often the count is printed.
pub const REPORT_PERIOD: Duration = Duration::from_secs(10);

/// A frame counter; cheap to call once per frame.
#[derive(Clone, Debug)]
pub struct FrameStats {
    frames: Arc<AtomicU64>,
}

impl FrameStats {
    /// Starts the report if `BRLV_FRAME_STATS` is set to anything but `0` or empty.
    pub fn from_env() -> Option<FrameStats> {
        let wanted =
            std::env::var(ENV_FRAME_STATS).is_ok_and(|value| !value.is_empty() && value != "0");
        wanted.then(FrameStats::start)
    }

    fn start() -> FrameStats {
        let frames = Arc::new(AtomicU64::new(0));
        let reported = Arc::clone(&frames);
        let spawned = std::thread::Builder::new()
            .name("brlv-frame-stats".to_owned())
            .spawn(move || {
                loop {
                    std::thread::sleep(REPORT_PERIOD);
                    let count = reported.swap(0, Ordering::Relaxed);
                    eprintln!("frames: {count} in the last {} s", REPORT_PERIOD.as_secs());
                }
            });
        if let Err(error) = spawned {
            tracing::warn!("the frame report could not start: {error}");
        }
        FrameStats { frames }
    }

    /// Counts one frame.
    pub fn frame_drawn(&self) {
        self.frames.fetch_add(1, Ordering::Relaxed);
    }
}
