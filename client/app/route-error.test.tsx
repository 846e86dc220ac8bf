import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabErrorBoundary } from './route-error';

function Failing(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

/** Two tabs, as the workspace has: a tab list that stays, and one panel whose screen may fail. */
function Workspace() {
  const [tab, setTab] = useState('dashboard');
  return (
    <>
      <button type="button" onClick={() => setTab('leaderboard')}>
        Leaderboard
      </button>
      <TabErrorBoundary tab={tab}>{tab === 'dashboard' ? <Failing /> : <p>Top raters</p>}</TabErrorBoundary>
    </>
  );
}

describe('TabErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a failed screen’s error in its tab, keeps the rest of the page, and clears it on another tab', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Workspace />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The other tabs still work.');
    // Under the tab's own heading (h1), so a second level, with the way out.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Something went wrong');
    screen.getByRole('button', { name: 'Reload' });

    fireEvent.click(screen.getByRole('button', { name: 'Leaderboard' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Top raters').tagName).toBe('P');
  });
});
