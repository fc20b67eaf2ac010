//! Reading a fuzzer's bytes as choices: each read takes the next bytes, and an input that runs out reads zeros, so
//! every input means something.

/// The fuzzer's bytes, read front to back.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// A number below `n` (0 when `n` is 0), from two bytes.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        (u32::from(self.u8()) << 8 | u32::from(self.u8())) % n
    }

    /// The next eight bytes as a number.
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.u8()))
    }

    /// Whatever is left.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}
