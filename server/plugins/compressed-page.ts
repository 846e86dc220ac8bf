import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: brotli, else gzip, when the client accepts it (a q of 0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** A page rendered once, with its compressed forms, so each request only picks one. */
export type RenderedPage = { etag: string; body: Record<Encoding, Buffer> };

/**
 * `fast` for a page drawn per request's record (a player's): brotli 11 took milliseconds per page; 3 takes 0.4 ms
 * of a 77 KB player page against 0.9 ms at 5, for 8.0 KB instead of 7.1 (a first draw's CPU is bounded,
 * docs/product.md#first-draws). Each encoding is compressed when a request first asks for it (a crawler takes one,
 * browsers another; a page drawn once for a crawler pays for one).
 */
export function compressPage(html: string, effort: 'max' | 'fast' = 'max'): RenderedPage {
  const raw = Buffer.from(html);
  const fast = effort === 'fast';
  const compressed = {
    br: () => brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 3 : 11 } }),
    gzip: () => gzipSync(raw, { level: fast ? 6 : 9 }),
  };
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  if (!fast) return { etag, body: { identity: raw, br: compressed.br(), gzip: compressed.gzip() } };
  const body = { identity: raw } as Record<Encoding, Buffer>;
  for (const encoding of ['br', 'gzip'] as const) {
    Object.defineProperty(body, encoding, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = compressed[encoding]();
        Object.defineProperty(body, encoding, { value, enumerable: true });
        return value;
      },
    });
  }
  return { etag, body };
}

/**
 * What a page may come to hold with its compressed forms, without compressing it: brotli and gzip each take about a
 * fifth of an HTML page, so half of it again bounds both.
 */
export const pageBytesBound = (page: RenderedPage) => Math.ceil(page.body.identity.length * 1.5);

/** Answers the page in the encoding the client takes best, or 304 when it holds this version. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200, vary = '') {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', `accept-encoding${vary}`)
    .header('etag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.body[encoding]);
}
