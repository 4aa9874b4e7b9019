import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Synonym } from '@haat/shared/search/synonym.schema';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { setLanguage } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query/query-client';
import { SynonymManager } from '../synonyms.page';

/**
 * The admin's Search synonyms screen (docs/decisions/0260-the-shoppers-own-words.md) against a real local HTTP server
 * answering like Haat's synonym routes: the list with a find box, the form checked with the API's own schema (nothing
 * is sent while a problem is left), a word added, a meaning changed, and Delete asking first.
 */
const received: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
let synonyms: Synonym[] = [];

withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, string>) : {};
    const reply = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    received.push({ method: req.method ?? '', url: req.url ?? '', body });
    if (req.url !== '/api/search/synonyms') return reply(404, { success: false, error: true, message: 'no route' });
    if (req.method === 'GET') return reply(200, { success: true, error: false, message: 'Synonyms', data: synonyms });
    if (req.method === 'PUT') {
      synonyms = [...synonyms.filter((s) => s.word !== body.word), { word: body.word!, means: body.means! }].sort((a, b) => a.word.localeCompare(b.word));
      return reply(200, { success: true, error: false, message: 'Synonym saved', data: body });
    }
    synonyms = synonyms.filter((s) => s.word !== body.word);
    reply(200, { success: true, error: false, message: 'Synonym removed', data: null });
  });
});

beforeEach(() => {
  received.length = 0;
  synonyms = [
    { word: 'chawal', means: 'rice' },
    { word: 'ghadi', means: 'watch' },
    { word: 'tiffin', means: 'lunch box' },
    { word: 'घड़ी', means: 'watch' },
  ];
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await setLanguage('en-IN', false);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const writes = () => received.filter((r) => r.method !== 'GET');

describe("the admin's search synonyms", () => {
  it('lists every word with what search looks for instead, and the find box narrows them', async () => {
    render(<SynonymManager />);
    const row = await screen.findByTestId('synonym-row-tiffin');
    expect(row.textContent).toContain('lunch box');
    expect(screen.getByText('4 synonyms')).toBeTruthy();
    type('synonym-find', 'watch');
    await screen.findByText('2 of 4 synonyms');
    expect(screen.queryByTestId('synonym-row-tiffin')).toBeNull();
    expect(screen.getByTestId('synonym-row-घड़ी')).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    await setLanguage('hi-IN', false);
    render(<SynonymManager />);
    await screen.findByTestId('synonym-row-tiffin');
    expect(screen.getByRole('heading', { name: 'सर्च के पर्यायवाची' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ग्राहक लिखते हैं' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पर्यायवाची ghadi हटाएँ' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('synonym-add'));
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    await screen.findByText('ग्राहक लिखते हैं भरना ज़रूरी है।');
    expect(writes()).toEqual([]);
  });

  it('refuses what search could not use under each field, tied to it, and sends nothing', async () => {
    render(<SynonymManager />);
    await screen.findByTestId('synonym-row-tiffin');
    fireEvent.click(screen.getByTestId('synonym-add'));
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    const missing = await screen.findByText('Shoppers type is required.');
    expect(screen.getByText('Search looks for is required.')).toBeTruthy();
    expect(screen.getByTestId('synonym-form-word').getAttribute('aria-describedby')).toContain(missing.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('synonym-form-word')));
    type('synonym-form-word', 'steel tiffin box');
    type('synonym-form-means', 'one two three four five');
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    await screen.findByText('Shoppers type must be one or two words of letters or digits.');
    expect(screen.getByText('Search looks for may be at most 4 words.')).toBeTruthy();
    expect(screen.getByTestId('synonym-form-means').getAttribute('aria-invalid')).toBe('true');
    // A word already listed is changed through its own Edit.
    type('synonym-form-word', 'Tiffin');
    type('synonym-form-means', 'box');
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    await screen.findByText('This word already has a synonym: edit it instead.');
    expect(writes()).toEqual([]);
  });

  it('adds a word, trimmed, and lists it', async () => {
    render(<SynonymManager />);
    await screen.findByTestId('synonym-row-tiffin');
    fireEvent.click(screen.getByTestId('synonym-add'));
    type('synonym-form-word', '  pankha ');
    type('synonym-form-means', ' ceiling fan ');
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    const row = await screen.findByTestId('synonym-row-pankha');
    expect(row.textContent).toContain('ceiling fan');
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/search/synonyms', body: { word: 'pankha', means: 'ceiling fan' } }]);
    expect(screen.getByText('5 synonyms')).toBeTruthy();
  });

  it('changes what a word means, the word itself kept', async () => {
    render(<SynonymManager />);
    await screen.findByTestId('synonym-row-tiffin');
    fireEvent.click(screen.getByRole('button', { name: 'Edit synonym tiffin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit synonym tiffin' });
    expect(within(dialog).getByTestId<HTMLInputElement>('synonym-form-word').readOnly).toBe(true);
    expect(within(dialog).getByTestId<HTMLInputElement>('synonym-form-means').value).toBe('lunch box');
    type('synonym-form-means', 'lunch box bottle');
    fireEvent.click(screen.getByTestId('synonym-form-save'));
    await waitFor(() => expect(screen.getByTestId('synonym-row-tiffin').textContent).toContain('lunch box bottle'));
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/search/synonyms', body: { word: 'tiffin', means: 'lunch box bottle' } }]);
  });

  it('deletes only after the admin confirms', async () => {
    render(<SynonymManager />);
    await screen.findByTestId('synonym-row-chawal');
    fireEvent.click(screen.getByRole('button', { name: 'Delete synonym chawal' }));
    await screen.findByText('Searches for chawal then look for the word as typed.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete synonym chawal' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(screen.queryByTestId('synonym-row-chawal')).toBeNull());
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/search/synonyms', body: { word: 'chawal' } }]);
  });
});
