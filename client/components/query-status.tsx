import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { serverMessage } from '@client/lib/api-client';

/** What QueryStatus reads of a useQuery or useInfiniteQuery result. */
type ReadState = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchNextPageError?: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

/**
 * Whether a list or panel read from the server has something to show: it has loaded and its last read did not fail.
 * A failed next page still counts as loaded: the list stays and its foot (ShowMore) offers to try again.
 */
export function isLoaded<Query extends ReadState & { data: unknown }>(
  query: Query,
): query is Query & { data: NonNullable<Query['data']> } {
  return !query.isPending && !(query.isError && !query.isFetchNextPageError);
}

/**
 * What a list or panel shows until it is loaded (see isLoaded): its loading line, or the error with Try Again, which
 * reads it again (docs/product.md#messages).
 */
export function QueryStatus({
  query,
  loading,
  failed,
}: {
  query: ReadState;
  /** "Loading players..." */
  loading: string;
  /** The error's title: "Error loading players". */
  failed: string;
}) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  return (
    <Alert
      tone="error"
      title={failed}
      action={
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try Again
        </Button>
      }
    >
      {serverMessage(query.error, 'Please try again.')}
    </Alert>
  );
}
