import type { FastifyBaseLogger, FastifyLogFn } from 'fastify';

/** pino's number for the error level (fatal is 60). */
const ERROR_LEVEL = 50;

/**
 * A stream that ended before its end: what piping an answer reports when the client closes the connection
 * mid-download (node's ERR_STREAM_PREMATURE_CLOSE, or end-of-stream's "premature close").
 */
function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return (value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message === 'premature close';
}

const errorOf = (value: unknown): unknown =>
  value instanceof Error ? value : value && typeof value === 'object' && 'err' in value ? value.err : undefined;

/**
 * A client that goes away mid-download is not a server error. @fastify/compress logs any failure of the stream it
 * compresses into at error level, aborts included, while Fastify already logs the same request's "stream closed
 * prematurely" at info: such a line is written at debug instead. Every other error is logged as it is.
 */
export function logClientGoneAtDebug(
  this: FastifyBaseLogger,
  args: Parameters<FastifyLogFn>,
  method: FastifyLogFn,
  level: number,
): void {
  if (level >= ERROR_LEVEL && isClientGone(errorOf(args[0]))) {
    this.debug(...args);
    return;
  }
  method.apply(this, args);
}
