import { Avatar } from '@client/components/ui/avatar';
import { Badge, VerifiedBadge } from '@client/components/ui/badge';
import { oneDecimal, RELIABILITY_TEXT, rangeText, ratingsCount } from '@client/components/ui/estimate-text';
import { initialsOf } from '@common/initials';
import type { PlayerPage } from '@common/schemas/player-page';
import { skillLabel } from '@common/skill-label';
import { Lock, MapPin } from 'lucide-react';
import { PlayerActions } from './player-actions';

/** The top of a player's page: who they are, where they play, their headline number and what one can do. */
export function PlayerHero({ page }: { page: PlayerPage }) {
  const name = `${page.firstName} ${page.lastName}`;
  return (
    <section
      aria-labelledby="player-name"
      className="relative overflow-hidden bg-gradient-to-br from-teal-950 via-teal-800 to-teal-700 text-white"
    >
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-center lg:gap-10">
        <div className="grid min-w-0 gap-5">
          <div className="flex items-start gap-4">
            <Avatar className="font-display size-16 rounded-2xl bg-amber-400 text-2xl font-black text-stone-900 shadow-lg shadow-teal-950/30 sm:size-20 sm:text-3xl">
              {initialsOf(name)}
            </Avatar>
            <div className="min-w-0">
              <h1
                id="player-name"
                className="text-3xl leading-tight font-black tracking-tight wrap-anywhere sm:text-4xl"
              >
                {name}
              </h1>
              {page.place && (
                <p className="mt-1 flex items-center gap-1.5 wrap-anywhere text-teal-50">
                  <MapPin aria-hidden className="size-4 shrink-0" />
                  {page.place}
                </p>
              )}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {page.isVerified && <VerifiedBadge />}
                <Badge tone="neutral">Skill: {skillLabel(page)}</Badge>
                {page.yearsPlaying && <Badge tone="neutral">Playing {page.yearsPlaying} years</Badge>}
                {!page.isPublic && (
                  <Badge tone="accent">
                    <Lock aria-hidden className="size-3.5" />
                    Members only
                  </Badge>
                )}
              </div>
            </div>
          </div>
          {page.bio && (
            <p className="max-w-2xl text-base leading-relaxed wrap-anywhere whitespace-pre-line text-teal-50/95">
              {page.bio}
            </p>
          )}
          <PlayerActions page={page} />
        </div>
        <HeadlineEstimate page={page} />
      </div>
    </section>
  );
}

/** "Would play again" in one number, with its range, reliability and counts: what a shared link is opened for. */
function HeadlineEstimate({ page }: { page: PlayerPage }) {
  const { overall, reliability } = page.skill;
  const unrated = reliability.label === 'none';
  return (
    <div className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/20">
      <p className="text-sm font-semibold text-teal-50">Would play again</p>
      {unrated ? (
        <>
          <p className="font-display mt-1 text-3xl font-black">Not rated yet</p>
          <p className="mt-2 text-sm wrap-anywhere text-teal-50">
            Played with {page.firstName}? Be the first to rate their game.
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 flex items-baseline gap-1.5">
            <span className="font-display text-5xl font-black tabular-nums">{oneDecimal(overall.mean)}</span>
            <span className="text-lg font-semibold text-teal-50">/ 5</span>
          </p>
          <p className="mt-1 text-sm text-teal-50">
            90% range <span className="tabular-nums">{rangeText(overall)}</span>
          </p>
          <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-stone-900">
              {RELIABILITY_TEXT[reliability.label].long}
            </span>
            <span className="text-teal-50">{ratingsCount(reliability.ratings)}</span>
          </p>
        </>
      )}
    </div>
  );
}
