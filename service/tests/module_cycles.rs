//! No import cycle between the service's top-level modules (issue 42).
//!
//! Reads every `service/src/**/*.rs`, builds the graph "top-level module X uses top-level
//! module Y" and fails naming each strongly connected set of more than one module. A cycle
//! makes every module in it depend on all the others: none can be read, tested or changed
//! alone, which is what layering the crate is for.
//!
//! What counts as a use, read from the code and its comments with string literals removed:
//! - `crate::Y` anywhere (in `use`, in a path in code, in an intra-doc link such as
//!   [`crate::hub::Hub`] — rustdoc resolves it, and a reader is sent up the layers just the
//!   same), and every first segment of a `use crate::{Y, Z::w, …}` group;
//! - `super::…` climbing out of module X to the crate root, then `Y` (from `x.rs` or
//!   `x/mod.rs`, `super::Y`; from `x/a.rs`, `super::super::Y`; inline `mod m { … }` blocks
//!   count as one more level).
//!
//! `service/src/foo.rs` and everything under `service/src/foo/` are module `foo`. `lib.rs`
//! is not a node: it declares every module and its items (`crate::Limits`,
//! `crate::ServerConfig`, …) are the crate's public face, so a use of them is not an edge
//! (otherwise every module that reads the limits would form one cycle with the root).
//! `main.rs` is another crate (the binary, using `hustings_service::…`) and is not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The source with string and char literals blanked out (lengths and newlines kept): code
/// and comments. Comments stay because an intra-doc link is a reference too.
fn code_and_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |c: u8| if c == b'\n' { b'\n' } else { b' ' };
    while i < b.len() {
        let c = b[i];
        // Line comment (including doc comments).
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                out.push(b[i]);
                i += 1;
            }
            continue;
        }
        // Block comment, nested.
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    out.extend([b'/', b'*']);
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    out.extend([b'*', b'/']);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(b[i]);
                    i += 1;
                }
            }
            continue;
        }
        // Raw string r"…", r#"…"#, br"…".
        let raw_start = if c == b'r' && !prev_is_ident(b, i) {
            Some(i + 1)
        } else if c == b'b' && b.get(i + 1) == Some(&b'r') && !prev_is_ident(b, i) {
            Some(i + 2)
        } else {
            None
        };
        if let Some(mut j) = raw_start {
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&b'"') {
                while i <= j {
                    out.push(b' ');
                    i += 1;
                }
                loop {
                    if i >= b.len() {
                        break;
                    }
                    if b[i] == b'"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&b'#')) {
                        out.extend(std::iter::repeat_n(b' ', 1 + hashes));
                        i += 1 + hashes;
                        break;
                    }
                    out.push(blank(b[i]));
                    i += 1;
                }
                continue;
            }
        }
        // String literal.
        if c == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' && i + 1 < b.len() {
                    out.push(b' ');
                    i += 1;
                }
                out.push(blank(b[i]));
                i += 1;
            }
            out.push(b' ');
            i += 1;
            continue;
        }
        // Char literal ('x', '\n', '\''), not a lifetime ('a).
        if c == b'\'' {
            let lit_len = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&x| x == b'\'').map(|p| p + 3)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(3)
            } else {
                None
            };
            if let Some(n) = lit_len {
                out.extend(std::iter::repeat_n(b' ', n));
                i += n;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn prev_is_ident(b: &[u8], i: usize) -> bool {
    i > 0 && is_ident(b[i - 1])
}

/// The identifier starting at `i` (after white space), and where it ends.
fn ident_at(s: &[u8], mut i: usize) -> (String, usize) {
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    let start = i;
    while i < s.len() && is_ident(s[i]) {
        i += 1;
    }
    (String::from_utf8_lossy(&s[start..i]).into_owned(), i)
}

/// Skips white space and `::` after a path segment; true if `::` was there.
fn skip_colons(s: &[u8], mut i: usize) -> Option<usize> {
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    if s.get(i) == Some(&b':') && s.get(i + 1) == Some(&b':') {
        i += 2;
        while i < s.len() && s[i].is_ascii_whitespace() {
            i += 1;
        }
        Some(i)
    } else {
        None
    }
}

/// The first segments of the paths in the `{ … }` group starting at `i` (at the `{`).
fn group_heads(s: &[u8], i: usize) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expect_head = true;
    let mut j = i;
    while j < s.len() {
        match s[j] {
            b'{' => {
                depth += 1;
                expect_head = depth == 1;
                j += 1;
            }
            b'}' => {
                depth -= 1;
                j += 1;
                if depth == 0 {
                    break;
                }
            }
            b',' => {
                expect_head = depth == 1;
                j += 1;
            }
            c if expect_head && is_ident(c) => {
                let (name, end) = ident_at(s, j);
                heads.push(name);
                expect_head = false;
                j = end;
            }
            _ => j += 1,
        }
    }
    heads
}

/// The names a path continues with after `i` (just past `crate::` or the last `super::`):
/// one identifier, or the heads of a `{ … }` group.
fn path_heads(s: &[u8], i: usize) -> Vec<String> {
    let mut j = i;
    while j < s.len() && s[j].is_ascii_whitespace() {
        j += 1;
    }
    if s.get(j) == Some(&b'{') {
        group_heads(s, j)
    } else {
        let (name, _) = ident_at(s, j);
        if name.is_empty() { vec![] } else { vec![name] }
    }
}

