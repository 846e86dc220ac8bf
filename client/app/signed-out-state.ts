import { appConfigQuery, currentUserQuery, developerQuery } from '@client/lib/use-auth';
import type { AppConfig } from '@common/schemas/auth';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What a browser without a session cookie would learn from its first lookups: nobody signed in, and the
 * install's config. The server pre-renders the landing page from it, and the client starts from it when it
 * takes that page over (hydrates), so both draw the same thing and the page needs no lookup before it shows.
 */
export function seedSignedOut(client: QueryClient, config: AppConfig): void {
  client.setQueryData(currentUserQuery.queryKey, null);
  client.setQueryData(developerQuery.queryKey, null);
  client.setQueryData(appConfigQuery.queryKey, config);
}
