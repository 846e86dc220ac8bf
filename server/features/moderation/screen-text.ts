import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, pattern } from 'obscenity';
import type { FlagReason } from '../../../common/constants';

/*
 * docs/product.md#moderation-rules: every rating text is screened with `obscenity` (confusables, leetspeak and
 * repeated letters are resolved by its recommended transformers), plus a pass over spaced-out
 * letters ("f u c k", "r.e.t.a.r.d") that the library leaves alone on purpose to avoid false hits
 * across word boundaries. Each matched term maps to one of the reasons the admin screen colours (docs/product.md#admin-screens).
 */

type Metadata = { originalWord: string };

// Religious slurs the English dataset lacks.
const dataset = new DataSet<Metadata>()
  .addAll(englishDataset)
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: 'raghead' })
      .addPattern(pattern`raghead`)
      .addPattern(pattern`towelhead`),
  )
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'christ killer' }).addPattern(pattern`christ killer`));

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

const REASON_BY_WORD: Record<string, FlagReason> = {};
function assign(reason: FlagReason, words: string[]) {
  for (const word of words) REASON_BY_WORD[word] = reason;
}
assign('racial', ['abo', 'abeed', 'africoon', 'arabush', 'boonga', 'chingchong', 'chink', 'negro', 'nigger']);
assign('religious', ['kike', 'raghead', 'christ killer']);
// Slurs against sexuality, gender identity or disability.
assign('slur', ['dyke', 'fag', 'retard', 'spastic', 'tranny']);
assign('sexual', [
  'bestiality',
  'blowjob',
  'buttplug',
  'cuck',
  'deepthroat',
  'dildo',
  'doggystyle',
  'double penetration',
  'ejaculate',
  'felch',
  'fellatio',
  'finger bang',
  'fisting',
  'gangbang',
  'handjob',
  'hentai',
  'incest',
  'jerk off',
  'jizz',
  'lubejob',
  'masturbate',
  'orgasm',
  'orgy',
  'penis',
  'porn',
  'pussy',
  'rape',
  'semen',
  'slut',
  'vagina',
  'wank',
  'whore',
]);
// Words with innocent senses too (a name, a bird, music, Latin honours): a human should judge.
assign('contextual', [
  'anal',
  'anus',
  'arse',
  'ass',
  'boob',
  'cock',
  'cum',
  'dick',
  'hooker',
  'prick',
  'scat',
  'sex',
  'tit',
]);

/** When a text has several matches, the flag carries the most serious reason. */
const SEVERITY: FlagReason[] = ['racial', 'slur', 'religious', 'sexual', 'other', 'contextual'];

export function reasonForWord(word: string): FlagReason {
  return REASON_BY_WORD[word] ?? 'other';
}

/** Runs of three or more single characters split by spaces or punctuation, e.g. "f u c k" or "s.h.1.t". */
const SPACED_OUT = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$!|](?:[\s.\-_*+~,'"]+[\p{L}\p{N}@$!|](?![\p{L}\p{N}])){2,}/gu;

function matchedWords(text: string): string[] {
  const words = matcher
    .getAllMatches(text)
    .map((match) => dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '');
  for (const run of text.matchAll(SPACED_OUT)) {
    const joined = run[0].replace(/[\s.\-_*+~,'"]+/g, '');
    for (const match of matcher.getAllMatches(joined)) {
      words.push(dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '');
    }
  }
  return words;
}

export type Screening = { flagged: false } | { flagged: true; reason: FlagReason; terms: string[] };

/** Screens one text; pure, so the same text always gets the same verdict. */
export function screenText(text: string | null | undefined): Screening {
  if (!text) return { flagged: false };
  const terms = [...new Set(matchedWords(text))];
  if (terms.length === 0) return { flagged: false };
  const reasons = new Set(terms.map(reasonForWord));
  const reason = SEVERITY.find((candidate) => reasons.has(candidate)) ?? 'other';
  return { flagged: true, reason, terms };
}
