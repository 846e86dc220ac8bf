import { faker } from '@faker-js/faker';
import { BULK_IMPORT_DEFAULTS, SKILL_LEVELS, YEARS_PLAYING } from '../../../common/constants';
import { placeColumns, searchColumns } from '../../features/players/search-columns';
import { createCsvTable } from './csv';
import { ADMIN_COUNT, type User } from './generate-users';
import { DAY_MS, YEAR_MS, fakeEmail, iso, personName } from './people';
import { BIOS } from './phrases';
import { PLACES, placeLabel, type Place } from './places';
import { createRandom, pickWeighted, weightedPicker, type Random } from './random';

const SKILL_WEIGHTS: Record<(typeof SKILL_LEVELS)[number], number> = {
  '1.0': 2,
  '2.0': 6,
  '2.5': 12,
  '3.0': 22,
  '3.5': 25,
  '4.0': 18,
  '4.5': 10,
  '5.0': 5,
};

export type Player = {
  id: number;
  /** The linked user, -1 for none. */
  userIndex: number;
  firstName: string;
  lastName: string;
  email: string;
  skill: number;
  createdAt: number;
  place: Place;
  row: {
    skillLevel: string;
    yearsPlaying: string | null;
    location: string;
    bio: string | null;
    isVerified: boolean;
    importedBy: string | null;
  };
  /** Running aggregates, added to as the ratings are generated. */
  count: number;
  overallSum: number;
  sums: number[];
  stars: number[];
};

/** A player asked for by name, place and level: verified, not linked to a user, and rated more than most. */
export type FeaturedPlayer = {
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  skillLevel: (typeof SKILL_LEVELS)[number];
};

type PlayerOptions = { count: number; now: number; users: User[]; raterOrder: number[]; featured?: FeaturedPlayer };

/** How far a player's true game lies from the level they state (standard deviation, in levels). */
const STATED_LEVEL_SPREAD = 0.35;

/** The featured player's weight for ratings received (most players' is near 1), so its page and card have plenty. */
const FEATURED_POPULARITY = 4;

function featuredPlace(featured: FeaturedPlayer): Place {
  const place = PLACES.find((p) => p.city === featured.city && p.state === featured.state);
  if (!place) throw new Error(`no seed place ${featured.city}, ${featured.state}`);
  return place;
}

/** Which player slots belong to users, and to which (a user index per linked slot). */
function linkedSlotOwners(options: PlayerOptions, random: Random) {
  const { count, users, raterOrder } = options;
  const linkedCount = Math.min(count, Math.floor((users.length - ADMIN_COUNT) * 0.4));
  const linkedUsers = faker.helpers.shuffle(raterOrder).slice(0, linkedCount);
  const linkedSlots = new Set<number>();
  while (linkedSlots.size < linkedCount) linkedSlots.add(random.int(0, count - 1));
  const slots = [...linkedSlots].sort((a, b) => a - b);
  return { linkedCount, ownerOfSlot: new Map(slots.map((slot, i) => [slot, linkedUsers[i]])) };
}

/**
 * Players in real US places: some are users' own (linked, often verified), some came from a bulk import.
 * `popularity` weighs how many ratings each receives (about one in eight none at all).
 */
