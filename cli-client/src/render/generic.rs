//! The fallback board for games without their own renderer: a short summary of the view's
//! JSON (every top-level field; one line per element of small lists of records, such as the
//! players), so a person can still follow the game alongside the log and the prompt.

use serde_json::Value;

use hustings_proto::v1::SeatSummary;

use super::{Layout, Style, style::truncate};

/// Longest line of the summary.
const WIDTH: usize = 78;
/// Lists of records longer than this are only counted.
const MAX_ROWS: usize = 8;

/// The summary of a view given as JSON; the compact layout keeps its first `max_lines`
/// lines and counts the rest.
pub fn board(
    json: &str,
    seats: &[SeatSummary],
    style: &Style,
    layout: Layout,
    max_lines: usize,
) -> String {
    let text = summary(json, seats, style);
    let lines: Vec<&str> = text.lines().collect();
    if layout == Layout::Full || lines.len() <= max_lines {
        return text;
    }
    let keep = max_lines.saturating_sub(1);
    let mut out: String = lines[..keep].iter().map(|l| format!("{l}\n")).collect();
    out += &style.dim(&format!(
        "  … {} more lines (--board full shows them)\n",
        lines.len() - keep
    ));
    out
}

fn summary(json: &str, seats: &[SeatSummary], style: &Style) -> String {
    let mut out = style.heading("State") + "\n";
    if !seats.is_empty() {
        out += &format!("  {}\n", super::seats_line(seats, style));
    }
    let value: Value = match serde_json::from_str(json) {
        Ok(v) => v,
        Err(_) if json.trim().is_empty() => {
            out += &style.dim("  (the server sent no view)\n");
            return out;
        }
        Err(_) => {
            out += &format!("  {}\n", truncate(json, WIDTH - 2));
            return out;
        }
    };
    match &value {
        Value::Object(map) => {
            for (key, v) in map {
                out += &field(key, v, style);
            }
        }
        other => out += &format!("  {}\n", truncate(&scalar(other), WIDTH - 2)),
    }
    out
}

fn field(key: &str, v: &Value, style: &Style) -> String {
    let label = style.bold(key);
    match v {
        Value::Array(items) if items.is_empty() => format!("  {label}: none\n"),
        Value::Array(items) if items.iter().all(Value::is_object) && items.len() <= MAX_ROWS => {
            let mut out = format!("  {label}:\n");
            for item in items {
                out += &format!("    - {}\n", truncate(&record(item), WIDTH - 6));
            }
            out
        }
        Value::Array(items) if items.iter().all(is_scalar) => {
            let list: Vec<String> = items.iter().map(scalar).collect();
            format!(
                "  {label}: {}\n",
                truncate(&list.join(", "), WIDTH - 4 - key.len())
            )
        }
        Value::Array(items) => format!(
            "  {label}: {}\n",
            super::style::count(items.len() as u64, "item", "items")
        ),
        Value::Object(_) => format!(
            "  {label}: {}\n",
            truncate(&record(v), WIDTH - 4 - key.len())
        ),
        other => format!(
            "  {label}: {}\n",
            truncate(&scalar(other), WIDTH - 4 - key.len())
        ),
    }
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

/// A record's scalar fields as `key=value`, nested lists and records as counts.
fn record(v: &Value) -> String {
    match v {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| match v {
                Value::Array(a) => format!("{k}=[{}]", a.len()),
                Value::Object(o) => format!("{k}={{{}}}", o.len()),
                other => format!("{k}={}", scalar(other)),
            })
            .collect::<Vec<_>>()
            .join(" "),
        other => scalar(other),
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarises_fields_records_and_lists() {
        let json = r#"{"round":3,"phase":"campaign","players":[{"name":"Suffragist","buttons":2,"hand":[1,2,3]},{"name":"Opposition","buttons":0,"hand":[]}],"regions":["west","south"],"track":{"a":1}}"#;
        let text = board(json, &[], &Style::PLAIN, Layout::Full, 28);
        assert!(text.contains("  round: 3\n"));
        assert!(text.contains("  phase: campaign\n"));
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("    - ")).collect();
        assert_eq!(rows.len(), 2, "one line per player: {text}");
        for (row, (name, buttons, hand)) in rows
            .iter()
            .zip([("Suffragist", 2, 3), ("Opposition", 0, 0)])
        {
            assert!(row.contains(&format!("name={name}")), "{row}");
            assert!(row.contains(&format!("buttons={buttons}")), "{row}");
            assert!(row.contains(&format!("hand=[{hand}]")), "{row}");
        }
        assert!(text.contains("  regions: west, south\n"));
        assert!(text.contains("  track: a=1\n"));
    }

    #[test]
    fn the_compact_summary_keeps_to_its_lines() {
        let fields: Vec<String> = (0..60).map(|i| format!("\"f{i:02}\":{i}")).collect();
        let json = format!("{{{}}}", fields.join(","));
        let full = board(&json, &[], &Style::PLAIN, Layout::Full, 28);
        assert_eq!(full.lines().count(), 61);
        let text = board(&json, &[], &Style::PLAIN, Layout::Compact, 28);
        assert_eq!(text.lines().count(), 28);
        assert!(
            text.ends_with("… 34 more lines (--board full shows them)\n"),
            "{text}"
        );
    }

    #[test]
    fn survives_a_view_that_is_not_json() {
        let text = board("not json", &[], &Style::PLAIN, Layout::Compact, 28);
        assert!(text.contains("not json"));
        let text = board("", &[], &Style::PLAIN, Layout::Compact, 28);
        assert!(text.contains("no view"));
    }
}
