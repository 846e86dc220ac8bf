import type { RatingCategoryKey } from '../../../common/constants';

/** Sentences for seeded comments, by how good the rated play was (1 = weak, 3 = strong). */
type Tone = 1 | 2 | 3;

const STRENGTHS: Record<Tone, readonly string[]> = {
  3: [
    'Excellent court awareness and very consistent at the kitchen line.',
    'Third shot drops are reliable and set up the point well.',
    'Reads the game early and almost never pops the ball up.',
    'Great hands in fast exchanges at the net.',
    'Serves deep and keeps returns low; hard to attack.',
    'Stays calm in close games and communicates well with a partner.',
    'Resets hard drives into the kitchen with ease.',
    'Moves well laterally and covers the middle.',
    'Very patient in dink rallies and waits for the right ball.',
  ],
  2: [
    'Solid fundamentals and a good attitude on court.',
    'Dinks are steady; could speed up more when the ball sits up.',
    'Returns are deep most of the time.',
    'Fun partner, talks through the points.',
    'Good footwork getting to the line after the return.',
    'Consistent serve, ready for more spin.',
    'Decent drives from the baseline.',
  ],
  1: [
    'Still learning the kitchen rules but improving quickly.',
    'Keen to learn and always up for another game.',
    'Serve goes in most of the time.',
    'Enjoys the game and shows up every week.',
  ],
};

const IMPROVEMENTS: Record<Tone, readonly string[]> = {
  3: [
    'Could mix in more lobs to keep opponents honest.',
    'Occasionally speeds up from below the net.',
    'Backhand roll volley is the next step.',
  ],
  2: [
    'Work on getting to the kitchen line faster after the return.',
    'Third shot drops land a bit high at times.',
    'Needs more patience in dink rallies.',
    'Should split-step before the opponent hits.',
    'Backhand dink is less consistent than the forehand.',
  ],
  1: [
    'Needs to stay back after the serve (two-bounce rule).',
    'Paddle up at the net would help a lot.',
    'Work on keeping the serve below the waist and deep.',
    'Footwork: too many balls are reached with the arm only.',
    'Try to keep dinks out of the attack zone.',
  ],
};

const CATEGORY: Record<RatingCategoryKey, Record<Tone, readonly string[]>> = {
  serveReturn: {
    3: ['Deep, well placed serves.', 'Returns are deep and low.'],
    2: ['Serve is steady.', 'Return could go deeper.'],
    1: ['Serve needs more consistency.', 'Returns land short.'],
  },
  groundstrokesThirdShot: {
    3: ['Third shot drop is a weapon.', 'Drives with heavy topspin.'],
    2: ['Good drives, drops are developing.', 'Groundstrokes are reliable.'],
    1: ['Third shot often goes into the net.', 'Working on the drop shot.'],
  },
  netPlayVolleysDinks: {
    3: ['Soft hands at the net.', 'Wins most hand battles.'],
    2: ['Dinks are consistent.', 'Volleys are solid.'],
    1: ['Dinks tend to float.', 'Needs paddle up at the net.'],
  },
  movementCourtAwareness: {
    3: ['Always in the right spot.', 'Covers the middle very well.'],
    2: ['Moves well with a partner.', 'Good court positioning.'],
    1: ['Gets caught in the transition zone.', 'Slow to recover after a lob.'],
  },
  mentalPhysicalGame: {
    3: ['Unflappable under pressure.', 'Great stamina in long matches.'],
    2: ['Stays positive.', 'Good focus in close games.'],
    1: ['Gets frustrated after errors.', 'Tires late in long sessions.'],
  },
};

export const BIOS: readonly string[] = [
  'Former tennis player who switched to pickleball.',
  'Plays mostly doubles at the local rec center.',
  'Loves mixed doubles and weekend tournaments.',
  'Picked up a paddle during retirement and never looked back.',
  'Club organiser and open-play regular.',
  'Looking for partners for 3.5+ round robins.',
  'Drills three times a week, plays league on Thursdays.',
];

/** Mild text a moderator held for review (the seed never writes slurs). */
export const FLAGGED_TEXTS: readonly { text: string; reason: 'contextual' | 'other' }[] = [
  { text: 'Total clown on the court, nobody should partner with this person.', reason: 'contextual' },
  { text: 'Cheats on line calls every single game, a disgrace.', reason: 'contextual' },
  { text: 'Call me at 555-0100 for lessons, best rates in town!', reason: 'other' },
  { text: 'Worst player I have ever seen, just quit already.', reason: 'contextual' },
];

export function toneOf(score: number): Tone {
  if (score >= 4) return 3;
  if (score >= 3) return 2;
  return 1;
}

export function strengthsText(tone: Tone, pick: <T>(items: readonly T[]) => T, sentences: number): string {
  const parts = [pick(STRENGTHS[tone])];
  if (sentences > 1) parts.push(pick(IMPROVEMENTS[tone]));
  if (sentences > 2) parts.push(pick(STRENGTHS[tone === 1 ? 2 : tone]));
  return parts.join(' ');
}

export function categoryText(key: RatingCategoryKey, tone: Tone, pick: <T>(items: readonly T[]) => T): string {
  return pick(CATEGORY[key][tone]);
}
