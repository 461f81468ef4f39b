//! Problem files as text, and the problems of one file whatever its format.

use super::{parse_file_with_warnings, yaml::parse_yaml, ParsedFile};
use std::path::Path;

/// File name patterns of the problem formats read: Popeye input, YACPDB / Olive YAML.
pub const PROBLEM_FILE_PATTERNS: [&str; 4] = ["*.inp", "*.olv", "*.yaml", "*.yml"];

/// Whether `path` names a YAML (YACPDB / Olive) file: `.olv`, `.yaml` or `.yml`.
pub fn is_yaml(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["olv", "yaml", "yml"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    })
}

/// Every problem of one file: YAML documents for `.olv`/`.yaml`/`.yml`, else Popeye input.
pub fn read_problems(path: &Path) -> std::io::Result<ParsedFile> {
    let text = decode_text(std::fs::read(path)?);
    Ok(if is_yaml(path) {
        ParsedFile {
            problems: parse_yaml(&text),
            warnings: Vec::new(),
        }
    } else {
        parse_file_with_warnings(&text)
    })
}

// Problem files are Latin-1 as often as UTF-8.

/// The text of a problem file: UTF-8 when the bytes are valid UTF-8, else Latin-1 (every
/// byte is the character of the same number), so that reading never fails on encoding.
/// A UTF-8 byte-order mark (written by some Windows editors) is dropped, and every line
/// end (`\r\n`, or a bare `\r` of old Mac files) becomes `\n`.
pub fn decode_text(bytes: Vec<u8>) -> String {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::decode_text;

    #[test]
    fn utf8_and_latin1() {
        assert_eq!(decode_text("Schöpfer".as_bytes().to_vec()), "Schöpfer");
        assert_eq!(decode_text(b"Sch\xf6pfer".to_vec()), "Schöpfer");
    }

    #[test]
    fn byte_order_mark_and_line_ends() {
        assert_eq!(decode_text(b"\xEF\xBB\xBFbegin\n".to_vec()), "begin\n");
        assert_eq!(decode_text(b"a\r\nb\rc\n".to_vec()), "a\nb\nc\n");
    }
}
