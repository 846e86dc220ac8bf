import { describe, expect, it } from 'vitest';
import { wasEdited } from './was-edited';

describe('wasEdited', () => {
  it('is false for a rating whose updatedAt is its createdAt', () => {
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' })).toBe(false);
  });

  it('is false for a rating stored with an updatedAt milliseconds after its createdAt', () => {
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.662Z', updatedAt: '2026-03-01T10:00:00.668Z' })).toBe(false);
  });

  it('is true once an edit moved updatedAt on', () => {
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:05.000Z' })).toBe(true);
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-04T08:00:00.000Z' })).toBe(true);
  });
});
