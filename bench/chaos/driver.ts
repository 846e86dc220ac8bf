import http from 'node:http';

/** One request to make: what it is (for the figures), where, and with what. */
export type RequestSpec = {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

/**
 * What became of one request. `status` is null when no answer came: `error` then says why
 * (timeout: no answer within the client's limit, counted as a hang; reset: the connection was
 * closed under it; refused: nothing listening; other codes as Node reports them).
 */
export type Outcome = {
  kind: string;
  /** performance.now() when the request was sent, and its latency in ms. */
  start: number;
  ms: number;
  status: number | null;
  error?: string;
  /** The answer's body, kept for non-2xx answers and for 201s (their ids). */
  body?: string;
  retryAfter?: string;
};

export type SendOptions = { timeoutMs: number; agent?: http.Agent };

export function errorKind(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNRESET' || error.message === 'socket hang up') return 'reset';
  if (error.code === 'ECONNREFUSED') return 'refused';
  if (error.code === 'EPIPE') return 'reset';
  return error.code ?? error.message;
}

/** Sends one request and resolves with its outcome (never rejects). */
export function send(baseUrl: string, spec: RequestSpec, options: SendOptions): Promise<Outcome> {
  const url = new URL(spec.path, baseUrl);
  const start = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<Outcome, 'kind' | 'start' | 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ kind: spec.kind, start, ms: performance.now() - start, ...outcome });
    };
    const headers: Record<string, string> = { ...spec.headers };
    if (spec.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(spec.body));
    }
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: spec.method,
        headers,
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: errorKind(error) }));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const keep = status < 200 || status >= 300 || status === 201;
          const retryAfter = response.headers['retry-after'];
          finish({
            status,
            ...(keep ? { body: Buffer.concat(chunks).toString('utf8').slice(0, 2000) } : {}),
            ...(retryAfter ? { retryAfter } : {}),
          });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: 'timeout' });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: errorKind(error) }));
    request.end(spec.body);
  });
}

export type Load = {
  outcomes: Outcome[];
  /** Requests sent and not answered yet, with when they were sent. */
  inFlight: () => number;
  stop: () => Promise<void>;
};

/**
 * A closed loop: `connections` workers, each sending its next request as soon as the last one is
 * answered, over keep-alive connections. Every outcome is recorded.
 */
export function startLoad(options: {
  baseUrl: string;
  connections: number;
  next: () => RequestSpec;
  timeoutMs: number;
  onOutcome?: (outcome: Outcome) => void;
  /** false: drop 201 bodies after onOutcome has seen them (long runs). */
  keepCreatedBodies?: boolean;
}): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const outcomes: Outcome[] = [];
  let stopped = false;
  let pending = 0;
  const worker = async () => {
    while (!stopped) {
      pending += 1;
      const outcome = await send(options.baseUrl, options.next(), { timeoutMs: options.timeoutMs, agent });
      pending -= 1;
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
      if (options.keepCreatedBodies === false && outcome.status === 201) delete outcome.body;
      // Nothing listening answers at once: do not spin.
      if (outcome.error === 'refused') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const workers = Array.from({ length: options.connections }, worker);
  return {
    outcomes,
    inFlight: () => pending,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** "200", "503", "timeout", ... for one outcome. */
export const outcomeLabel = (outcome: Outcome) =>
  outcome.status === null ? (outcome.error ?? 'error') : String(outcome.status);

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Whether a body is the `{message}` shape every error must have, with nothing of the internals. */
export function isMessageBody(body: string | undefined): boolean {
  if (!body) return false;
  try {
    const parsed = JSON.parse(body) as unknown;
    return (
      typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string'
    );
  } catch {
    return false;
  }
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The largest value (0 for none), without spreading a long array into arguments. */
export function maxOf(values: number[]): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}
