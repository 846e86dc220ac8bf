import { Toaster } from '@client/components/ui/toaster';
import { currentUserQuery, developerQuery, linkedPlayerQuery } from '@client/lib/use-auth';
import type { CurrentUser, LinkedPlayer } from '@common/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export const SIGNED_IN_USER: CurrentUser = {
  id: 'user-1',
  email: 'rater@example.com',
  firstName: 'Riley',
  lastName: 'Rater',
  isAdmin: false,
  authProvider: 'password',
  profileImageUrl: null,
  emailConfirmed: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/**
 * Renders `ui` as the app would hold it: a fresh query cache (no retries), a router at `route`, and the toasts.
 * `user` (and their `linkedPlayer`) are put in the cache as already looked up, so no sign-in request is made.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    route = '/',
    user = null,
    linkedPlayer = null,
  }: { route?: string; user?: CurrentUser | null; linkedPlayer?: LinkedPlayer | null } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  client.setQueryData(developerQuery.queryKey, null);
  if (user) client.setQueryData(linkedPlayerQuery(`user:${user.id}`).queryKey, linkedPlayer);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
