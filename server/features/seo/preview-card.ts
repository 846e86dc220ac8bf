import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import type { ReliabilityLabel } from '../../../common/schemas/trust';
import { OVERALL_LABEL } from '../../../common/constants';

/** What a player's link preview shows: never an e-mail, a street or a ZIP; numbers only for a public page. */
export type PreviewCard = {
  name: string;
  /** City and state (publicPlace), or '' when unknown. */
  place: string;
  isVerified: boolean;
  /** null: no estimate yet ("Not rated yet"). */
  overall: { mean: number; low: number; high: number; reliability: ReliabilityLabel; ratings: number } | null;
  /** The strongest categories, best first (at most three). */
  strongest: { label: string; mean: number }[];
};

/**
 * The card's drawing: part of every preview's ETag, so a browser or CDN holding a picture drawn before a change of
 * layout or wording is sent the new one. Raise it with any change to what a card shows.
 */
export const PREVIEW_DESIGN = 3;

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

// The site's colours (client/public/favicon.svg and og-image.png): deep teal, ball yellow.
const TEAL = '#0f766e';
const TEAL_DARK = '#083d3a';
const YELLOW = '#facc15';
const YELLOW_SOFT = '#fde68a';
const MINT = '#ccfbf1';

const require = createRequire(import.meta.url);

/**
 * Inter from its npm package (satori reads woff, not woff2), so no system font is needed anywhere. The
 * extra subsets are fallbacks satori picks per glyph, for names written in other Latin, Greek or Cyrillic letters.
 */
function loadFonts(): Font[] {
  const weights = [400, 600, 800] as const;
  const subsets = ['latin', 'latin-ext', 'vietnamese', 'greek', 'cyrillic'];
  const inter = subsets.flatMap((subset) =>
    weights.map((weight) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
  return [...inter, emojiFont()];
}

/**
 * Noto Emoji (SIL Open Font License) from its npm package: emoji in a name or place are drawn as outlines in the
 * text's colour, like the card's flat lettering, instead of a "NO GLYPH" box. One weight serves every weight.
 */
function emojiFont(): Font {
  return {
    name: 'Noto Emoji',
    weight: 400,
    style: 'normal',
    data: readFileSync(require.resolve('@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff')),
  };
}

let fonts: Font[] | undefined;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * Text as the card draws it. Satori measures a space that follows an emoji in the emoji's font, whose space is
 * over an em wide; a zero-width space (which Noto Emoji lacks) after the emoji hands the space back to Inter.
 */
export function drawnText(text: string): string {
  const parts = [...graphemes.segment(text)].map(({ segment }) => segment);
  return parts.map((part, i) => (EMOJI.test(part) && /^\s/.test(parts[i + 1] ?? '') ? `${part}\u200B` : part)).join('');
}

/** One decimal, as the app shows every estimate (3.75 → "3.8"). */
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
const scalePercent = (value: number) => Math.min(100, Math.max(0, ((value - 1) / 4) * 100));

/** "likely 3.4–4.2 · medium reliability · 12 ratings": the words under the big number. */
export function overallLine(overall: NonNullable<PreviewCard['overall']>): string {
  const reliability = overall.reliability === 'none' ? 'no ratings yet' : `${overall.reliability} reliability`;
  return `likely ${oneDecimal(overall.low)}–${oneDecimal(overall.high)} · ${reliability}`;
}

type Style = Record<string, string | number>;
type Node = { type: string; props: { style?: Style; children?: Child | Child[]; [key: string]: unknown } };
type Child = Node | string | null;

export const h = (type: string, style: Style, ...children: Child[]): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, children: children.filter((child) => child !== null) },
});

/** The ball of the favicon: a yellow ball with five teal holes on a teal disc. */
function logo(size: number): Node {
  const hole = (left: number, top: number) =>
    h('div', {
      position: 'absolute',
      left: left * size,
      top: top * size,
      width: size * 0.094,
      height: size * 0.094,
      borderRadius: size,
      backgroundColor: TEAL,
    });
  return h(
    'div',
    {
      position: 'relative',
      width: size,
      height: size,
      borderRadius: size,
      backgroundColor: TEAL,
      border: `3px solid ${YELLOW}`,
    },
    h('div', {
      position: 'absolute',
      left: size * 0.14,
      top: size * 0.14,
      width: size * 0.69,
      height: size * 0.69,
      borderRadius: size,
      backgroundColor: YELLOW,
    }),
    hole(0.33, 0.33),
    hole(0.58, 0.33),
    hole(0.455, 0.455),
    hole(0.33, 0.58),
    hole(0.58, 0.58),
  );
}

function brand(): Node {
  return h(
    'div',
    { alignItems: 'center', gap: 18 },
    logo(56),
    h('div', { fontSize: 26, fontWeight: 800, letterSpacing: 5, color: YELLOW_SOFT }, 'PICKLEBALL RATINGS'),
  );
}

