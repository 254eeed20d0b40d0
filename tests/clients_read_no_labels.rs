//! The clients know no rules: neither the browser client (`web/src`) nor the terminal client
//! (`cli-client/src`) reads meaning out of a choice's label, an effect's description, or a
//! log entry's or a prompt's text with a substring test or a regex. What they need to draw
//! comes as data (a choice's kind, card, location, amount and subject; a space's effects; a
//! roll's reach; a log entry's seats, cards, states, regions and amounts; a pending
//! decision's steps left). This scans their code (not their tests) and fails on any such
//! test, naming the line.

use std::path::{Path, PathBuf};

/// Names under which clients hold a label, an effect's text, or a log entry's or a prompt's
/// text.
const TEXTS: &[&str] = &["label", "description", "effectText", "text"];

/// Wrapping words to a width splits on white space: layout, not reading.
const WRAPPING: &[&str] = &["split(/\\s+/)", "split_whitespace()"];

/// String methods that test or take apart a text (TypeScript and Rust).
const METHODS: &[&str] = &[
    "includes",
    "indexOf",
    "lastIndexOf",
    "startsWith",
    "endsWith",
    "match",
    "matchAll",
    "replace",
    "replaceAll",
    "search",
    "split",
    "substring",
    "contains",
    "starts_with",
    "ends_with",
    "find",
    "rfind",
    "split_once",
    "strip_prefix",
    "strip_suffix",
    "matches",
];

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Why `line` reads a label or description as text, if it does: `x.label.includes(…)`,
/// `label.indexOf(…)`, `description.split(…)`, or a regex's `.exec(….label)` / `.test(…)`.
fn offence(line: &str) -> Option<String> {
    for name in TEXTS {
        let mut from = 0;
        while let Some(at) = line[from..].find(name).map(|i| i + from) {
            from = at + name.len();
            let before = line[..at].chars().next_back();
            let after = line[from..].chars().next();
            if before.is_some_and(is_ident) || after.is_some_and(is_ident) {
                continue;
            }
            let rest = line[from..].trim_start();
            if let Some(call) = rest.strip_prefix('.') {
                let call = call.trim_start();
                let method: String = call.chars().take_while(|&c| is_ident(c)).collect();
                let wraps = WRAPPING.iter().any(|w| call.starts_with(w));
                if METHODS.contains(&method.as_str())
                    && call[method.len()..].starts_with('(')
                    && !wraps
                {
                    return Some(format!("{name}.{method}(…)"));
                }
            }
            // A regex run over it: `.exec(x.label)`, `.test(description)`.
            let head = line[..at].trim_end_matches(|c: char| is_ident(c) || c == '.');
            for regex_call in [".exec(", ".test("] {
                if head.ends_with(regex_call) {
                    return Some(format!("a regex's {regex_call}{name})"));
                }
            }
        }
    }
    None
}

/// The client code under `dir`: TypeScript outside tests and generated code, and Rust up to
/// its `#[cfg(test)]` module (or outside a test module's own file).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if p.is_dir() {
            if name != "gen" && name != "node_modules" {
                sources(&p, out);
            }
        } else if (name.ends_with(".ts") || name.ends_with(".tsx") || name.ends_with(".rs"))
            && !name.contains(".test.")
            // Rust test modules kept in their own files.
            && name != "tests.rs"
            && !name.ends_with("_tests.rs")
            && name != "test_views.rs"
        {
            out.push(p);
        }
    }
}

#[test]
fn no_client_reads_a_label_or_an_effect_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["web/src", "cli-client/src"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(
        files.len() > 50,
        "the clients' sources were found: {}",
        files.len()
    );
    let mut found = Vec::new();
    for f in &files {
        let shown = f.strip_prefix(root).unwrap_or(f).display().to_string();
        let text = std::fs::read_to_string(f).expect("readable");
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let code = line.split("//").next().unwrap_or_default();
            if let Some(why) = offence(code) {
                found.push(format!("{shown}:{}: {why}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "clients read labels or effect texts (send the data from the engine instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_catches_the_ways_labels_were_read() {
    // Lines the clients had before the engine sent the data.
    for line in [
        "    const at = label.indexOf(MARKER_NAMES[kind]);",
        "  if (c.label.includes(\"Blue Apathy\")) return \"blue\";",
        "  const ad = /^pay (\\d+) money/.exec(space.description);",
        "  if (space.description.startsWith(\"pay\")) return { cls: \"ad\" };",
        "        if choice.label.contains(\"reroll\") {",
        "    let n = c.description.split_once(' ');",
        "  const result = e.text.split(\": \").slice(-1)[0] ?? \"\";",
        "  const left = /\\((\\d+) left\\)/.exec(text);",
        "  const m = /\\b([A-Za-z][\\w-]*) (\\d+) of (\\d+)\\b/.exec(prompt.text);",
        "    if (e?.kind === \"oppobot\") out.push({ text: e.text.replace(/^Oppobot: /, \"\") });",
    ] {
        assert!(offence(line).is_some(), "missed: {line}");
    }
    // Showing a label, comparing ids, naming a field: not reading it.
    for line in [
        "            {c.label}",
        "  if (c.id.endsWith(\":women\")) return;",
        "        label: c.label.clone(),",
        "  const labelled = labels.includes(x);",
        "    let text = wrap(&c.description, width);",
        "  for (const word of text.split(/\\s+/).filter(Boolean)) {",
        "    for word in text.split_whitespace() {",
    ] {
        assert!(offence(line).is_none(), "flagged: {line}");
    }
}
