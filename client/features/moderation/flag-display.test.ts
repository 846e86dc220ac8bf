import type { FlaggedComment } from '@common/schemas/moderation';
import { describe, expect, it } from 'vitest';
import { resolveFlagBody } from './api/resolve-flag';
import { fieldLabel, pendingFlags, reasonLabel, reasonTone, resolutionLabel, resolvedPreview } from './flag-display';

function flag(id: number, resolvedAt: string | null): FlaggedComment {
  return {
    id,
    ratingId: id,
    field: 'strengthsImprovements',
    flaggedText: `text ${id}`,
    flagReason: 'other',
    isResolved: resolvedAt !== null,
    resolvedAt,
    resolvedBy: null,
    resolvedByLabel: null,
    resolutionNotes: null,
    resolution: resolvedAt === null ? null : 'restored',
    playerId: 1,
    playerName: 'Ann Lee',
    raterEmail: 'r@club.test',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('flagged content display (docs/product.md#admin-screens)', () => {
  it('colours reasons: racial/slur red, religious/sexual orange, contextual yellow, other grey', () => {
    expect(reasonTone('racial')).toBe('danger');
    expect(reasonTone('slur')).toBe('danger');
    expect(reasonTone('religious')).toBe('orange');
    expect(reasonTone('sexual')).toBe('orange');
    expect(reasonTone('contextual')).toBe('warning');
    expect(reasonTone('other')).toBe('neutral');
    expect(reasonTone('Racial slur (context)')).toBe('danger');
    expect(reasonLabel('sexual')).toBe('Sexual');
  });

  it('names the flagged field as the rating form does', () => {
    expect(fieldLabel('strengthsImprovements')).toBe('Strengths & improvements');
    expect(fieldLabel('netPlayVolleysDinksComments')).toBe('Net Play, Volleys & Dinks comment');
    expect(fieldLabel('somethingElse')).toBe('somethingElse');
  });

  it('shows the five most recently resolved flags and counts the rest from the counter', () => {
    const flags = [
      flag(1, null),
      ...Array.from({ length: 7 }, (_, index) => flag(10 + index, `2026-02-0${index + 1}T00:00:00.000Z`)),
    ];
    expect(pendingFlags(flags).map((item) => item.id)).toEqual([1]);
    const { shown, more } = resolvedPreview(flags, 7);
    expect(shown.map((item) => item.id)).toEqual([16, 15, 14, 13, 12]);
    expect(more).toBe(2);
    expect(resolvedPreview(flags, 40).more).toBe(35);
    expect(resolvedPreview([flag(2, '2026-01-01T00:00:00.000Z')], 1)).toMatchObject({ more: 0 });
  });

  it('sends trimmed resolution notes, and none when empty, with the admin’s choice', () => {
    expect(resolveFlagBody('  spoke to the rater  ')).toEqual({ notes: 'spoke to the rater', action: 'restore' });
    expect(resolveFlagBody('   ', 'keep_hidden')).toEqual({ action: 'keep_hidden' });
  });

  it('says what the admin chose on resolving', () => {
    expect(resolutionLabel('restored')).toBe('Restored');
    expect(resolutionLabel('kept_hidden')).toBe('Kept hidden');
    expect(resolutionLabel(null)).toBeNull();
  });
});
