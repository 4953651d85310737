import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { isJsonRequest } from './json-body';

/**
 * The push fast path has no Koa context, so `isJsonRequest` stands in for Koa's
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