function heading(card: PreviewCard): Node {
  const nameSize = card.name.length > 28 ? 56 : card.name.length > 18 ? 68 : 80;
  return h(
    'div',
    { flexDirection: 'column', gap: 10 },
    h(
      'div',
      {
        fontSize: nameSize,
        fontWeight: 800,
        color: 'white',
        lineHeight: 1.05,
        maxWidth: 1060,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      },
      drawnText(card.name),
    ),
    h(
      'div',
      { alignItems: 'center', gap: 16, fontSize: 34, color: MINT },
      card.place ? h('div', {}, drawnText(card.place)) : null,
      card.isVerified
        ? h(
            'div',
            {
              fontSize: 24,
              fontWeight: 600,
              color: TEAL_DARK,
              backgroundColor: MINT,
              borderRadius: 999,
              padding: '6px 18px',
            },
            'Verified',
          )
        : null,
    ),
  );
}

function overallBlock(card: PreviewCard): Node {
  const { overall } = card;
  if (!overall) {
    return h(
      'div',
      { flexDirection: 'column', gap: 12, width: 520 },
      h('div', { fontSize: 28, fontWeight: 600, color: MINT, letterSpacing: 1 }, OVERALL_LABEL),
      h('div', { fontSize: 64, fontWeight: 800, color: YELLOW }, 'Not rated yet'),
      h('div', { fontSize: 28, color: MINT }, 'Played with them? Be the first to rate.'),
    );
  }
  return h(
    'div',
    { flexDirection: 'column', width: 520 },
    h('div', { fontSize: 28, fontWeight: 600, color: MINT, letterSpacing: 1 }, OVERALL_LABEL),
    h(
      'div',
      { alignItems: 'flex-end', gap: 12 },
      h('div', { fontSize: 136, fontWeight: 800, color: YELLOW, lineHeight: 1 }, oneDecimal(overall.mean)),
      h('div', { fontSize: 40, fontWeight: 600, color: MINT, paddingBottom: 14 }, 'out of 5'),
    ),
    h('div', { fontSize: 28, color: 'white', marginTop: 14 }, overallLine(overall)),
    h(
      'div',
      { fontSize: 24, color: MINT, marginTop: 6 },
      `from ${overall.ratings.toLocaleString('en-US')} rating${overall.ratings === 1 ? '' : 's'}`,
    ),
  );
}

function strongestBlock(card: PreviewCard): Node | null {
  if (!card.overall || card.strongest.length === 0) return null;
  return h(
    'div',
    {
      flexDirection: 'column',
      gap: 18,
      width: 500,
      padding: '26px 30px',
      borderRadius: 24,
      backgroundColor: 'rgba(255,255,255,0.08)',
      border: '2px solid rgba(204,251,241,0.18)',
    },
    h('div', { fontSize: 24, fontWeight: 600, color: MINT, letterSpacing: 1 }, 'Strongest skills'),
    ...card.strongest.slice(0, 3).map((category) =>
      h(
        'div',
        { flexDirection: 'column', gap: 8 },
        h(
          'div',
          { justifyContent: 'space-between', fontSize: 26, color: 'white' },
          h('div', { fontWeight: 600 }, category.label),
          h('div', { fontWeight: 800, color: YELLOW }, oneDecimal(category.mean)),
        ),
        h(
          'div',
          { width: '100%', height: 10, borderRadius: 10, backgroundColor: 'rgba(204,251,241,0.2)' },
          h('div', {
            width: `${scalePercent(category.mean)}%`,
            height: 10,
            borderRadius: 10,
            backgroundColor: YELLOW,
          }),
        ),
      ),
    ),
  );
}

export function cardTree(card: PreviewCard): Node {
  return h(
    'div',
    {
      // Satori's boxes are content-box unless told: the padding stays inside the canvas.
      boxSizing: 'border-box',
      width: '100%',
      height: '100%',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '52px 64px',
      lineHeight: 1.2,
      fontFamily: 'Inter',
      // Flat: a gradient made the PNG 175 KB (every pixel differs), a flat colour compresses to a fraction.
      backgroundColor: TEAL_DARK,
    },
    brand(),
    heading(card),
    h('div', { justifyContent: 'space-between', alignItems: 'flex-end' }, overallBlock(card), strongestBlock(card)),
  );
}

/**
 * The card as a PNG. Satori lays it out on this thread (tens of milliseconds); resvg draws the pixels and sharp
 * reduces them to a palette, both on libuv's thread pool, so the event loop is held only for the layout.
 * The palette: the card is a few flat colours and anti-aliased text, which libimagequant keeps at quality 80 with
 * a few dozen colours. The file is a third of the full-colour PNG (about 18 KB instead of 55 KB), and what a
 * cached picture costs the server is mostly sending its bytes.
 */
export async function renderPreviewPng(card: PreviewCard): Promise<Buffer> {
  // Loaded at the first picture, not at start: the layout engine and the two renderers hold about 30 MiB.
  const [{ default: satori }, { renderAsync }, { default: sharp }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    import('sharp'),
  ]);
  fonts ??= loadFonts();
  const svg = await satori(cardTree(card) as Parameters<typeof satori>[0], {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts,
  });
  const rendered = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return sharp(rendered.asPng()).png({ palette: true, quality: 80, effort: 7, compressionLevel: 9 }).toBuffer();
}
