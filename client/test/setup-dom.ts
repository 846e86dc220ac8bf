import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test starts from an empty page (Testing Library cleans up by itself only with Vitest's globals on),
// and with the real fetch back if a test faked it.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
