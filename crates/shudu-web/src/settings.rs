//! A player's settings on the web: the rules the game follows (checking, notes) and how the page looks.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use shudu::logic::Lang;
use shudu_game::Checking;

use crate::error::ApiError;

/// The page's colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// The system's light or dark preference.
    #[default]
    System,
    /// Dark on light.
    Light,
    /// Light on dark.
    Dark,
    /// High contrast: black, white and strong outlines.
    Contrast,
}

/// How notes are laid out in a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteStyle {
    /// Each digit in its own place, as on paper.
    #[default]
    Grid,
    /// The digits in a row, larger.
    Compact,
}

/// The language of hints and explanations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LangName {
    /// English, in HoDoKu's notation.
    #[default]
    En,
    /// Chinese.
    Zh,
}

impl LangName {
    /// The engine's language.
    pub fn lang(self) -> Lang {
        match self {
            LangName::En => Lang::En,
            LangName::Zh => Lang::Zh,
        }
    }
}

/// How placed digits are checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckingName {
    /// Not at all.
    Off,
    /// A digit that repeats one in its house.
    #[default]
    Conflicts,
    /// A digit that is not the solution's.
    Solution,
}

/// A player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The page's theme.
    pub theme: Theme,
    /// The language of hints and explanations.
    pub lang: LangName,
    /// How notes are laid out.
    pub note_style: NoteStyle,
    /// The selected cell's digit is highlighted everywhere.
    pub highlight_digit: bool,
    /// The selection's row, column and box are shaded.
    pub highlight_houses: bool,
    /// How placed digits are checked.
    pub checking: CheckingName,
    /// Placing a digit removes it from its peers' notes.
    pub auto_remove_notes: bool,
    /// Filling every candidate is allowed.
    pub fill_candidates: bool,
    /// The timer is shown.
    pub show_timer: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            theme: Theme::System,
            lang: LangName::En,
            note_style: NoteStyle::Grid,
            highlight_digit: true,
            highlight_houses: true,
            checking: CheckingName::Conflicts,
            auto_remove_notes: true,
            fill_candidates: true,
            show_timer: true,
        }
    }
}

impl Settings {
    /// Settings as stored; anything unreadable falls back to the default (settings are never worth an error page).
    pub fn from_stored(text: &str) -> Settings {
        serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| {
                // Fields this version does not know (a later one wrote them) are left out, not refused.
                let known = serde_json::to_value(Settings::default()).ok()?;
                let mut kept = serde_json::Map::new();
                for (k, v) in v.as_object()? {
                    if known.get(k).is_some() {
                        kept.insert(k.clone(), v.clone());
                    }
                }
                serde_json::from_value(Value::Object(kept)).ok()
            })
            .unwrap_or_default()
    }

    /// These settings with the fields of `patch` (a partial settings object) put over them; an unknown field or a
    /// wrong value is an error naming it.
    pub fn patched(&self, patch: &Value) -> Result<Settings, ApiError> {
        let Some(fields) = patch.as_object() else {
            return Err(ApiError::bad_request("settings must be a JSON object"));
        };
        let mut merged = serde_json::to_value(self).map_err(|e| ApiError::bad_request(e.to_string()))?;
        for (k, v) in fields {
            if merged.get(k).is_none() {
                return Err(ApiError::bad_request(format!("{k}: no such setting")));
            }
            merged[k] = v.clone();
        }
        let text = merged.to_string();
        crate::error::parse_json(text.as_bytes())
    }

    /// The rules the game follows under these settings.
    pub fn rules(&self) -> shudu_game::Settings {
        shudu_game::Settings {
            checking: match self.checking {
                CheckingName::Off => Checking::Off,
                CheckingName::Conflicts => Checking::Conflicts,
                CheckingName::Solution => Checking::Solution,
            },
            auto_remove_notes: self.auto_remove_notes,
            fill_candidates: self.fill_candidates,
            show_timer: self.show_timer,
            ..shudu_game::Settings::default()
        }
    }
}
