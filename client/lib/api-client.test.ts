import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setAdminSession } from './admin-session';
import {
  ApiError,
  NetworkError,
  apiGet,
  apiRequest,
  fieldErrors,
  hasErrorCode,
  serverMessage,
  withQuery,
} from './api-client';

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

function fakeWindow() {
  const store = new Map<string, string>();
  return {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    dispatchEvent: () => true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

describe('api-client', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and a JSON body, and parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(json({ id: 7 }, 201));
    await expect(apiRequest('POST', '/api/ratings', { a: 1 })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ratings');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns a non-OK answer into "status: body" (docs/product.md#error-answers)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Email already registered' }, 409, 'Conflict'));
    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Email already registered"}');
    expect((error as ApiError).status).toBe(409);
  });

  it('uses the status text when the error body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiGet('/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('refuses a non-JSON answer with the docs/product.md#error-answers message', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(apiGet('/api/x')).rejects.toThrow('Expected JSON response but got: text/html');
  });

  it('says plainly when the server could not be reached, and lets an abort through', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiGet('/api/leaderboard')).rejects.toThrow(
      'Could not reach the server. Check your connection and try again.',
    );
    await expect(apiRequest('POST', '/api/ratings', {})).rejects.toBeInstanceOf(NetworkError);
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiGet('/api/leaderboard')).rejects.toBe(abort);
  });

  it("resolves a 401 to null in the 'returnNull' mode, and throws otherwise", async () => {
    fetchMock.mockResolvedValue(json({ message: 'Authentication required' }, 401, 'Unauthorized'));
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    fetchMock.mockResolvedValue(json({ message: 'Authentication required' }, 401, 'Unauthorized'));
    await expect(apiGet('/api/auth/user')).rejects.toThrow('401: {"message":"Authentication required"}');
  });

  it("still throws other errors in the 'returnNull' mode", async () => {
    fetchMock.mockResolvedValue(json({ message: 'Forbidden' }, 403));
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow('403: {"message":"Forbidden"}');
  });

  it('adds the admin headers only when asked and a session is stored', async () => {
    vi.stubGlobal('window', fakeWindow());
    fetchMock.mockImplementation(async () => json({ requests: [] }));
    await apiGet('/api/admin/users', { admin: true });
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).not.toHaveProperty('x-admin-token');

    setAdminSession({ token: 'tok', email: 'admin@example.com' });
    await apiGet('/api/admin/users', { admin: true });
    expect((fetchMock.mock.calls[1][1] as RequestInit).headers).toMatchObject({
      'x-admin-email': 'admin@example.com',
      'x-admin-token': 'tok',
    });
    await apiGet('/api/players/search?q=ab');
    expect((fetchMock.mock.calls[2][1] as RequestInit).headers).not.toHaveProperty('x-admin-token');
  });
});

describe('serverMessage', () => {
  it('reads the message out of the "status: json" form (docs/product.md#messages "Registration failed")', () => {
    expect(serverMessage(new Error('400: {"message":"First name is required"}'))).toBe('First name is required');
    expect(serverMessage(new ApiError(409, '{"message":"Email already registered"}', 'Conflict'))).toBe(
      'Email already registered',
    );
  });

  it('falls back to the body text, then to the fallback', () => {
    expect(serverMessage(new Error('502: Bad gateway'))).toBe('Bad gateway');
    expect(serverMessage(new ApiError(500, '', 'Internal Server Error'), 'Please try again.')).toBe(
      'Please try again.',
    );
    expect(serverMessage(new ApiError(502, '<html>proxy</html>', 'Bad Gateway'), 'Please try again.')).toBe(
      'Please try again.',
    );
    expect(serverMessage('not an error', 'Fallback')).toBe('Fallback');
    expect(serverMessage(new Error('Network down'))).toBe('Network down');
  });
});

describe('error codes', () => {
  it("exposes the server's code, which the client branches on instead of the message", () => {
    const body = { message: 'You have already rated this player', code: 'already_rated', existingRatingId: 7 };
    const error = new ApiError(409, JSON.stringify(body), 'Conflict');
    expect(error.code).toBe('already_rated');
    expect(hasErrorCode(error, 'already_rated')).toBe(true);
    expect(hasErrorCode(error, 'email_taken', 'already_rated')).toBe(true);
    expect(hasErrorCode(error, 'email_taken')).toBe(false);
    expect(serverMessage(error)).toBe('You have already rated this player');
  });

  it('has no code for an answer without one (a proxy page, a bare text), nor for other errors', () => {
    expect(new ApiError(502, '<html>proxy</html>', 'Bad Gateway').code).toBeUndefined();
    expect(new ApiError(400, '{"message":"x"}', 'Bad Request').code).toBeUndefined();
    expect(hasErrorCode(new NetworkError(), 'unauthenticated')).toBe(false);
    expect(hasErrorCode(new Error('401: {"code":"unauthenticated"}'), 'unauthenticated')).toBe(false);
  });
});

describe('fieldErrors and withQuery', () => {
  it('maps a 400 answer to the first message per path', () => {
    const body = JSON.stringify({
      message: 'Invalid input',
      errors: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'email', message: 'second' },
        { path: 'password', message: 'Password is required' },
      ],
    });
    expect(fieldErrors(new ApiError(400, body, 'Bad Request'))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });

  it('builds query strings from the defined values', () => {
    expect(withQuery('/api/players/search', { q: 'ann lee', x: undefined, y: '' })).toBe(
      '/api/players/search?q=ann+lee',
    );
    expect(withQuery('/api/leaderboard', {})).toBe('/api/leaderboard');
  });
});
