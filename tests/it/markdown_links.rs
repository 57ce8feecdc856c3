//! Every relative link in the repository's Markdown files resolves: the file or folder it names
//! exists, and its `#fragment`, where it names a heading of a Markdown file, is one of that
//! file's headings (GitHub's anchors: lowercase, punctuation dropped, spaces as `-`, `-1`,
//! `-2` for repeats). Web links are not fetched, and rustdoc's intra-doc links (`crate::tid`)
//! in the pages the crate docs include are left to `cargo doc` with warnings denied.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// The folders no link check reads: build output, git's own, fuzzing scratch, JavaScript
/// packages.
const SKIPPED_DIRS: &[&str] = &["target", "node_modules", "corpus", "artifacts"];

/// The workspace's root: this crate is `tests/`.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// Every `.md` file under `dir`, but in hidden folders, build output and the skipped folders.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("read {}: {err}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !name.starts_with('.')
                && !name.starts_with("target")
                && !SKIPPED_DIRS.contains(&name)
            {
                markdown_files(&path, found);
            }
        } else if name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// A link's destination, where it was found.
struct Link {
    dest: String,
    line: usize,
}

/// What one Markdown file holds: its links and its headings' anchors (and HTML `id`s).
struct Page {
    links: Vec<Link>,
    anchors: BTreeSet<String>,
}

/// GitHub's anchor for a heading's text: lowercase; letters, digits, `-`, `_` and spaces kept
/// (spaces become `-`); everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].bytes().filter(|&b| b == b'\n').count() + 1
}

/// `id="..."` and `name="..."` attributes in a piece of HTML.
fn html_anchors(html: &str, anchors: &mut BTreeSet<String>) {
    for attr in ["id=\"", "name=\""] {
        let mut rest = html;
        while let Some(start) = rest.find(attr) {
            rest = &rest[start + attr.len()..];
            if let Some(end) = rest.find('"') {
                anchors.insert(rest[..end].to_owned());
            }
        }
    }
}

fn read_page(path: &Path) -> Page {
    let text = fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let mut links = Vec::new();
    let mut anchors = BTreeSet::new();
    let mut repeats: BTreeMap<String, usize> = BTreeMap::new();
    let mut heading: Option<String> = None;
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES;
    for (event, range) in Parser::new_ext(&text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                links.push(Link {
                    dest: dest_url.into_string(),
                    line: line_of(&text, range.start),
                });
            }
            Event::Start(Tag::Heading { id, .. }) => {
                if let Some(id) = id {
                    anchors.insert(id.into_string());
                }
                heading = Some(String::new());
            }
            Event::Text(piece) | Event::Code(piece) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&piece);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let seen = repeats.entry(base.clone()).or_insert(0);
                anchors.insert(if *seen == 0 {
                    base
                } else {
                    format!("{base}-{seen}")
                });
                *seen += 1;
            }
            Event::Html(html) | Event::InlineHtml(html) => html_anchors(&html, &mut anchors),
            _ => {}
        }
    }
    Page { links, anchors }
}

/// Whether `dest` names something this check does not resolve: a web or mail address
/// (`https:`, `mailto:`), or a rustdoc intra-doc link in a page the crate docs include
/// (`crate::tid`, `crate#crate-features`, `struct@Tid`, `Tid`): a path part with `::` or `@`,
/// or a bare Rust identifier (`LICENSE-MIT`, with its `-`, is a file).
fn is_external(dest: &str) -> bool {
    let path = dest.split('#').next().unwrap_or("");
    let scheme = path.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
    });
    let intra_doc = path.contains("::")
        || path.contains('@')
        || (!path.is_empty() && path.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    scheme || intra_doc
}

/// `path` with its `.` and `..` components folded, so that a link cannot climb out of the
/// repository unnoticed.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_markdown_files_resolves() {
    let root = root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    assert!(
        files.iter().any(|f| f.ends_with("README.md")),
        "no README.md found under {}",
        root.display()
    );
    let pages: BTreeMap<PathBuf, Page> = files
        .iter()
        .map(|file| (normalize(file), read_page(file)))
        .collect();
    let mut broken = Vec::new();
    let mut checked = 0;
    for (file, page) in &pages {
        let shown = file.strip_prefix(&root).unwrap_or(file).display();
        for link in &page.links {
            if is_external(&link.dest) {
                continue;
            }
            checked += 1;
            let (path_part, fragment) = match link.dest.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (link.dest.as_str(), None),
            };
            let target = if path_part.is_empty() {
                file.clone()
            } else {
                normalize(&file.parent().expect("a file has a folder").join(path_part))
            };
            if !target.starts_with(&root) {
                broken.push(format!(
                    "{shown}:{}: `{}` leads out of the repository",
                    link.line, link.dest
                ));
                continue;
            }
            if !target.exists() {
                broken.push(format!(
                    "{shown}:{}: `{}`: no such file or folder",
                    link.line, link.dest
                ));
                continue;
            }
            let Some(fragment) = fragment else { continue };
            // Fragments of other files (`#L10` of a source file) are the host's to show.
            let Some(target_page) = pages.get(&target) else {
                continue;
            };
            if !target_page.anchors.contains(fragment) {
                broken.push(format!(
                    "{shown}:{}: `{}`: no heading with the anchor `#{fragment}` there",
                    link.line, link.dest
                ));
            }
        }
    }
    assert!(checked > 0, "no relative link was found to check");
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_anchors_are_github_s() {
    assert_eq!(slug("Leases: many processes"), "leases-many-processes");
    assert_eq!(
        slug("serde, atproto and OpenAPI"),
        "serde-atproto-and-openapi"
    );
    assert_eq!(
        slug("Processes and fork()"),
        "processes-and-fork",
        "punctuation is dropped"
    );
    assert_eq!(slug("Databases (sqlx)"), "databases-sqlx");
    assert!(is_external("https://example.org/a.md"));
    assert!(is_external("crate::tid"));
    assert!(is_external("Tid"));
    assert!(is_external("crate#crate-features"));
    assert!(is_external("mailto:someone@example.org"));
    assert!(!is_external("LICENSE-MIT"), "not a Rust identifier: a file");
    assert!(!is_external("idtypes/docs/performance.md#database-columns"));
    assert!(!is_external("#leases-many-processes"));
    assert!(!is_external("../README.md"));
}
