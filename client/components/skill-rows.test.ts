import { inEveryCategory } from '@common/rating-categories.fixtures';
import type { Estimate, Skill } from '@common/schemas/trust';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SkillEstimate } from './skill-estimate';
import { ratingsSummary, skillRows, weekOf, weightText } from './skill-rows';

const e = (mean: number, low: number, high: number, n: number): Estimate => ({ mean, low, high, n });

function skill(label: Skill['reliability']['label'], ratings: number): Skill {
  const estimate = ratings === 0 ? e(3.2, 1.9, 4.5, 0) : e(3.5, 3.1, 3.9, ratings);
  return {
    categories: inEveryCategory(estimate),
    overall: ratings === 0 ? estimate : e(4.12, 3.55, 4.6, ratings),
    communityMean: 3.2,
    reliability: { label, score: ratings === 0 ? 0 : 62, ratings, distinctRaters: ratings, ratingsLast12Months: 2 },
    computedAt: '2026-11-25T12:00:00.000Z',
  };
}

describe('skillRows', () => {
  it('has the five categories in order, then would play again, each with one plain sentence', () => {
    const rows = skillRows(skill('medium', 5));
    expect(rows.map((row) => row.label)).toEqual([
      'Serve & Return',
      'Groundstrokes & Third Shot',
      'Net Play, Volleys & Dinks',
      'Movement & Court Awareness',
      'Mental & Physical Game',
      'Would play again',
    ]);
    expect(rows[0].sentence).toBe('We are 90% sure your Serve & Return is between 3.1 and 3.9.');
    expect(rows[5].sentence).toBe('We are 90% sure your “would play again” score is between 3.6 and 4.6.');
  });

  it('speaks of the player by name on their public page', () => {
    const rows = skillRows(skill('medium', 5), 'Jordan’s');
    expect(rows[0].sentence).toBe('We are 90% sure Jordan’s Serve & Return is between 3.1 and 3.9.');
    expect(rows[5].sentence).toBe('We are 90% sure Jordan’s “would play again” score is between 3.6 and 4.6.');
  });

  it('says kindly that a player nobody rated sees the community average', () => {
    const rows = skillRows(skill('none', 0));
    expect(rows[0].sentence).toBe(
      'Serve & Return shows the community average, 3.2: 9 in 10 players are between 1.9 and 4.5.',
    );
    expect(rows.every((row) => !row.sentence.includes('90% sure'))).toBe(true);
  });

  it('counts the ratings and the recent ones', () => {
    expect(ratingsSummary(skill('medium', 5).reliability)).toBe('5 ratings, 2 in the last 12 months');
    expect(ratingsSummary({ ...skill('low', 1).reliability, ratingsLast12Months: 1 })).toBe(
      '1 rating, 1 in the last 12 months',
    );
  });
});

describe('a rating in the list', () => {
  it('shows its share in the estimate discreetly, and nothing when the server sends none', () => {
    expect(weightText(0.123)).toBe('counts 12% toward your estimate');
    expect(weightText(0.001)).toBe('counts less than 1% toward your estimate');
    expect(weightText(0)).toBe('does not count toward your estimate');
    expect(weightText(null)).toBeNull();
    expect(weightText(undefined)).toBeNull();
  });

  it('shows an anonymous rating by its week, in UTC (the server rounds it to the week)', () => {
    expect(weekOf('2026-11-23T00:00:00.000Z')).toBe('week of Nov 23, 2026');
  });
});

describe('SkillEstimate', () => {
  it('draws each estimate as a bar with a text alternative, and shows the reliability once', () => {
    const html = renderToStaticMarkup(createElement(SkillEstimate, { skill: skill('medium', 5) }));
    expect(html).toContain('role="img" aria-label="Serve &amp; Return: 3.5 out of 5, 90% range 3.1 to 3.9"');
    expect(html).toContain('aria-label="Would play again: 4.1 out of 5, 90% range 3.6 to 4.6"');
    expect(html.match(/role="img"/g)).toHaveLength(6);
    expect(html.match(/Medium reliability/g)).toHaveLength(1);
    expect(html).toContain('5 ratings, 2 in the last 12 months');
  });

  it('is about the named player on their page, not about the reader', () => {
    const html = renderToStaticMarkup(
      createElement(SkillEstimate, { skill: skill('medium', 5), player: { firstName: 'Jordan' } }),
    );
    expect(html).toContain('>Skill estimate<');
    expect(html).toContain('What Jordan’s ratings say');
    expect(html).not.toMatch(/\byour\b/i);
  });

  it('tells a player nobody rated that these are the community numbers', () => {
    const html = renderToStaticMarkup(createElement(SkillEstimate, { skill: skill('none', 0) }));
    expect(html).toContain('No ratings yet: this is the community average.');
    expect(html).not.toContain('90% sure');
  });
});
