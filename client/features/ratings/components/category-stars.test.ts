import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CategoryStars } from './category-stars';

const render = (props: Partial<Parameters<typeof CategoryStars>[0]>) =>
  renderToStaticMarkup(
    createElement(CategoryStars, { label: 'Serve & Return', value: 0, onChange: () => undefined, ...props }),
  );

describe('CategoryStars', () => {
  it('says what the chosen star means, and the stars are described by it', () => {
    const html = render({ category: 'serveReturn', value: 5 });
    expect(html).toContain('5 stars:');
    expect(html).toContain('Deep, varied serves and returns that set up the point');
    const meaningId = /<p id="([^"]+)" aria-live="polite"/.exec(html)?.[1];
    expect(meaningId).toBeTruthy();
    expect(html).toMatch(new RegExp(`role="radiogroup"[^>]*aria-describedby="[^"]*${meaningId}`));
  });

  it('invites a pick before any star is chosen', () => {
    const html = render({ category: 'serveReturn' });
    expect(html).toContain('Not rated yet');
    expect(html).not.toContain('stars:');
  });

  it('has no scale for the overall score', () => {
    const html = render({ label: 'Overall rating', hint: 'Would you play with them again?', value: 3 });
    expect(html).not.toContain('aria-live');
    expect(html).toContain('Would you play with them again?');
  });
});
