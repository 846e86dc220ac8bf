import { describe, expect, it } from 'vitest';
import { reasonForWord, screenText } from './screen-text';

describe('screenText', () => {
  it.each([
    'Great soft game at the kitchen line; work on third shot drops.',
    'Solid 3.5 player, drills 1 2 3 help. Assess the court before the serve!',
    'Classic Scunthorpe and Sussex tournaments; he passes the ball well.',
    'Hit it at their feet!! Good job...',
    '',
  ])('passes clean text: %j', (text) => {
    expect(screenText(text)).toEqual({ flagged: false });
  });

  it('passes null and undefined', () => {
    expect(screenText(null)).toEqual({ flagged: false });
    expect(screenText(undefined)).toEqual({ flagged: false });
  });

  it.each([
    ['plain profanity', 'What a shit serve', 'other'],
    ['leetspeak', 'a $h1t serve', 'other'],
    ['a masked letter', 'f*ck this guy', 'other'],
    ['repeated letters', 'fuuuuuck', 'other'],
    ['look-alike Unicode letters', 'ƒuck', 'other'],
    ['spaced-out letters', 'you are a f u c k i n g cheat', 'other'],
    ['dotted letters', 'a real p.r.i.c.k at the net', 'contextual'],
    ['a racial slur in leetspeak', 'n1gg3r', 'racial'],
    ['a slur with a symbol', 'what a f@g', 'slur'],
    ['a spaced-out slur', 'he is a r e t a r d', 'slur'],
    ['a religious slur', 'typical k1ke', 'religious'],
    ['a religious slur outside the base list', 'towelhead', 'religious'],
    ['a sexual term', 'pu$$y', 'sexual'],
    ['an ambiguous word', 'Dick returns well', 'contextual'],
  ])('flags %s', (_label, text, reason) => {
    const verdict = screenText(text);
    expect(verdict).toMatchObject({ flagged: true, reason });
  });

  it('gives the most serious reason when several terms match', () => {
    expect(screenText('shit play from that n1gg3r')).toMatchObject({ flagged: true, reason: 'racial' });
    expect(screenText('dick move, you r e t a r d')).toMatchObject({ flagged: true, reason: 'slur' });
  });

  it('lists each matched term once', () => {
    expect(screenText('shit shit sh1t')).toEqual({ flagged: true, reason: 'other', terms: ['shit'] });
  });

  it('maps unknown terms to other', () => {
    expect(reasonForWord('fuck')).toBe('other');
    expect(reasonForWord('no-such-term')).toBe('other');
  });
});
