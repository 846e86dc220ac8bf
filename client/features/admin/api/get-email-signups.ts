import { apiGetPageOf, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { EmailSignup, EmailSignupsReply } from '@common/schemas/admin';
import { DEFAULT_PAGE_SIZE } from '@common/schemas/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';

const signupsPage = (q: string, limit: number, cursor: string | undefined, signal?: AbortSignal) =>
  apiGetPageOf<EmailSignupsReply>(withQuery('/api/admin/email-signups', { q, limit, cursor }), {
    admin: true,
    signal,
  });

/** docs/product.md#admin-calls GET /api/admin/email-signups (admin headers): newest first, filtered by e-mail on the server, 50 at a time. */
export const emailSignupsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.admin.emailSignups, q] as const,
    queryFn: ({ pageParam, signal }) => signupsPage(q, DEFAULT_PAGE_SIZE, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    // Keep the last list on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

/** Every signup matching q, read 100 at a time (the largest page), for the CSV export: never only those shown. */
export async function fetchAllEmailSignups(q: string): Promise<EmailSignup[]> {
  const all: EmailSignup[] = [];
  let cursor: string | undefined;
  do {
    const page = await signupsPage(q, 100, cursor);
    all.push(...page.data.emailSignups);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
