import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { RegisterPlayerReply } from '../../../common/schemas/players';
import { uniqueEmail } from '../players/players-fixtures';
import { searchColumns } from '../players/search-columns';
import { previewCardOf } from './preview-image.service';
import { findPreviewPlayer } from './seo.repo';

/* docs/product.md#places: the preview image names the place as the page does, "City, ST", never a ZIP. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cardPlace = async (id: number) => previewCardOf((await findPreviewPlayer(t.database.db, id))!).place;

describe('the place on a player preview image', () => {
  it('is "Austin, TX" for a player who picked the suggestion "78701 — Austin, TX"', async () => {
    const email = uniqueEmail('preview-place');
    const cookie = await signInAs(t, { email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie },
      payload: { firstName: 'Ava', lastName: 'Preview', email, skillLevel: '4.0', location: '78701 — Austin, TX' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await cardPlace(res.json<RegisterPlayerReply>().player.id)).toBe('Austin, TX');
  });

  it('is "Austin, TX" for a row still holding the suggestion text it was saved with', async () => {
    // As the app wrote a player before place parts: searchable by its name and whole text.
    const saved = { firstName: 'Old', lastName: 'Card', location: '78701 — Austin, TX' };
    const { searchName, searchLast, searchLocation } = searchColumns(saved);
    const [row] = await t.database.db
      .insert(players)
      .values({ ...saved, email: uniqueEmail('old-card'), skillLevel: '3.0', searchName, searchLast, searchLocation })
      .returning();
    expect(await cardPlace(row.id)).toBe('Austin, TX');
  });
});
