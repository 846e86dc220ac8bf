import { describe, expect, it } from 'vitest';
import { attachmentName } from './download-file';

describe('attachmentName', () => {
  it('reads the file name of an attachment, quoted or not', () => {
    expect(attachmentName('attachment; filename="pickleball-ratings-data-2026-11-28.json"', 'x.json')).toBe(
      'pickleball-ratings-data-2026-11-28.json',
    );
    expect(attachmentName('attachment; filename=data.json', 'x.json')).toBe('data.json');
  });

  it('falls back when the answer names none', () => {
    expect(attachmentName(null, 'x.json')).toBe('x.json');
    expect(attachmentName('attachment', 'x.json')).toBe('x.json');
  });
});
