import { PLACE_UNKNOWN_MESSAGE, type ResolvePlaceReply } from '@common/schemas/locations';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiGet, withQuery } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/locations/resolve?q=: the place a location text names, or null; the ZIP data never changes meanwhile. */
export function placeCheckQuery(text: string) {
  const term = text.trim();
  return queryOptions({
    queryKey: queryKeys.locations.resolve(term),
    queryFn: ({ signal }) => apiGet<ResolvePlaceReply>(withQuery('/api/locations/resolve', { q: term }), { signal }),
    staleTime: Infinity,
  });
}

/**
 * Checks a location field before its form is sent (docs/product.md#places): resolves to the message to show under
 * the field when the ZIP data does not know the place, else null. Empty text is the schema's to refuse, and an
 * answer that does not come is the server's to judge when the form is sent.
 */
export function usePlaceCheck() {
  const queryClient = useQueryClient();
  return useCallback(
    async (text: string, message: string = PLACE_UNKNOWN_MESSAGE): Promise<string | null> => {
      if (!text.trim()) return null;
      try {
        const { place } = await queryClient.fetchQuery(placeCheckQuery(text));
        return place ? null : message;
      } catch {
        return null;
      }
    },
    [queryClient],
  );
}

/**
 * A form's location field, checked as the user leaves it: `onUnknown` hears the message when the place is unknown
 * and the field still holds the text checked. `checkNow` is the same check before the form is sent.
 */
export function usePlaceField(value: string, onUnknown: (message: string) => void, message?: string) {
  const check = usePlaceCheck();
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const onBlur = () => {
    const checked = value;
    void check(checked, message).then((found) => {
      if (found && latest.current === checked) onUnknown(found);
    });
  };
  return { onBlur, checkNow: () => check(value, message) };
}
