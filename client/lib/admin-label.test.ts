import { describe, expect, it } from 'vitest';
import { adminLabel } from './admin-label';

describe('adminLabel', () => {
  it('reads the server labels of an admin identity', () => {
    expect(adminLabel('ada@club.test')).toBe('ada@club.test');
    expect(adminLabel('developer:devadmin')).toBe('developer devadmin');
    expect(adminLabel('admin:admin@club.test')).toBe('admin@club.test (admin key)');
    expect(adminLabel('system')).toBe('the system');
  });
});
