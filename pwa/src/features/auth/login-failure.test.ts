import { describe, expect, it } from 'vitest';
import { stemlineMessages } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';
import { loginFailureText, loginFlowAt, type LoginFlow } from './login-failure';

type Answer = CheckedResult<{ error?: string | null }>;

const ok = (error: string | null): Answer => ({ ok: true, status: 200, data: { error } });
const refused = (status: number, error: string, body: string | null): Answer => ({
  ok: false,
  offline: false,
  status,
  error,
  data: body === null ? null : { error: body },
});
const OFFLINE: Answer = {
  ok: false,
  offline: true,
  status: 0,
  error: 'Network unavailable',
  data: null,
};

describe('loginFailureText', () => {
  it.each<[string, Answer, LoginFlow, string]>([
    ['no text, cart flow', ok(null), 'cart', 'unable to login'],
    ['no text, elsewhere', ok(null), 'other', 'An error ocurred with login'],
    ['an empty text, cart flow', ok(''), 'cart', 'unable to login'],
    [
      'a 401 without a body text, cart flow',
      refused(401, 'Server error', null),
      'cart',
      'unable to login',
    ],
    [
      'a 401 without a body text, elsewhere',
      refused(401, 'Server error', null),
      'other',
      'An error ocurred with login',
    ],
    [
      "the server's text, cart flow",
      refused(
        401,
        "Sorry, your password doesn't seem right.",
        "Sorry, your password doesn't seem right.",
      ),
      'cart',
      "Sorry, your password doesn't seem right.",
    ],
    ["the server's text on a 200", ok('Inactive user'), 'cart', 'Inactive user'],
    ['a 500', refused(500, 'Server error', null), 'cart', 'Server error'],
    ['an empty answer', refused(200, 'No data', null), 'cart', 'No data'],
    ['no network', OFFLINE, 'cart', stemlineMessages.networkNeeded],
  ])('%s', (_case, answer, flow, text) => {
    expect(loginFailureText(answer, flow)).toBe(text);
  });
});

describe('loginFlowAt', () => {
  it.each([
    ['/checkout', 'cart'],
    ['/checkout/', 'cart'],
    ['/shopping/home', 'other'],
    ['/checkoutx', 'other'],
    ['/shopping/checkout', 'other'],
  ] as const)('%s is %s', (pathname, flow) => {
    expect(loginFlowAt(pathname)).toBe(flow);
  });

  it.each([
    ['/shopping/home', 'cart', 'cart'],
    ['/shopping/home', 'other', 'other'],
    ['/checkout', 'other', 'cart'],
    ['/checkout', 'cart', 'cart'],
  ] as const)(
    'a log-in opened on %s for the %s flow is in the %s flow',
    (pathname, opened, flow) => {
      expect(loginFlowAt(pathname, opened)).toBe(flow);
    },
  );
});
