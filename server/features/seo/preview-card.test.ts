import { describe, expect, it } from 'vitest';
import { drawnText, renderPreviewPng, type PreviewCard } from './preview-card';

const card = (name: string, place = 'Austin, TX'): PreviewCard => ({
  name,
  place,
  isVerified: false,
  overall: null,
  strongest: [],
});

describe('the preview card with emoji', () => {
  it('draws each emoji of a name as itself, not as one "missing glyph" box for all', async () => {
    const [paddle, smile, plain] = await Promise.all([
      renderPreviewPng(card('Sam 🏓')),
      renderPreviewPng(card('Sam 😀')),
      renderPreviewPng(card('Sam')),
    ]);
    // Without an emoji font both names end in the same box, so the two pictures are the same.
    expect(paddle.equals(smile)).toBe(false);
    expect(paddle.equals(plain)).toBe(false);
  });

  it('draws an emoji in the place too', async () => {
    const [cowboy, ball] = await Promise.all([
      renderPreviewPng(card('Sam', 'Austin, TX 🤠')),
      renderPreviewPng(card('Sam', 'Austin, TX 🎾')),
    ]);
    expect(cowboy.equals(ball)).toBe(false);
  });

  it('keeps the space after an emoji at the text font’s width (a zero-width space ends the emoji’s run)', () => {
    expect(drawnText('Sam 🏓 Smash')).toBe('Sam 🏓\u200B Smash');
    expect(drawnText('Flag 🇺🇸 and 👩🏽‍💻 here')).toBe('Flag 🇺🇸\u200B and 👩🏽‍💻\u200B here');
    expect(drawnText('Sam🏓')).toBe('Sam🏓');
    expect(drawnText('Zoë Smith')).toBe('Zoë Smith');
  });
});
