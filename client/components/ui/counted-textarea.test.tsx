import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountedTextarea } from './counted-textarea';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <CountedTextarea aria-label="Comment" max={100} value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('CountedTextarea', () => {
  it('shows the count against the limit and reads it to screen readers with the field', () => {
    render(<Harness initial="Soft hands" />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(screen.getByText('10 / 100')).toBeTruthy();
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('10 of 100 characters used');
  });

  it('keeps a longer text whole and says how much to remove', () => {
    render(<Harness />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    expect(box.maxLength).toBe(-1);
    fireEvent.change(box, { target: { value: 'x'.repeat(101) } });
    expect(box.value).toHaveLength(101);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('1 character too many: shorten it to 100 at most.')).toBeTruthy();
  });

  it('leaves the message to a form that marks the field invalid itself', () => {
    render(
      <CountedTextarea aria-label="Bio" aria-invalid max={100} value={'x'.repeat(101)} onChange={() => undefined} />,
    );
    expect(screen.getByText('101 / 100')).toBeTruthy();
    expect(screen.queryByText(/shorten it/)).toBeNull();
  });

  it('announces what is left once typing pauses near the limit, and nothing far from it', async () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.change(box, { target: { value: 'x'.repeat(50) } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    fireEvent.change(box, { target: { value: 'x'.repeat(95) } });
    expect(await screen.findByText('5 characters left', {}, { timeout: 2000 })).toBe(live);
  });
});
