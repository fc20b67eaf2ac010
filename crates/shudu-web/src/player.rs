//! Anonymous players: a random 128-bit id in a signed cookie. The signing key lives in the data directory, so
//! players are recognised across restarts; a cookie that does not verify is treated as no cookie at all.

use std::io::Write;
use std::path::Path;

use axum::http::{header, HeaderMap, HeaderValue};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The cookie's name.
pub const COOKIE: &str = "shudu_player";

/// The key file's name in the data directory.
pub const KEY_FILE: &str = "cookie.key";

/// How long a player's cookie lasts (a year), in seconds.
const MAX_AGE: u64 = 365 * 24 * 3600;

/// A verified player id (32 hex digits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player(pub String);

/// The key that signs players' cookies.
#[derive(Clone)]
pub struct CookieKey([u8; 32]);

impl CookieKey {
    /// The key in `dir`, made (from the system's random source) and written if there is none yet. The file is
    /// written whole or not at all (a temporary file, then a rename), readable by its owner alone.
    pub fn load_or_create(dir: &Path) -> Result<CookieKey, String> {
        let path = dir.join(KEY_FILE);
        match std::fs::read(&path) {
            Ok(bytes) => {
                let key: [u8; 32] = bytes.try_into().map_err(|b: Vec<u8>| {
                    format!(
                        "{}: {} bytes, a key has 32 (delete the file to make a new one; players will be new)",
                        path.display(),
                        b.len()
                    )
                })?;
                return Ok(CookieKey(key));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("{}: cannot be read: {e}", path.display())),
        }
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|e| format!("no random source for the cookie key: {e}"))?;
        let tmp = dir.join(format!("{KEY_FILE}.{}.tmp", std::process::id()));
        let write = || -> std::io::Result<()> {
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.mode(0o600);
            }
            let mut file = options.open(&tmp)?;
            file.write_all(&key)?;
            file.sync_all()?;
            std::fs::rename(&tmp, &path)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("{}: cannot be written: {e}", path.display())
        })?;
        Ok(CookieKey(key))
    }

    /// A key for tests.
    pub fn from_bytes(key: [u8; 32]) -> CookieKey {
        CookieKey(key)
    }

    fn mac(&self, id: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(id.as_bytes());
        mac
    }

    /// The cookie's value for `id`: the id, a dot, and its signature.
    pub fn sign(&self, id: &str) -> String {
        let tag = self.mac(id).finalize().into_bytes();
        format!("{id}.{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// The player a cookie value names, if its signature holds.
    pub fn verify(&self, value: &str) -> Option<Player> {
        let (id, tag) = value.split_once('.')?;
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()) {
            return None;
        }
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(id).verify_slice(&tag).ok()?;
        Some(Player(id.to_string()))
    }

    /// The player of a request's cookie, if it carries a valid one.
    pub fn player_of(&self, headers: &HeaderMap) -> Option<Player> {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .filter(|(name, _)| *name == COOKIE)
            .find_map(|(_, value)| self.verify(value))
    }

    /// The `Set-Cookie` header that hands `player` their cookie.
    pub fn set_cookie(&self, player: &Player, secure: bool) -> HeaderValue {
        let secure = if secure { "; Secure" } else { "" };
        let text = format!(
            "{COOKIE}={}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Lax{secure}",
            self.sign(&player.0)
        );
        HeaderValue::from_str(&text).expect("a signed id and fixed attributes are valid header text")
    }
}

/// A new random player id.
pub fn new_id(bytes: usize) -> Result<String, String> {
    let mut raw = vec![0u8; bytes];
    getrandom::fill(&mut raw).map_err(|e| format!("no random source: {e}"))?;
    Ok(raw.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_cookie_verifies_and_a_forged_one_does_not() {
        let key = CookieKey::from_bytes([7; 32]);
        let id = new_id(16).unwrap();
        let value = key.sign(&id);
        assert_eq!(key.verify(&value), Some(Player(id.clone())));
        let other = CookieKey::from_bytes([8; 32]);
        assert_eq!(other.verify(&value), None, "another server's key");
        let forged = format!("{}{}", &id[..31], if id.ends_with('0') { '1' } else { '0' });
        let tag = value.split_once('.').unwrap().1;
        assert_eq!(
            key.verify(&format!("{forged}.{tag}")),
            None,
            "another id under this id's signature"
        );
        assert_eq!(key.verify("nonsense"), None);
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {COOKIE}={value}")).unwrap(),
        );
        assert_eq!(key.player_of(&headers), Some(Player(id)));
    }

    #[test]
    fn the_key_is_kept_across_restarts() {
        let dir = std::env::temp_dir().join(format!("shudu-web-key-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = CookieKey::load_or_create(&dir).unwrap();
        let b = CookieKey::load_or_create(&dir).unwrap();
        assert_eq!(a.0, b.0);
        std::fs::write(dir.join(KEY_FILE), b"short").unwrap();
        let err = CookieKey::load_or_create(&dir).err().unwrap();
        assert!(err.contains("5 bytes"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
