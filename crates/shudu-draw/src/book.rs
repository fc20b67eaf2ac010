//! Puzzle books.
