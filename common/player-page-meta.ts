import type { PlayerPage } from './schemas/player-page';
import { SITE_NAME, type PageMeta } from './seo';

/** The preview picture's size (Open Graph's usual 1.91:1). */
export const PLAYER_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
const ratingsText = (n: number) => `${n.toLocaleString('en-US')} rating${n === 1 ? '' : 's'}`;

/** "Austin, TX" → locality and region; a place without a state is the locality alone. */
function placeParts(place: string): { locality?: string; region?: string } {
  const [locality, region] = place.split(',').map((part) => part.trim());
  return { ...(locality ? { locality } : {}), ...(region ? { region } : {}) };
}

/**
 * The head tags of a player's page, the same from the server (its HTML) and the client (on navigation): title
 * "Jordan Rivera · Austin, TX · Pickleball Ratings", the overall estimate and the number of ratings in words, the
 * player's own preview picture, and a ProfilePage about a Person. A members-only page is kept out of indexes, and so
 * is a new player nobody else has rated yet.
 */
export function playerPageMeta(page: PlayerPage, baseUrl: string): PageMeta {
  const name = `${page.firstName} ${page.lastName}`;
  const { reliability, overall } = page.skill;
  const rated = reliability.label !== 'none' && reliability.ratings > 0;
  const where = page.place ? ` in ${page.place}` : '';
  const description = rated
    ? `${name} plays pickleball${where}. Rated ${oneDecimal(overall.mean)} out of 5 by the community (90% range ${oneDecimal(overall.low)} to ${oneDecimal(overall.high)}) from ${ratingsText(reliability.ratings)}, ${reliability.label} reliability.`
    : `${name} plays pickleball${where}. No ratings yet: played with ${page.firstName}? Be the first to rate their game.`;
  const { locality, region } = placeParts(page.place);
  const who = page.place ? `${name}, ${page.place}` : name;
  return {
    title: [name, page.place, SITE_NAME].filter(Boolean).join(' · '),
    description,
    path: page.path,
    noindex: !page.isPublic || !page.isIndexable,
    ogType: 'profile',
    image: {
      // The server's address for it, versioned by the stored estimate: a new picture, a new address.
      url: page.imagePath,
      alt: rated
        ? `${who}: rated ${oneDecimal(overall.mean)} out of 5 overall from ${ratingsText(reliability.ratings)}, ${reliability.label} reliability`
        : `${who}: not rated yet`,
      ...PLAYER_IMAGE_SIZE,
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: `${baseUrl.replace(/\/$/, '')}${page.path}`,
        mainEntity: {
          '@type': 'Person',
          name,
          ...(locality
            ? {
                address: {
                  '@type': 'PostalAddress',
                  addressLocality: locality,
                  ...(region ? { addressRegion: region } : {}),
                },
              }
            : {}),
        },
      },
    ],
  };
}
