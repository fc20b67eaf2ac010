//! Writing SVG text: numbers printed the same way on every machine, and text escaped for XML.

use core::fmt;

/// A coordinate or length, printed with at most two decimals and no trailing zeros (`12`, `7.5`, `-0.33`), so that
/// output is byte-for-byte stable and compact.
#[derive(Copy, Clone, Debug)]
pub(crate) struct N(pub f32);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = (f64::from(self.0) * 100.0).round() as i64;
        if hundredths < 0 {
            f.write_str("-")?;
        }
        let abs = hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{whole}"),
            f2 if f2 % 10 == 0 => write!(f, "{whole}.{}", f2 / 10),
            f2 => write!(f, "{whole}.{f2:02}"),
        }
    }
}

/// Text escaped for XML content and attribute values.
pub(crate) struct Esc<'a>(pub &'a str);

impl fmt::Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(i) = rest.find(['&', '<', '>', '"', '\'']) {
            f.write_str(&rest[..i])?;
            f.write_str(match rest.as_bytes()[i] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => "&apos;",
            })?;
            rest = &rest[i + 1..];
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        let s = |v: f32| N(v).to_string();
        assert_eq!(s(12.0), "12");
        assert_eq!(s(7.5), "7.5");
        assert_eq!(s(1.0 / 3.0), "0.33");
        assert_eq!(s(-0.001), "0");
        assert_eq!(s(-2.25), "-2.25");
        assert_eq!(s(0.05), "0.05");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(Esc("r3c1<>3 & \"x\"").to_string(), "r3c1&lt;&gt;3 &amp; &quot;x&quot;");
    }
}
