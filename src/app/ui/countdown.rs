//! A countdown to a moment, as `mm:ss` or `h:mm:ss`.

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

#[cfg(test)]
mod tests {
    use super::format_countdown;

    #[test]
    fn countdowns_read_as_clocks() {
        assert_eq!(format_countdown(245), "4:05");
        assert_eq!(format_countdown(3723), "1:02:03");
        assert_eq!(format_countdown(-5), "0:00");
    }
}
