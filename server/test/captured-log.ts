import { Writable } from 'node:stream';

/** A stream for buildApp's logger that keeps every chunk written, for tests that assert on what was logged. */
export function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
