//! A countdown to a moment: as `mm:ss` in a column headed by what it
//! counts, and in words with units inside a sentence, where "Pay within
//! 9:58" reads as a time of day.

/// `seconds` left as `4:05`, `1:02:03`; zero or less as `0:00`.
pub fn format_countdown(seconds: i64) -> String {
    let seconds = seconds.max(0);
    let (hours, minutes, secs) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{secs:02}")
    } else {
        format!("{minutes}:{secs:02}")
    }
}

/// `seconds` left with their units, for a sentence: `9 min 58 s`,
/// `1 h 02 min 03 s`, `45 s`; zero or less as `0 s`. The abbreviations are
/// the same in Portuguese and English.
pub fn countdown_words(seconds: i64) -> String {
    let seconds = seconds.max(0);
    let (hours, minutes, secs) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if hours > 0 {
        format!("{hours} h {minutes:02} min {secs:02} s")
    } else if minutes > 0 {
        format!("{minutes} min {secs:02} s")
    } else {
        format!("{secs} s")
    }
}

/// Asks for one frame when a countdown with `left` to go shows its next
/// second, not a second after this frame: a countdown then costs one frame
/// per second exactly, however long the frames take.
pub fn request_countdown_frame(ctx: &egui::Context, left: time::Duration) {
    ctx.request_repaint_after(until_next_tick(left));
}

/// The wait until a countdown with `left` to go shows its next second.
pub fn until_next_tick(left: time::Duration) -> std::time::Duration {
    let into_second = u64::try_from(left.whole_milliseconds().rem_euclid(1000)).unwrap_or(0);
    let wait = if into_second == 0 { 1000 } else { into_second };
    // A few milliseconds late, so the frame lands past the boundary.
    std::time::Duration::from_millis(wait + 5)
}

#[cfg(test)]
mod tests {
    use super::{countdown_words, format_countdown, until_next_tick};

    #[test]
    fn the_next_frame_comes_when_the_shown_second_changes() {
        let wait = |millis| until_next_tick(time::Duration::milliseconds(millis)).as_millis();
        assert_eq!(wait(5_250), 255);
        assert_eq!(wait(5_000), 1_005);
        assert_eq!(wait(999), 1_004);
    }

    #[test]
    fn countdowns_read_as_clocks() {
        assert_eq!(format_countdown(245), "4:05");
        assert_eq!(format_countdown(3723), "1:02:03");
        assert_eq!(format_countdown(-5), "0:00");
    }

    #[test]
    fn countdowns_in_a_sentence_carry_their_units() {
        assert_eq!(countdown_words(598), "9 min 58 s");
        assert_eq!(countdown_words(3723), "1 h 02 min 03 s");
        assert_eq!(countdown_words(45), "45 s");
        assert_eq!(countdown_words(-5), "0 s");
    }
}
