const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/product.md#relative-time: today; 1 day ago; N days ago (under 7); 1 week ago (under 14);
 * N weeks ago (under 30); else N months ago (30-day months).
 */
export function relativeTime(value: string | number | Date, now: Date = new Date()): string {
  const then = value instanceof Date ? value : new Date(value);
  const days = Math.floor((now.getTime() - then.getTime()) / DAY_MS);
  if (Number.isNaN(days)) return 'Unknown';
  if (days < 1) return 'today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 14) return '1 week ago';
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  const months = Math.floor(days / 30);
  return months === 1 ? '1 month ago' : `${months} months ago`;
}
