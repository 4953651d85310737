import { useLocation, useNavigate } from 'react-router';
import { useLatestCallback } from './use-latest-callback';

/** The URL parameter naming the variety whose detail dialog is open (ours, beside spec §2's). */
export const DETAIL_PARAM = 'variety';

const VARIETY_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** History state marking an entry this hook pushed, so closing can step back over it. */
const OPENED_HERE = 'stemline.detailOpened';

/** The variety key a URL's search names for the detail dialog, or null (absent or malformed). */
export function detailKeyOf(search: string): string | null {
  const key = new URLSearchParams(search).get(DETAIL_PARAM);
  return key !== null && VARIETY_KEY.test(key) ? key : null;
}

function withDetail(search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key === null) params.delete(DETAIL_PARAM);
  else params.set(DETAIL_PARAM, key);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function openedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && OPENED_HERE in state;
}

/**
 * The open product detail, kept in the URL so a shared link or a reload reopens it and Back
 * closes it. Opening pushes a history entry (other parameters kept); closing steps back over that
 * entry when this page pushed it, else (a shared link, a reload) replaces the URL without it, so
 * Back never reopens a dialog the buyer closed.
 */
export function useDetailParam(): [
  key: string | null,
  open: (varietyKey: string) => void,
  close: () => void,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const key = detailKeyOf(location.search);
  // Stable identities: the catalogue's actions (and so every card) must not change with the URL.
  const open = useLatestCallback((varietyKey: string) => {
    const { search } = window.location;
    const current = detailKeyOf(search);
    if (current === varietyKey) return;
    // Switching from one open detail to another replaces the entry and keeps its marker.
    void navigate(
      { search: withDetail(search, varietyKey), hash: window.location.hash },
      current === null
        ? { state: { [OPENED_HERE]: true } }
        : { state: openedHere(location.state) ? { [OPENED_HERE]: true } : null, replace: true },
    );
  });
  const close = useLatestCallback(() => {
    const { search } = window.location;
    if (detailKeyOf(search) === null) return;
    if (openedHere(location.state)) void navigate(-1);
    else
      void navigate(
        { search: withDetail(search, null), hash: window.location.hash },
        { replace: true },
      );
  });
  return [key, open, close];
}
