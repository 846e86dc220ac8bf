import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { parsePlayerId, playerPageQuery, searchResultOfPage } from '@client/lib/player-page-query';
import type { PlayerSearchResult } from '@common/schemas/players';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A player's page sends `?player=<id>`: the wizard opens at step 2 with them (updating an earlier rating).
 * Returns whether that player is still being opened.
 */
export function usePresetPlayer(selectPlayer: (player: PlayerSearchResult) => Promise<void>): boolean {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const presetPlayerId = parsePlayerId(params.get('player'));
  const [opening, setOpening] = useState(false);
  const presetTaken = useRef<number | null>(null);

  const openPresetPlayer = useEffectEvent(async (playerId: number) => {
    setOpening(true);
    try {
      // Asked afresh: whether the caller already rated them decides between a new rating and the update flow.
      const page = await queryClient.fetchQuery({ ...playerPageQuery(playerId), staleTime: 0 });
      if (page.viewer.isOwner) {
        toast({
          title: 'You cannot rate yourself',
          description: 'Pick another player to rate.',
          variant: 'destructive',
        });
        return;
      }
      await selectPlayer(searchResultOfPage(page));
    } catch (error) {
      toast({
        title: 'Could not open that player',
        description: serverMessage(error, 'Please search for them instead.'),
        variant: 'destructive',
      });
    } finally {
      setOpening(false);
    }
  });

  useEffect(() => {
    if (presetPlayerId === null || presetTaken.current === presetPlayerId) return;
    presetTaken.current = presetPlayerId;
    // Taken once: a reload or "Change Player" does not bring the player back.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('player');
        return next;
      },
      { replace: true },
    );
    void openPresetPlayer(presetPlayerId);
  }, [presetPlayerId, setParams]);

  return opening;
}
