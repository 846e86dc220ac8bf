import type { ErrorCode } from '@common/error-codes';
import { NEXT_CURSOR_HEADER } from '@common/schemas/shared';
import { adminHeaders, clearAdminSession } from './admin-session';

/**
 * The one place the client talks HTTP (docs/product.md#api): credentials always included, JSON bodies,
 * and every non-OK answer turned into an error whose text is `${status}: ${body or statusText}`.
 * No toasts or navigation here: the component that starts an action shows its outcome.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The server's stable code (common/error-codes.ts) to branch on; undefined when the answer had none (a proxy's page). */
  readonly code: ErrorCode | undefined;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = codeOf(body);
  }
}

function codeOf(body: string): ErrorCode | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const code = parsed && typeof parsed === 'object' && 'code' in parsed ? parsed.code : undefined;
    return typeof code === 'string' ? (code as ErrorCode) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the error is the server's answer with one of these codes: what the client branches on, never the text. */
export const hasErrorCode = (error: unknown, ...codes: ErrorCode[]) =>
  error instanceof ApiError && error.code !== undefined && codes.includes(error.code);

/** A request that got no answer at all (offline, server unreachable): the browser's own text says little. */
export class NetworkError extends Error {
  constructor() {
    super('Could not reach the server. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

/** fetch, with "no answer" turned into a NetworkError; an abort stays an abort (TanStack Query cancels with it). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkError();
    throw error;
  }
}

export type RequestOptions = {
  /** Send the stored admin session as x-admin-email / x-admin-token (docs/product.md#roles). */
  admin?: boolean;
  signal?: AbortSignal;
};

export type GetOptions = RequestOptions & {
  /** 'returnNull': a 401 (or a non-JSON answer) means "nothing here" and resolves to null (docs/product.md#sign-in-calls user lookups). */
  on401?: 'throw' | 'returnNull';
};

export const nonJsonMessage = (contentType: string | null) =>
  `Expected JSON response but got: ${contentType || 'no content type'}`;

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

async function throwIfNotOk(response: Response, sentAdminHeaders: boolean): Promise<void> {
  if (response.ok) return;
  // A stored admin token the server no longer accepts is dead weight: drop it so the admin form shows again.
  if (response.status === 401 && sentAdminHeaders) clearAdminSession();
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, body, response.statusText);
}

function headersFor(hasBody: boolean, options: RequestOptions | undefined) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  const admin = options?.admin ? adminHeaders() : {};
  return { headers: { ...headers, ...admin }, sentAdminHeaders: Object.keys(admin).length > 0 };
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  if (!isJson(response)) throw new Error(nonJsonMessage(response.headers.get('content-type')));
  return (await response.json()) as T;
}

/** Sends a request with an optional JSON body and returns the parsed JSON answer (undefined for 204). */
export async function apiRequest<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const hasBody = body !== undefined;
  const { headers, sentAdminHeaders } = headersFor(hasBody, options);
  const response = await send(url, {
    method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options?.signal,
  });
  await throwIfNotOk(response, sentAdminHeaders);
  return readJson<T>(response);
}

/** GET returning JSON; with on401 'returnNull' a 401 or a non-JSON answer resolves to null. */
export async function apiGet<T>(url: string, options: GetOptions & { on401: 'returnNull' }): Promise<T | null>;
export async function apiGet<T>(url: string, options?: GetOptions): Promise<T>;
export async function apiGet<T>(url: string, options?: GetOptions): Promise<T | null> {
  const { headers, sentAdminHeaders } = headersFor(false, options);
  const response = await send(url, { credentials: 'include', headers, signal: options?.signal });
  const tolerant = options?.on401 === 'returnNull';
  // An unread body keeps the request open in the browser (answers marked no-store are not drained by its
  // cache), so a tolerated answer is read before it is dropped.
  const drop = async () => void (await response.text().catch(() => ''));
  if (tolerant && response.status === 401) return drop().then(() => null);
  await throwIfNotOk(response, sentAdminHeaders);
  if (tolerant && !isJson(response)) return drop().then(() => null);
  return readJson<T>(response);
}

/** One page of a list call: its rows and the cursor of the next page (absent on the last, docs/product.md#paging paging). */
export type ApiPage<T> = { items: T[]; nextCursor: string | undefined };

/** GET of one page of a list call that answers an array, with the next page's cursor from its header. */
export async function apiGetPage<T>(url: string, options?: RequestOptions): Promise<ApiPage<T>> {
  const { headers, sentAdminHeaders } = headersFor(false, options);
  const response = await send(url, { credentials: 'include', headers, signal: options?.signal });
  await throwIfNotOk(response, sentAdminHeaders);
  const items = await readJson<T[]>(response);
  return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** apiGetPage for a list call whose page is an object (the admin lists: rows and their total). */
export async function apiGetPageOf<T>(
  url: string,
  options?: RequestOptions,
): Promise<{ data: T; nextCursor: string | undefined }> {
  const { headers, sentAdminHeaders } = headersFor(false, options);
  const response = await send(url, { credentials: 'include', headers, signal: options?.signal });
  await throwIfNotOk(response, sentAdminHeaders);
  const data = await readJson<T>(response);
  return { data, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** Builds `path?key=value` from the defined entries. */
export function withQuery(path: string, params: Record<string, string | number | boolean | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The server's own message from an error of the `status: json` form (docs/product.md#messages "Registration failed"),
 * e.g. `409: {"message":"Email already registered"}` → "Email already registered".
 * Falls back to the body text, then to `fallback`.
 */
export function serverMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  const body = error instanceof ApiError ? error.body : match?.[1];
  if (body === undefined) return error.message || fallback;
  const trimmed = body.trim();
  if (!trimmed) return fallback;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || fallback;
    }
  } catch {
    // not JSON: the body text is the message
  }
  return trimmed.startsWith('<') ? fallback : trimmed;
}

/** The field errors of a 400 answer ({message, errors:[{path, message}]}), keyed by path. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  try {
    const parsed = JSON.parse(error.body) as { errors?: { path?: unknown; message?: unknown }[] };
    const result: Record<string, string> = {};
    for (const item of parsed.errors ?? []) {
      if (typeof item.path === 'string' && typeof item.message === 'string' && !(item.path in result)) {
        result[item.path] = item.message;
      }
    }
    return result;
  } catch {
    return {};
  }
}
