//! Reading an agent's output a line at a time without ever holding more than a bounded amount
//! of it: replies over the size limit are reported as soon as they pass it and skipped to their
//! end, and stderr is kept as a tail of bounded size.

use std::collections::VecDeque;
use std::io::{self, BufRead};

/// What one bounded read found.
#[derive(Debug, PartialEq, Eq)]
pub enum Chunk {
    /// A whole line, without its `\n` (or `\r\n`); a last line without a newline counts.
    Line(Vec<u8>),
    /// A line grew past the limit: its first bytes (the rest of it is skipped).
    TooLong(Vec<u8>),
    /// End of the stream.
    End,
}

/// Splits a byte stream into lines of at most `limit` bytes.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    limit: usize,
    line: Vec<u8>,
    /// Inside a line too long, already reported: skip to its end first.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R, limit: usize) -> Self {
        Self {
            inner,
            limit,
            line: Vec::new(),
            skipping: false,
        }
    }

    /// The next line, or the start of one too long (reported as soon as it passes the limit;
    /// the next call skips the rest of it), or the end.
    ///
    /// # Errors
    /// A read error of the stream.
    pub fn next_chunk(&mut self) -> io::Result<Chunk> {
        if self.skipping {
            if !self.skip_rest()? {
                return Ok(Chunk::End);
            }
            self.skipping = false;
        }
        self.line.clear();
        loop {
            let available = match self.inner.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                return Ok(if self.line.is_empty() {
                    Chunk::End
                } else {
                    Chunk::Line(take_line(&mut self.line))
                });
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(available.len());
            if self.line.len() + take > self.limit {
                let keep = self.limit - self.line.len();
                self.line.extend_from_slice(&available[..keep]);
                if newline.is_some() {
                    self.inner.consume(take + 1);
                } else {
                    self.inner.consume(take);
                    self.skipping = true;
                }
                return Ok(Chunk::TooLong(take_line(&mut self.line)));
            }
            self.line.extend_from_slice(&available[..take]);
            self.inner.consume(take + usize::from(newline.is_some()));
            if newline.is_some() {
                return Ok(Chunk::Line(take_line(&mut self.line)));
            }
        }
    }

    /// Skips to just past the next newline, returning whether the stream goes on after it.
    fn skip_rest(&mut self) -> io::Result<bool> {
        loop {
            let available = match self.inner.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                return Ok(false);
            }
            if let Some(at) = available.iter().position(|&b| b == b'\n') {
                self.inner.consume(at + 1);
                return Ok(true);
            }
            let all = available.len();
            self.inner.consume(all);
        }
    }
}

/// The line gathered so far, with a trailing `\r` dropped; leaves the buffer's capacity.
fn take_line(line: &mut Vec<u8>) -> Vec<u8> {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    let out = line.clone();
    line.clear();
    out
}

/// The last lines an agent wrote on stderr, at most `capacity` bytes of them, each line cut to
/// `line_limit` bytes; counts what had to be dropped. What is taken for the log over one run
/// of the program stays under `log_limit` bytes, however much it writes and however seldom it
/// is looked at: taken as it comes until the log has had all but two tails' worth, then only
/// the last tail, when the program ends ([`StderrTail::take_last`]).
#[derive(Debug)]
pub struct StderrTail {
    lines: VecDeque<String>,
    bytes: usize,
    capacity: usize,
    dropped_lines: u64,
    /// Bytes taken so far, and the most that may be.
    taken: usize,
    log_limit: usize,
}

/// What was taken from a [`StderrTail`].
#[derive(Debug, Default, PartialEq, Eq)]
pub struct StderrBatch {
    pub lines: Vec<String>,
    /// Lines that were dropped (the oldest) to stay within the capacity.
    pub dropped_lines: u64,
}

impl StderrTail {
    pub fn new(capacity: usize, log_limit: usize) -> Self {
        Self {
            lines: VecDeque::new(),
            bytes: 0,
            capacity,
            dropped_lines: 0,
            taken: 0,
            log_limit,
        }
    }

