import { CategoryStars } from '@client/features/ratings/components/category-stars';
import { STAR_DESCRIPTIONS } from '@common/star-descriptions';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

/** A star input that keeps its value, as a form does, with a button that clears it. */
function Harness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StarRating label="Serve & Return" value={value} onChange={setValue} />
      <output aria-label="Chosen">{value}</output>
      <button type="button" onClick={() => setValue(0)}>
        Clear
      </button>
    </>
  );
}

/**
 * An arrow key pressed as a person does: Radix moves the focus on the next tick and selects the star it lands on
 * only while the key is still down, so the key is released after that tick.
 */
async function pressArrow(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.keyboard(`{${key}>}`);
  await new Promise((resolve) => setTimeout(resolve, 10));
  await user.keyboard(`{/${key}}`);
}

const stars = () => screen.getByRole('radiogroup', { name: 'Serve & Return' });
const chosen = () => screen.getByLabelText('Chosen').textContent;

describe('StarRating (the 1-5 star input)', () => {
  it('offers five stars, each announced as "N stars", none chosen at 0', () => {
    render(<Harness />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(radios.every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(stars()).toBeTruthy();
  });

  it('sets the value with a click and clears it when the form resets to 0', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(chosen()).toBe('3');
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(chosen()).toBe('0');
    expect(screen.getAllByRole('radio').some((radio) => radio.getAttribute('aria-checked') === 'true')).toBe(false);
  });

  it('moves and selects with the arrow keys, and stops at either end', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2 stars' }));

    const press = async (key: string, expected: string) => {
      await pressArrow(user, key);
      await waitFor(() => expect(chosen()).toBe(expected));
    };
    await press('ArrowRight', '3');
    await press('ArrowRight', '4');
    await press('ArrowRight', '5');
    await press('ArrowRight', '5');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '5 stars' }));
    await press('ArrowLeft', '4');
  });
});

describe('CategoryStars (a category scored on the star input)', () => {
  const descriptions = STAR_DESCRIPTIONS.serveReturn;

  function Category() {
    const [value, setValue] = useState(0);
    return <CategoryStars label="Serve & Return" category="serveReturn" value={value} onChange={setValue} />;
  }

  it('says what the pointed-at star means, then what the chosen star means', async () => {
    const user = userEvent.setup();
    render(<Category />);
    expect(screen.getByText('Not rated yet')).toBeTruthy();

    await user.hover(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.getByText(descriptions[1])).toBeTruthy();
    expect(screen.getByText('2 stars:')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.unhover(screen.getByRole('radiogroup', { name: 'Serve & Return' }));
    expect(screen.getByText(descriptions[3])).toBeTruthy();
    expect(screen.queryByText(descriptions[1])).toBeNull();
  });

  it('describes the chosen star when it is chosen with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Category />);
    await user.tab();
    await pressArrow(user, 'ArrowRight');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByText(descriptions[1])).toBeTruthy();
  });
});
