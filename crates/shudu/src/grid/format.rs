//! Reading and writing boards (placeholder: being written).

/// The 81-character line, `.` for an empty cell.
pub fn to_line(values: &[u8; 81]) -> String {
    values.iter().map(|&v| if (1..=9).contains(&v) { (b'0' + v) as char } else { '.' }).collect()
}

/// Placeholder reader of an 81-character line.
pub fn parse_line(line: &str) -> Result<[u8; 81], String> {
    let mut v = [0u8; 81];
    let b = line.as_bytes();
    if b.len() < 81 {
        return Err(format!("{} cells, expected 81", b.len()));
    }
    for i in 0..81 {
        v[i] = match b[i] {
            c @ b'1'..=b'9' => c - b'0',
            b'.' | b'0' => 0,
            c => return Err(format!("unexpected {c}")),
        };
    }
    Ok(v)
}
