import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from '../kernel/domain-error';
import { isJsonRequest, readJsonBody } from './json-body';

/**
 * `readJsonBody` reads the request itself, so `isJsonRequest` stands in for Koa's
 * `ctx.is('application/json')`: it must agree with Koa on every content type, hostile ones too.
 */
describe('isJsonRequest', () => {
  const koa = new Koa();
  const koaSaysJson = (headers: IncomingHttpHeaders): boolean =>
    Boolean(
      koa
        .createContext({ headers, url: '/' } as IncomingMessage, {} as ServerResponse)
        .is('application/json'),
    );

  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    ' \tapplication/json \t; charset="utf-8"',
    'application/json;',
    'application/json; x',
    'application/json , text/plain',
    'application/json\u00a0',
    'application/jsonx',
    'application/vnd.api+json',
    'application/*',
    'text/plain',
    'text/json',
    'json',
    '',
  ];
  const bodies: [string, IncomingHttpHeaders][] = [
    ['a Content-Length', { 'content-length': '12' }],
    ['an empty Content-Length', { 'content-length': '' }],
    ['a chunked body', { 'transfer-encoding': 'chunked' }],
    ['no body', {}],
  ];

  for (const [bodyName, bodyHeaders] of bodies) {
    it.each(contentTypes)(`agrees with Koa on %j with ${bodyName}`, (contentType) => {
      const headers = { ...bodyHeaders, 'content-type': contentType };
      expect(isJsonRequest(headers)).toBe(koaSaysJson(headers));
    });
  }

  it('accepts the type the PWA sends and refuses a request without any', () => {
    expect(isJsonRequest({ 'content-length': '2', 'content-type': 'application/json' })).toBe(true);
    expect(isJsonRequest({ 'content-length': '2' })).toBe(false);
  });
});

/** `readJsonBody` at a 16-byte limit, on a stand-in request: its chunks and headers. */
describe('readJsonBody', () => {
  const limit = 16;
  const request = (chunks: string[], headers: IncomingHttpHeaders) => {
    const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
    let read = 0;
    stream.on('data', () => (read += 1));
    return {
      req: Object.assign(stream, { headers }) as unknown as IncomingMessage,
      chunksRead: () => read,
    };
  };
  const json = (length?: number): IncomingHttpHeaders => ({
    'content-type': 'application/json',
    ...(length === undefined
      ? { 'transfer-encoding': 'chunked' }
      : { 'content-length': `${length}` }),
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, message: (error as DomainError).message };
  };
  type Refusal = { code: string; message: string };
  const tooLarge: Refusal = {
    code: 'payload_too_large',
    message: stemlineMessages.requestTooLarge,
  };
  const invalid: Refusal = { code: 'invalid_request', message: stemlineMessages.invalidRequest };

  it.each<[string, string[], IncomingHttpHeaders, Refusal]>([
    ['a Content-Length over the limit', ['{}'], json(limit + 1), tooLarge],
    ['chunks that add up past the limit', ['{"a":"12345', '6789012"}'], json(), tooLarge],
    [
      'a body past the limit under a short Content-Length',
      ['{"a":"1234567890123"}'],
      json(2),
      tooLarge,
    ],
    ['malformed JSON', ['{"a":'], json(), invalid],
    [
      'a large body that is not JSON',
      ['x'.repeat(100)],
      { 'content-type': 'text/plain', 'content-length': '100' },
      invalid,
    ],
  ])('refuses %s', async (_, chunks, headers, expected) => {
    expect(await refusal(readJsonBody(request(chunks, headers).req, limit))).toEqual(expected);
  });

  it('refuses an announced oversize body before reading any of it', async () => {
    const { req, chunksRead } = request(['{}'], json(limit + 1));
    await refusal(readJsonBody(req, limit));
    expect(chunksRead()).toBe(0);
  });

  it('reads a body of exactly the limit', async () => {
    const body = '{"a":"123456789"}'.slice(0, limit - 2) + '"}';
    expect(Buffer.byteLength(body)).toBe(limit);
    expect(
      await readJsonBody(request([body.slice(0, 5), body.slice(5)], json()).req, limit),
    ).toEqual(JSON.parse(body));
  });
});
