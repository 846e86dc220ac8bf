import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { renderWithApp } from '@client/test/render-with-app';
import type { BulkImportReply } from '@common/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkImportTab from './bulk-import-tab';

const SAMPLE = `Name,Email,City,State
Jordan Smith,jordan@club.test,Austin,TX
Cher,,,
María José García,,Denver,CO
`;

const reply: BulkImportReply = {
  results: {
    created: [{ name: 'Jordan Smith', email: 'jordan@club.test' }],
    skipped: [],
    errors: [{ error: 'Row 2: Email already registered' }],
  },
  message: 'Imported 1 player, 1 error',
};

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeApi(({ method, path }) =>
    method === 'POST' && path === '/api/players/bulk' ? { body: reply } : undefined,
  );
});

const csvBox = () => screen.getByRole('textbox', { name: /Player data \(CSV\)/ });

async function paste(text: string) {
  const user = userEvent.setup();
  await user.click(csvBox());
  await user.paste(text);
  return user;
}

describe('Bulk Import tab: CSV preparation', () => {
  it('previews the players a pasted CSV becomes and the lines set aside, then sends exactly those', async () => {
    renderWithApp(<BulkImportTab />);
    const user = await paste(SAMPLE);

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('status').textContent).toBe(
      '2 players ready to import· header line recognised· 1 line without a first and last name',
    );
    expect(within(preview).getByText('Line 3: Needs a first and last name')).toBeTruthy();
    expect(within(preview).getByText('María José García')).toBeTruthy();
    expect(within(preview).getByText('maria.josegarcia@example.com')).toBeTruthy();
    expect(within(preview).getByText('Denver, CO, USA')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import 2 players' }));
    await screen.findByRole('heading', { name: 'Import result' });
    const posted = calls.find((call) => call.path === '/api/players/bulk');
    expect(posted?.body).toEqual({
      players: [
        {
          firstName: 'Jordan',
          lastName: 'Smith',
          email: 'jordan@club.test',
          skillLevel: '3.0',
          yearsPlaying: '1-2',
          location: 'Austin, TX, USA',
          bio: 'Player imported via bulk import',
        },
        {
          firstName: 'María',
          lastName: 'José García',
          email: 'maria.josegarcia@example.com',
          skillLevel: '3.0',
          yearsPlaying: '1-2',
          location: 'Denver, CO, USA',
          bio: 'Player imported via bulk import',
        },
      ],
    });
    // The server's "Row 2" is the admin's line 4; the text box is emptied for the next import.
    expect(screen.getByText('Line 4: Email already registered')).toBeTruthy();
    expect((csvBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('shows why a broken CSV cannot be read and does not send it', async () => {
    renderWithApp(<BulkImportTab />);
    const user = await paste('name\n"Ann Lee,ann@club.test\n');

    expect((await screen.findAllByText('Failed to parse CSV file')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Import Players' }));
    await waitFor(() => expect(screen.getAllByText('Failed to parse CSV file').length).toBe(2));
    expect(calls).toEqual([]);
  });

  it('takes a .csv file and refuses any other kind', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithApp(<BulkImportTab />);
    const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');

    await user.upload(fileInput, new File(['Ann Lee'], 'players.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid File Type')).toBeTruthy();
    expect((csvBox() as HTMLTextAreaElement).value).toBe('');

    await user.upload(fileInput, new File(['Ann Lee,ann@club.test'], 'club.csv', { type: 'text/csv' }));
    await waitFor(() => expect((csvBox() as HTMLTextAreaElement).value).toBe('Ann Lee,ann@club.test'));
    expect(screen.getByText('club.csv')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Import 1 player' })).toBeTruthy();
  });
});
