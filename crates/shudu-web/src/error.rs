//! Errors as the API answers them: a status, a stable code for programs, a sentence for people, and where it helps
//! a detail object. Every failure a request can meet becomes one of these; none becomes a panic or a bare 500.

use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

/// An error answered as JSON: `{ "error": sentence, "code": code, "detail": … }`.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable code (`bad_json`, `not_found`, …; API.md lists them).
    pub code: &'static str,
    /// What went wrong, for a person.
    pub message: String,
    /// More, for the page: the cells that clash, the two solutions, the line and column of a bad puzzle.
    pub detail: Option<Value>,
    /// Seconds to wait before asking again (rate limits, a busy engine).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with no detail.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            detail: None,
            retry_after: None,
        }
    }

    /// The same error with a detail object.
    pub fn with_detail(mut self, detail: Value) -> ApiError {
        self.detail = Some(detail);
        self
    }

    /// The same error asking the client to wait `seconds`.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// A field missing, of the wrong type or out of range (400).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// An unknown game, or another player's (404: the two look the same from outside).
    pub fn no_game() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }

    /// The database failed (500); the change was not saved.
    pub fn storage(why: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage",
            format!("the database failed, nothing was saved: {why}"),
        )
    }

    /// The engine's queue is full (503).
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is busy; try again in a moment",
        )
        .retry_after(1)
    }

    /// The error a bare status stands for, for responses made by layers that know only a status (a timeout, a
    /// method not allowed, a body over the limit).
    pub fn from_status(status: StatusCode) -> ApiError {
        let (code, message) = match status {
            StatusCode::NOT_FOUND => ("not_found", "no such resource"),
            StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "this method is not allowed here"),
            StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "the request body is over 64 KiB"),
            StatusCode::REQUEST_TIMEOUT | StatusCode::SERVICE_UNAVAILABLE => {
                ("timeout", "the request took too long; try again")
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                ("unsupported_media_type", "send JSON (Content-Type: application/json)")
            }
            s if s.is_client_error() => ("bad_request", "the request could not be understood"),
            _ => ("internal", "the server failed"),
        };
        let status = if status == StatusCode::REQUEST_TIMEOUT {
            StatusCode::SERVICE_UNAVAILABLE
        } else {
            status
        };
        ApiError::new(status, code, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.status.as_u16(), self.code, self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message, "code": self.code });
        if let Some(detail) = self.detail {
            body["detail"] = detail;
        }
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// A JSON request body, read strictly: `Content-Type: application/json`, at most the body limit, and any fault
/// named with the path of the field it is in (`cells[3]: invalid value: integer 90, expected a cell 0-80`).
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(ApiError::from_status(StatusCode::UNSUPPORTED_MEDIA_TYPE));
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e: BytesRejection| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::from_status(StatusCode::PAYLOAD_TOO_LARGE)
                } else {
                    ApiError::bad_request(format!("the request body could not be read: {e}"))
                }
            })?;
        parse_json(&bytes).map(JsonBody)
    }
}

/// Reads a JSON document into `T`, telling a malformed document (400 `bad_json`) from a well-formed one of the
/// wrong shape (400 `bad_request`, naming the field).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let malformed =
        |e: serde_json::Error| ApiError::new(StatusCode::BAD_REQUEST, "bad_json", format!("malformed JSON: {e}"));
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        // serde_json calls some shape faults syntax errors (a number where a name was wanted): only a document that
        // is not JSON at all is malformed.
        let well_formed = serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok();
        if (inner.is_syntax() || inner.is_eof()) && !well_formed {
            malformed(inner)
        } else if path == "." || path.is_empty() {
            ApiError::bad_request(format!("{inner}"))
        } else {
            ApiError::bad_request(format!("{path}: {inner}"))
        }
    })?;
    de.end().map_err(malformed)?;
    Ok(value)
}
