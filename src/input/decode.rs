//! Problem files are Latin-1 as often as UTF-8: their bytes as text.

/// The text of a problem file: UTF-8 when the bytes are valid UTF-8, else Latin-1 (every
/// byte is the character of the same number), so that reading never fails on encoding.
pub fn decode_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
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
}