/// The top-level modules one file of module `own` uses. `depth` is how many `super::` lead
/// from the file's module to the crate root (1 for `x.rs` and `x/mod.rs`, 2 for `x/a.rs`).
fn uses_of(code: &str, depth: usize) -> BTreeSet<String> {
    let s = code.as_bytes();
    let mut found = BTreeSet::new();
    // Inline `mod name {` blocks open at each brace depth: each adds a level to `super::`.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'{' {
            braces += 1;
            i += 1;
            continue;
        }
        if c == b'}' {
            braces = braces.saturating_sub(1);
            if inline_mods.last() == Some(&braces) {
                inline_mods.pop();
            }
            i += 1;
            continue;
        }
        if !is_ident(c) || prev_is_ident(s, i) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(s, i);
        match word.as_str() {
            "mod" => {
                let (_, after_name) = ident_at(s, end);
                let mut k = after_name;
                while k < s.len() && s[k].is_ascii_whitespace() {
                    k += 1;
                }
                if s.get(k) == Some(&b'{') {
                    inline_mods.push(braces);
                }
            }
            "crate" if i == 0 || s[i - 1] != b'$' => {
                if let Some(k) = skip_colons(s, end) {
                    found.extend(path_heads(s, k));
                }
            }
            "super" => {
                // Count the chain super::super::…
                let mut ups = 1;
                let mut k = skip_colons(s, end);
                while let Some(at) = k {
                    let (next, next_end) = ident_at(s, at);
                    if next == "super" {
                        ups += 1;
                        k = skip_colons(s, next_end);
                    } else {
                        break;
                    }
                }
                if let Some(at) = k
                    && ups == depth + inline_mods.len()
                {
                    found.extend(path_heads(s, at));
                }
                i = k.unwrap_or(end);
                continue;
            }
            _ => {}
        }
        i = end;
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read service/src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Module → the other top-level modules it uses.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut per_file = Vec::new();
    let mut modules = BTreeSet::new();
    for file in files {
        let rel = file.strip_prefix(src).expect("under src");
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.len() == 1 && (parts[0] == "lib.rs" || parts[0] == "main.rs") {
            continue;
        }
        let module = parts[0].trim_end_matches(".rs").to_string();
        // Levels below the top-level module: x.rs and x/mod.rs are 0, x/a.rs 1, x/a/b.rs 2
        // (and x/a/mod.rs 1).
        let below = parts.len() - 1 - usize::from(parts.last().is_some_and(|p| p == "mod.rs"));
        modules.insert(module.clone());
        per_file.push((module, below + 1, file));
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (module, depth, file) in per_file {
        let src = std::fs::read_to_string(&file).expect("read a source file");
        for used in uses_of(&code_and_comments(&src), depth) {
            if used != module && modules.contains(&used) {
                graph.get_mut(&module).expect("a node").insert(used);
            }
        }
    }
    graph
}

/// Tarjan's strongly connected components.
fn components(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(st: &mut State<'a>, v: &'a str) {
        let n = st.index.len();
        st.index.insert(v, n);
        st.low.insert(v, n);
        st.stack.push(v);
        st.on_stack.insert(v);
        for w in &st.graph[v] {
            let w = w.as_str();
            if !st.index.contains_key(w) {
                visit(st, w);
                let low = st.low[v].min(st.low[w]);
                st.low.insert(v, low);
            } else if st.on_stack.contains(w) {
                let low = st.low[v].min(st.index[w]);
                st.low.insert(v, low);
            }
        }
        if st.low[v] == st.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = st.stack.pop() {
                st.on_stack.remove(w);
                scc.push(w.to_string());
                if w == v {
                    break;
                }
            }
            scc.sort();
            st.out.push(scc);
        }
    }
    let mut st = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !st.index.contains_key(v.as_str()) {
            visit(&mut st, v);
        }
    }
    st.out
}

#[test]
fn no_import_cycle_between_service_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    assert!(
        graph.len() > 10,
        "expected the service's modules, found {:?}",
        graph.keys()
    );
    let cycles: Vec<_> = components(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    if !cycles.is_empty() {
        let mut msg = String::from("import cycles between service modules:\n");
        for scc in &cycles {
            msg += &format!("- {} modules: {}\n", scc.len(), scc.join(", "));
            for m in scc {
                let inside: Vec<_> = graph[m].iter().filter(|u| scc.contains(u)).collect();
                msg += &format!("    {m} -> {inside:?}\n");
            }
        }
        panic!("{msg}");
    }
}

/// The reader itself: uses found in each form (doc links too), none in strings, `super::`
/// only when it leaves the module.
#[test]
fn reads_uses_in_each_form() {
    let src = r#"
        //! See [`crate::doc_link`].
        use crate::{alpha, beta::{B, C}, gamma::D};
        use super::delta;
        fn f() { let _ = "crate::in_string"; crate::epsilon::go(); }
        mod tests { use super::*; use super::super::zeta; }
    "#;
    let found = uses_of(&code_and_comments(src), 1);
    let want: BTreeSet<String> = [
        "doc_link", "alpha", "beta", "gamma", "delta", "epsilon", "zeta",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(found, want);
    // From x/a.rs, super:: is x itself; super::super:: is the root.
    let nested = uses_of(
        &code_and_comments("use super::inner; use super::super::eta;"),
        2,
    );
    assert_eq!(nested, BTreeSet::from(["eta".to_string()]));

    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    g.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    let big: Vec<_> = components(&g).into_iter().filter(|c| c.len() > 1).collect();
    assert_eq!(big, vec![vec!["a".to_string(), "b".to_string()]]);
}
