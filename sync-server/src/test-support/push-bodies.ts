import { randomUUID } from 'node:crypto';

/**
 * A push of one harmless mutation (dismissing a notice nobody has), as a device sends it: a
 * request the push accepts without changing anything a test looks at. `args` replaces the
 * dismissal's arguments (to send ones the rule refuses).
 */
export function dismissPush(
  createdAt: number,
  options: { clientId?: string; args?: unknown } = {},
): { clientId: string; mutations: unknown[] } {
  const clientId = options.clientId ?? 'device-1';
  return {
    clientId,
    mutations: [
      {
        id: `m-${randomUUID()}`,
        clientId,
        name: 'dismiss_notices',
        args: options.args ?? { keys: ['no-such-notice'] },
        createdAt,
      },
    ],
  };
}

/** `text` as a request body streamed in 64 KiB chunks, with no Content-Length. */
export function inChunks(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      }
      controller.close();
    },
  });
}
