import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFailure, downloadStatement } from './statement-download';

vi.mock('../../session/session-store', () => ({ sessionStore: { get: () => ({ token: 't' }) } }));

const statement = { month: '2026-10', number: 'ST-202610-0A1B2C3D' };
const fetchMock = vi.fn<typeof fetch>();
const click = vi.fn();

beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { createElement: () => ({ click }) });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(() => {
  fetchMock.mockReset();
  click.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const refusal = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

describe('downloadStatement', () => {
  it('saves the file the server sends, with the session token', async () => {
    fetchMock.mockResolvedValue(new Response('%PDF-1.7'));
    await expect(downloadStatement(statement, 'pdf')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/statements/ST-202610-0A1B2C3D.pdf', {
      headers: { Authorization: 'Bearer t' },
    });
    expect(click).toHaveBeenCalledOnce();
  });

  it('answers offline without asking when the device knows it has no connection', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(downloadStatement(statement, 'csv')).resolves.toEqual({
      ok: false,
      offline: true,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers offline when the request fails on the network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(downloadStatement(statement, 'csv')).resolves.toEqual({
      ok: false,
      offline: true,
    });
    expect(click).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a refusal keeps its text',
      refusal(404, '{"success":false,"error":"No such statement."}'),
      'No such statement.',
    ],
    [
      'a 5xx says Server error',
      refusal(503, '{"success":false,"error":"upstream"}'),
      'Server error',
    ],
    ['a body without one says Server error', refusal(400, '<html>'), 'Server error'],
  ])('answers the server’s failure: %s', async (_, response, error) => {
    fetchMock.mockResolvedValue(response);
    await expect(downloadStatement(statement, 'pdf')).resolves.toEqual({
      ok: false,
      offline: false,
      error,
    });
    expect(click).not.toHaveBeenCalled();
  });

  it('downloads a file once however often it is asked for while it downloads', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = downloadStatement(statement, 'pdf');
    const second = downloadStatement(statement, 'pdf');
    expect(second).toBe(first);
    answer(new Response('%PDF-1.7'));
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();

    // Done, it may be downloaded again.
    fetchMock.mockResolvedValue(new Response('%PDF-1.7'));
    await downloadStatement(statement, 'pdf');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('downloadFailure', () => {
  it('says offline that a statement needs a connection and can be tried again', () => {
    expect(downloadFailure({ ok: false, offline: true })).toEqual({
      title: 'The statement could not be downloaded.',
      description:
        'You are offline. Downloading a statement needs a connection; please try again when you are back online.',
    });
  });

  it('keeps the server’s message under the title', () => {
    expect(downloadFailure({ ok: false, offline: false, error: 'No such statement.' })).toEqual({
      title: 'The statement could not be downloaded.',
      description: 'No such statement.',
    });
  });
});