    /// Keeps one line (already cut), dropping the oldest while over capacity.
    pub fn push(&mut self, line: String) {
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.bytes > self.capacity {
            let Some(old) = self.lines.pop_front() else {
                break;
            };
            self.bytes -= old.len();
            self.dropped_lines += 1;
        }
    }

    /// Everything kept since the last take, while the log has room for it and for the last
    /// tail; nothing once it has not (the lines wait, the newest kept, for [`Self::take_last`]).
    pub fn take(&mut self) -> StderrBatch {
        if self.taken + 2 * self.capacity > self.log_limit {
            return StderrBatch::default();
        }
        self.take_last()
    }

    /// Everything kept since the last take, whatever the log had: the program has ended.
    pub fn take_last(&mut self) -> StderrBatch {
        self.taken += self.bytes;
        self.bytes = 0;
        StderrBatch {
            lines: self.lines.drain(..).collect(),
            dropped_lines: std::mem::take(&mut self.dropped_lines),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(input: &[u8], limit: usize, capacity: usize) -> Vec<Chunk> {
        let reader = io::BufReader::with_capacity(capacity, input);
        let mut lines = LineReader::new(reader, limit);
        let mut out = Vec::new();
        loop {
            match lines.next_chunk().unwrap() {
                Chunk::End => break,
                chunk => out.push(chunk),
            }
        }
        out
    }

    #[test]
    fn lines_split_on_newlines_whatever_the_buffer_size() {
        for capacity in [1, 2, 3, 7, 64] {
            assert_eq!(
                chunks(b"ab\r\n\ncde\nf", 5, capacity),
                [
                    Chunk::Line(b"ab".to_vec()),
                    Chunk::Line(Vec::new()),
                    Chunk::Line(b"cde".to_vec()),
                    Chunk::Line(b"f".to_vec()),
                ],
                "buffer {capacity}"
            );
        }
    }

    #[test]
    fn long_lines_are_reported_and_skipped_whatever_the_buffer_size() {
        for capacity in [1, 2, 4, 5, 6, 64] {
            assert_eq!(
                chunks(b"12345\n123456\nok\n1234567890123", 5, capacity),
                [
                    Chunk::Line(b"12345".to_vec()),
                    Chunk::TooLong(b"12345".to_vec()),
                    Chunk::Line(b"ok".to_vec()),
                    Chunk::TooLong(b"12345".to_vec()),
                ],
                "buffer {capacity}"
            );
        }
    }

    #[test]
    fn the_stderr_tail_keeps_the_newest_lines_within_capacity() {
        let mut tail = StderrTail::new(10, 1000);
        for line in ["aaaa", "bbbb", "cccc", "dd"] {
            tail.push(line.to_owned());
        }
        let batch = tail.take();
        assert_eq!(batch.lines, ["bbbb", "cccc", "dd"]);
        assert_eq!(batch.dropped_lines, 1);
        assert_eq!(tail.take(), StderrBatch::default());
    }

    #[test]
    fn what_the_log_takes_of_a_run_stays_within_its_limit_and_ends_with_the_last_lines() {
        let mut tail = StderrTail::new(10, 40);
        let mut taken = Vec::new();
        let mut dropped = 0;
        for look in 0..20 {
            for line in 0..5 {
                tail.push(format!("{look:02}:{line}"));
            }
            let batch = tail.take();
            dropped += batch.dropped_lines;
            taken.extend(batch.lines);
        }
        tail.push("the end".to_owned());
        let last = tail.take_last();
        dropped += last.dropped_lines;
        taken.extend(last.lines);
        assert!(
            taken.iter().map(String::len).sum::<usize>() <= 40,
            "{taken:?}"
        );
        assert_eq!(taken.first().map(String::as_str), Some("00:3"));
        assert_eq!(taken.last().map(String::as_str), Some("the end"));
        assert_eq!(taken.len() as u64 + dropped, 101);
    }
}
