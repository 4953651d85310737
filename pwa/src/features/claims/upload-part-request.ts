import { sessionStore } from '../../session/session-store';

/** The server's answer to one part, or `offline` when none came (no network, cut off). */
export type PartAnswer = { kind: 'answer'; status: number; body: unknown } | { kind: 'offline' };

/**
 * PUTs one part of a chunked upload (`/api/uploads/:id?offset=N`) as raw bytes, with the
 * session's token. XMLHttpRequest, not fetch: only it reports the bytes sent while a request
 * body goes out, which the buyer sees as each file's progress. Never rejects.
 */
export function putUploadPart(
  uploadId: string,
  offset: number,
  part: Blob,
  onProgress: (loadedBytes: number) => void,
): Promise<PartAnswer> {
  return new Promise((resolve) => {
    const token = sessionStore.get()?.token;
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/uploads/${encodeURIComponent(uploadId)}?offset=${offset}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onerror = () => resolve({ kind: 'offline' });
    request.onabort = () => resolve({ kind: 'offline' });
    request.ontimeout = () => resolve({ kind: 'offline' });
    request.onload = () => {
      if (request.status === 401 && token) sessionStore.expire(token);
      resolve({ kind: 'answer', status: request.status, body: parsedJson(request.responseText) });
    };
    request.send(part);
  });
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
