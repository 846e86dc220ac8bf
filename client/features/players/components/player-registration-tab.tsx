import { Alert } from '@client/components/ui/alert';
import { Avatar } from '@client/components/ui/avatar';
import { VerificationBadge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { useFlashMessage } from '@client/lib/use-flash-message';
import { useAuth } from '@client/lib/use-auth';
import { useHomeTab } from '@client/lib/use-home-tab';
import { initialsOf } from '@common/initials';
import type { LinkedPlayer } from '@common/schemas/auth';
import type { PlayerSearchResult } from '@common/schemas/players';
import { skillLabel } from '@common/skill-label';
import { Eye, Lock, MapPin, Pencil, ShieldCheck, Star, UserPlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
// A pending claim (claims feature) takes the form's place: the second deliberate import across feature folders,
// with the claim dialog's in player-search-panel.tsx.
import { usePendingClaim } from '@client/features/claims/api/pending-claim';
import { PendingClaimCard } from '@client/features/claims/components/pending-claim-card';
import { usePlayer } from '../api/get-player';
import { PlayerSearchPanel } from './player-search-panel';
import { ProfileEditForm } from './profile-edit-form';
import { EMPTY_REGISTRATION, RegistrationForm, type RegistrationValues } from './registration-form';

type Prefill = {
  /** Remounts the form with these values. */
  key: number;
  values: RegistrationValues;
  linkedPlayerId: number | null;
  note: string | null;
};

const blankPrefill: Prefill = { key: 0, values: EMPTY_REGISTRATION, linkedPlayerId: null, note: null };

function valuesFrom(player: PlayerSearchResult): RegistrationValues {
  return {
    ...EMPTY_REGISTRATION,
    firstName: player.firstName,
    lastName: player.lastName,
    skillLevel: player.skillLevel,
    location: player.location === 'Unknown Location' ? '' : player.location,
  };
}

/**
 * docs/product.md#player-registration: search existing players, claim or use one, or register a new profile. A signed-in
 * user sees, in the form's place, their linked profile or else their pending claim (decision 008).
 */
export default function PlayerRegistrationTab() {
  const auth = useAuth();
  const pendingClaim = usePendingClaim();
  const claim = pendingClaim.data ?? null;
  const [prefill, setPrefill] = useState<Prefill>(blankPrefill);
  const [banner, showBanner] = useFlashMessage<string>();

  const useForForm = (player: PlayerSearchResult) =>
    setPrefill((current) => ({
      key: current.key + 1,
      values: valuesFrom(player),
      linkedPlayerId: player.id,
      note: `Completing the existing profile of ${player.firstName} ${player.lastName}.`,
    }));

  const clearPrefill = () => setPrefill((current) => ({ ...blankPrefill, key: current.key + 1 }));

  return (
    <div className="grid gap-5">
      {banner && (
        <Alert tone="success" title="Registration successful!">
          {banner}
        </Alert>
      )}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <PlayerSearchPanel onUseForForm={useForForm} canClaim={!auth.linkedPlayer && !claim} />
        {auth.linkedPlayerLoading || (auth.isAuthenticated && pendingClaim.isPending) ? (
          <Card>
            <LoadingBlock label="Loading your profile..." />
          </Card>
        ) : auth.linkedPlayer ? (
          <LinkedProfileCard player={auth.linkedPlayer} className="-order-1 lg:order-none" />
        ) : claim ? (
          <PendingClaimCard claim={claim} className="-order-1 lg:order-none" />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle icon={UserPlus}>Register as a player</CardTitle>
              <CardDescription>
                Not listed yet? Create your profile so others can rate your game and you can see how they see it.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {prefill.note && (
                <Alert
                  tone="info"
                  action={
                    <Button variant="ghost" size="icon" className="-m-2 size-8" onClick={clearPrefill}>
                      <X aria-hidden className="size-4" />
                      <span className="sr-only">Clear the pre-filled form</span>
                    </Button>
                  }
                >
                  {prefill.note}
                </Alert>
              )}
              <RegistrationForm
                key={prefill.key}
                initial={prefill.values}
                linkedPlayerId={prefill.linkedPlayerId}
                onRegistered={(reply, linked) => {
                  showBanner(
                    linked
                      ? `Your profile ${reply.player.firstName} ${reply.player.lastName} is complete and linked to your account.`
                      : `Welcome, ${reply.player.firstName}! Your player profile is ready for ratings.`,
                  );
                  clearPrefill();
                }}
              />
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

/** The caller's own profile (one linked player per account), with the "Unverified" skill display (docs/product.md#skill-levels). */
function LinkedProfileCard({ player, className }: { player: LinkedPlayer; className?: string }) {
  const { openTab } = useHomeTab();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closedEditor = useRef(false);
  // Back on the card, focus returns to the button that opened the form.
  useEffect(() => {
    if (editing || !closedEditor.current) return;
    closedEditor.current = false;
    editButton.current?.focus();
  }, [editing]);
  const closeEditor = () => {
    closedEditor.current = true;
    setEditing(false);
  };
  // The page's visibility is shown to the player themselves through their detail.
  const visibility = usePlayer(player.id).data?.visibility;
  if (editing && visibility) {
    return (
      <Card className={className}>
        <CardHeader>
          <CardTitle>Edit your profile</CardTitle>
          <CardDescription>
            {player.firstName} {player.lastName} · {player.email}. Your name and e-mail stay as they are.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileEditForm player={player} visibility={visibility} onDone={closeEditor} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Your player profile</CardTitle>
        <CardDescription>Your account is linked to this player. Others can now find and rate you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-4">
          <Avatar className="size-14 rounded-2xl bg-teal-700 text-lg font-bold text-white">
            {initialsOf(`${player.firstName} ${player.lastName}`)}
          </Avatar>
          <div className="min-w-0">
            <p className="text-lg font-bold wrap-anywhere text-stone-900">
              {player.firstName} {player.lastName}
            </p>
            <p className="flex items-start gap-1 text-sm text-stone-600">
              <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span className="min-w-0 wrap-anywhere">{player.location}</span>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-600">Skill level</dt>
            <dd className="mt-0.5 font-semibold text-stone-900">{skillLabel(player)}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-stone-600">Years playing</dt>
            <dd className="mt-0.5 font-semibold text-stone-900">{player.yearsPlaying ?? '—'}</dd>
          </div>
          <div className="col-span-2 rounded-xl bg-stone-50 p-3 sm:col-span-1">
            <dt className="text-stone-600">Status</dt>
            <dd className="mt-1">
              <VerificationBadge verified={player.isVerified} />
            </dd>
          </div>
        </dl>
        {player.bio && (
          <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-700">{player.bio}</p>
        )}
        {visibility && (
          <p className="flex items-center gap-1.5 text-sm text-stone-600">
            {visibility === 'public' ? (
              <Eye aria-hidden className="size-4 shrink-0" />
            ) : (
              <Lock aria-hidden className="size-4 shrink-0" />
            )}
            Your page is visible to {visibility === 'public' ? 'everyone' : 'signed-in members only'}.
          </p>
        )}
        {!player.isVerified && (
          <Alert tone="info">
            Your skill level shows as “Unverified” (you entered {player.skillLevel}) until you verify the profile.
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openTab('rate')}>
            <Star aria-hidden className="size-4" />
            Rate a Player
          </Button>
          <Button ref={editButton} variant="outline" disabled={!visibility} onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-4" />
            Edit your profile
          </Button>
          {!player.isVerified && (
            <Button variant="outline" onClick={() => openTab('verify')}>
              <ShieldCheck aria-hidden className="size-4" />
              Verify my profile
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