export function generatePlayers(options: PlayerOptions, random: Random) {
  const { count, now, users } = options;
  const pickPlace = weightedPicker(
    PLACES.map((place) => place.weight),
    random,
  );
  const { linkedCount, ownerOfSlot } = linkedSlotOwners(options, random);
  const importer = users[0];
  // A stream of its own for players' true games, drawn from the same --seed.
  const truthRandom = createRandom(random.int(1, 2 ** 30));
  const players: Player[] = [];
  const popularity = new Float64Array(count);
  let featuredPlayerId: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    const userIndex = ownerOfSlot.get(i) ?? -1;
    const user = userIndex >= 0 ? users[userIndex] : undefined;
    // The first player without a user, when one is featured; without one, every draw is as it always was.
    const featured = !user && featuredPlayerId === undefined ? options.featured : undefined;
    if (featured) featuredPlayerId = id;
    const drawnPlace = PLACES[pickPlace()];
    const place = featured ? featuredPlace(featured) : drawnPlace;
    const imported = !user && random.chance(0.1) && !featured;
    const drawnName = user ? { firstName: user.firstName, lastName: user.lastName } : personName(random);
    const name = featured ? { firstName: featured.firstName, lastName: featured.lastName } : drawnName;
    const drawnLevel = imported
      ? BULK_IMPORT_DEFAULTS.skillLevel
      : pickWeighted(SKILL_LEVELS, Object.values(SKILL_WEIGHTS), random);
    const skillLevel = featured?.skillLevel ?? drawnLevel;
    // What players say of themselves is near their game, not exactly it; a bulk import's default says nothing.
    const statedOrDrawn = imported ? pickWeighted(SKILL_LEVELS, Object.values(SKILL_WEIGHTS), truthRandom) : skillLevel;
    const skill = Math.min(5, Math.max(1, Number(statedOrDrawn) + truthRandom.normal() * STATED_LEVEL_SPREAD));
    const createdAt = user
      ? Math.min(now, user.createdAt + random.next() * 30 * DAY_MS)
      : now - random.next() * 3 * YEAR_MS;
    let bio: string | null = null;
    if (imported) bio = BULK_IMPORT_DEFAULTS.bio;
    else if (random.chance(0.35)) bio = random.pick(BIOS);
    let yearsPlaying: string | null = null;
    if (imported) yearsPlaying = BULK_IMPORT_DEFAULTS.yearsPlaying;
    else if (random.chance(0.85)) yearsPlaying = random.pick(YEARS_PLAYING);
    players.push({
      id,
      userIndex,
      ...name,
      email: user ? user.email : fakeEmail(name, `p${id}`, 'example.com'),
      skill: featured ? Number(skillLevel) : skill,
      createdAt,
      place,
      row: {
        skillLevel,
        yearsPlaying,
        location: placeLabel(place),
        bio,
        isVerified: (user ? random.chance(0.6) : random.chance(0.03)) || Boolean(featured),
        importedBy: imported ? importer.email : null,
      },
      count: 0,
      overallSum: 0,
      sums: [0, 0, 0, 0, 0],
      stars: [0, 0, 0, 0, 0],
    });
    if (user) user.playerIndex = i;
    const drawnPopularity = random.chance(0.12) ? 0 : Math.exp(random.normal() * 0.9);
    popularity[i] = featured ? FEATURED_POPULARITY : drawnPopularity;
  }
  return { players, popularity, linkedCount, featuredPlayerId };
}

/** The players table with the aggregates the generated ratings added up, and the search columns. */
export function playersTable(players: Player[], users: User[]) {
  const table = createCsvTable('players', [
    'id',
    'user_id',
    'first_name',
    'last_name',
    'email',
    'skill_level',
    'years_playing',
    'location',
    'city',
    'state',
    'zip',
    'bio',
    'is_verified',
    'imported_by',
    'created_at',
    'search_name',
    'search_last',
    'search_location',
    'latitude',
    'longitude',
    'rating_count',
    'overall_sum',
    'serve_return_sum',
    'groundstrokes_third_shot_sum',
    'net_play_volleys_dinks_sum',
    'movement_court_awareness_sum',
    'mental_physical_game_sum',
    'stars_1',
    'stars_2',
    'stars_3',
    'stars_4',
    'stars_5',
  ]);
  // Stored as the app stores a picked place (docs/product.md#places): its parts and "City, ST". Few places, many players.
  const placesByLabel = new Map<string, ReturnType<typeof placeColumns>>();
  for (const player of players) {
    const label = player.row.location;
    const place = placesByLabel.get(label) ?? placeColumns(label);
    placesByLabel.set(label, place);
    const search = searchColumns({ firstName: player.firstName, lastName: player.lastName, ...place });
    table.add([
      player.id,
      player.userIndex >= 0 ? users[player.userIndex].id : null,
      player.firstName,
      player.lastName,
      player.email,
      player.row.skillLevel,
      player.row.yearsPlaying,
      place.location,
      place.city,
      place.state,
      place.zip,
      player.row.bio,
      player.row.isVerified,
      player.row.importedBy,
      iso(player.createdAt),
      search.searchName,
      search.searchLast,
      search.searchLocation,
      search.latitude,
      search.longitude,
      player.count,
      player.overallSum,
      ...player.sums,
      ...player.stars,
    ]);
  }
  return table;
}
