import type { BadgeTone } from '@client/components/ui/badge';
import type { TrustFlag, TrustRun, TrustRunHealth, TrustStatus } from '@common/schemas/trust';

type Evidence = TrustFlag['evidence'];
export type RingEvidence = Extract<Evidence, { density: number }>;
export type BoostEvidence = Extract<Evidence, { ratingMean: number }>;
export type BurstEvidence = Extract<Evidence, { youngAccounts: number }>;

export const isRing = (evidence: Evidence): evidence is RingEvidence => 'density' in evidence;
export const isBurst = (evidence: Evidence): evidence is BurstEvidence => 'youngAccounts' in evidence;

export const FLAG_TYPE: Record<TrustFlag['type'], { label: string; tone: BadgeTone; what: string }> = {
  ring: { label: 'Ring', tone: 'danger', what: 'Accounts that rate each other far above what everyone else gives' },
  boost: { label: 'Boost', tone: 'orange', what: 'One rating far above everything else the player receives' },
  burst: {
    label: 'Burst',
    tone: 'warning',
    what: 'New accounts rating one player within a day, held until reviewed or until the accounts are a week old',
  },
};

/** A ring's or boost's score from the model; a burst's is its number of new accounts. */
export function scoreText(flag: Pick<TrustFlag, 'type' | 'score'>): string {
  return flag.type === 'burst' ? count(flag.score, 'new account') : `Score ${fixed(flag.score, 2)}`;
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The player's name from the flag's own list, or their id when it is missing. */
export function playerName(flag: Pick<TrustFlag, 'players'>, playerId: number): string {
  return flag.players.find((player) => player.id === playerId)?.name ?? `Player #${playerId}`;
}

export type RingRow = { playerId: number; name: string; inside: string; outside: string; gap: string | null };

/** Per player of a ring: the group's mean against everyone else's, and the difference. */
export function ringRows(flag: Pick<TrustFlag, 'players'>, evidence: RingEvidence): RingRow[] {
  return evidence.players.map((row) => ({
    playerId: row.playerId,
    name: playerName(flag, row.playerId),
    inside: `${fixed(row.insideMean, 1)} from ${count(row.insideCount, 'rating')}`,
    outside:
      row.outsideMean === null || row.outsideCount === 0
        ? 'no other ratings'
        : `${fixed(row.outsideMean, 1)} from ${count(row.outsideCount, 'rating')}`,
    gap:
      row.outsideMean === null
        ? null
        : `${row.insideMean >= row.outsideMean ? '+' : '−'}${fixed(Math.abs(row.insideMean - row.outsideMean), 1)}`,
  }));
}

/** The ring's headline figures: how completely its accounts rate each other, and how unusual their ratings are. */
export function ringSummary(evidence: RingEvidence): { label: string; value: string }[] {
  return [
    { label: 'Density', value: `${Math.round(evidence.density * 100)}%` },
    { label: 'Mean z', value: fixed(evidence.meanZ, 2) },
  ];
}

/** A boost: the rating against the player's other ratings. */
export function boostSummary(evidence: BoostEvidence): { label: string; value: string }[] {
  return [
    { label: 'This rating', value: fixed(evidence.ratingMean, 1) },
    {
      label: 'Player’s other ratings',
      value:
        evidence.playerOthersCount === 0
          ? 'none'
          : `${fixed(evidence.playerOthersMean, 1)} from ${count(evidence.playerOthersCount, 'rating')}`,
    },
    { label: 'z', value: fixed(evidence.z, 2) },
  ];
}

/** A burst: the new accounts' ratings against the player's others, how unusual new accounts are, when it counts. */
export function burstSummary(evidence: BurstEvidence, status: TrustFlag['status']): { label: string; value: string }[] {
  const release = new Date(evidence.releasesAt).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [
    {
      label: 'New accounts',
      value: `${fixed(evidence.burstMean, 1)} from ${count(evidence.youngAccounts, 'account')}`,
    },
    {
      label: 'Player’s other ratings',
      value:
        evidence.othersMean === null || evidence.othersCount === 0
          ? 'none'
          : `${fixed(evidence.othersMean, 1)} from ${count(evidence.othersCount, 'rating')}`,
    },
    { label: 'New accounts on the site', value: `${Math.round(evidence.siteYoungShare * 100)}% of the others` },
    ...(status === 'pending' ? [{ label: 'Counts unreviewed from', value: release }] : []),
  ];
}

/** "#12, #13 and #14". */
export function ratingIdsText(ids: readonly number[]): string {
  const tags = ids.map((id) => `#${id}`);
  if (tags.length <= 1) return tags.join('');
  return `${tags.slice(0, -1).join(', ')} and ${tags[tags.length - 1]}`;
}

/** The calibration check in words: the share of new ratings inside their predicted 90% range (aim: about 90%). */
export function calibrationText(calibration: TrustStatus['calibration']): string {
  if (calibration.insideShare === null || calibration.ratings === 0) return 'No new ratings in the last 30 days';
  return `${Math.round(calibration.insideShare * 100)}% of ${count(calibration.ratings, 'new rating')} fell inside their 90% range`;
}

/** A calibration far from 90% is worth a look (87-93% is what the model aims at). */
export function calibrationTone(calibration: TrustStatus['calibration']): 'ok' | 'off' | 'unknown' {
  if (calibration.insideShare === null || calibration.ratings === 0) return 'unknown';
  return calibration.insideShare >= 0.87 && calibration.insideShare <= 0.93 ? 'ok' : 'off';
}

/** "2.4 s" / "850 ms". */
export const durationText = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** A full run that has not finished: the panel follows it and "Recompute now" waits for it. */
export const isRunOpen = (run: TrustRun | null | undefined): run is TrustRun & { state: 'queued' | 'running' } =>
  run?.state === 'queued' || run?.state === 'running';

type Progress = TrustRun['progress'];
const amount = (n: number) => n.toLocaleString('en-US');

/**
 * The steps of a full run as the server names them (server/features/trust/full-run.service.ts), in words. Counts show
 * only where they mean "this many of that many": a step's `total` is 0 while it cannot know it, or 1 for a single step.
 */
const RUN_PHASES: Record<string, (progress: Progress) => string> = {
  starting: () => 'Starting',
  'reading players': () => 'Reading players',
  'reading ratings': ({ done }) => (done > 0 ? `Reading ratings: ${amount(done)} so far` : 'Reading ratings'),
  hyper: () => 'Fitting the model',
  leniency: ({ done, total }) =>
    total > 0 ? `Measuring rater leniency: pass ${done + 1} of up to ${total}` : 'Measuring rater leniency',
  estimates: ({ done, total }) =>
    total > 0 ? `Computing estimates: ${amount(done)} of ${count(total, 'player')}` : 'Computing estimates',
  collusion: () => 'Checking for collusion',
  raters: () => 'Saving rater scores and flags',
  done: () => 'Finishing',
};

/** The steps whose count is worth a bar (the others last a moment, or count up to an unknown end). */
const BAR_PHASES = new Set(['leniency', 'estimates']);

/** How far an open run got: "Computing estimates: 40,000 of 87,027 players", and its share for a bar. */
export function runProgress(run: TrustRun): { text: string; share: number | null } {
  if (run.state === 'queued') return { text: 'Queued, waiting to start', share: null };
  const phase = run.phase ?? 'starting';
  const { done, total } = run.progress;
  const known = Object.hasOwn(RUN_PHASES, phase) ? RUN_PHASES[phase] : undefined;
  const text = known
    ? known(run.progress)
    : `${phase.charAt(0).toUpperCase()}${phase.slice(1)}${total > 0 ? `: ${amount(done)} of ${amount(total)}` : ''}`;
  const share = BAR_PHASES.has(phase) && total > 0 ? Math.min(1, done / total) : null;
  return { text, share };
}

/** Health worth a badge beside the panel's title; "ok", "running" and "never" have none. */
export const RUN_HEALTH_BADGE: Partial<Record<TrustRunHealth, { label: string; tone: BadgeTone }>> = {
  overdue: { label: 'Overdue', tone: 'warning' },
  failed: { label: 'Last run failed', tone: 'danger' },
};
