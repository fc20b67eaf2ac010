//! The page, embedded in the binary: every file under `static/`, served with its type, an `ETag` from its hash
//! (so a reload costs a 304), and compressed on the way out by the compression layer.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::ApiError;

#[derive(Embed)]
#[folder = "static/"]
struct Static;

/// `GET /`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

/// `GET /static/{*path}`: the page's files.
pub async fn file(Path(path): Path<String>, headers: HeaderMap) -> Response {
    serve(&path, &headers)
}

/// `GET /favicon.ico` and the like: browsers ask for it at the root.
pub async fn favicon(headers: HeaderMap) -> Response {
    serve("favicon.svg", &headers)
}

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Static::get(path) else {
        return ApiError::new(StatusCode::NOT_FOUND, "not_found", format!("no file {path}")).into_response();
    };
    let etag: String = format!(
        "\"{}\"",
        file.metadata.sha256_hash()[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cached = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let etag = HeaderValue::from_str(&etag).unwrap_or_else(|_| HeaderValue::from_static("\"0\""));
    // `no-cache`: use the copy, but ask first; the ETag makes asking cheap and a new binary's page is seen at once.
    let cache = HeaderValue::from_static("no-cache");
    if cached {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response();
    }
    let mime = file.metadata.mimetype();
    let mime = if mime.starts_with("text/") || mime == "application/javascript" || mime.ends_with("+xml") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let mime = HeaderValue::from_str(&mime).unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        file.data.into_owned(),
    )
        .into_response()
}
