import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback';

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['fd00::2', false],
    ['0.0.0.0', false],
    ['127.0.0.1.evil.example', false],
    ['1127.0.0.1', false],
    ['::ffff:127.0.0.1, 10.0.0.5', false],
    ['', false],
    [undefined, false],
  ])('%j is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
