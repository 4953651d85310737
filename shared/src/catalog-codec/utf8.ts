/**
 * UTF-8 through the platform's TextEncoder/TextDecoder (every browser and Node has them). Reached
 * through `globalThis` because `shared` compiles without the DOM library.
 */
interface Utf8Platform {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label: string,
    options: { fatal: boolean },
  ) => { decode(bytes: Uint8Array): string };
}

const platform = globalThis as unknown as Utf8Platform;
const encoder = new platform.TextEncoder();
const decoder = new platform.TextDecoder('utf-8', { fatal: true });

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Throws a TypeError on bytes that are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
