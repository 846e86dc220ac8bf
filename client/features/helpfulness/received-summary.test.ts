import { describe, expect, it } from 'vitest';
import { summarizeReceived } from './received-summary';

const rating = (overallRating: number, all: number, serveReturn = all) => ({
  overallRating,
  serveReturn,
  groundstrokesThirdShot: all,
  netPlayVolleysDinks: all,
  movementCourtAwareness: all,
  mentalPhysicalGame: all,
});

describe('summarizeReceived', () => {
  it('is null without ratings', () => {
    expect(summarizeReceived([])).toBeNull();
  });

  it('averages overall and each category to one decimal', () => {
    const summary = summarizeReceived([rating(4, 4, 5), rating(3.4, 3, 2), rating(5, 5, 5)]);
    expect(summary?.count).toBe(3);
    expect(summary?.overall).toBe(4.1);
    expect(summary?.categories[0]).toEqual({ key: 'serveReturn', label: 'Serve & Return', average: 4 });
    expect(summary?.categories[1].average).toBe(4);
  });
});
