import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body?: unknown };

/**
 * Replaces `fetch` with a fake server: `answer` gets each request and returns its status and JSON body
 * (undefined: 404). Returns the list of requests made, to assert what was sent.
 */
export function fakeApi(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = answer(call) ?? { status: 404, body: { message: 'Not found' } };
      return Promise.resolve(
        new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}
