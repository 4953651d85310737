import { describe, expect, it } from 'vitest';
import { appModeFor, loginClientFor } from './constants';

describe('spec §9 login client type and §4 app mode', () => {
  it('logs a window up to 768px wide in as mobile, a wider one as desktop', () => {
    expect(loginClientFor(360)).toBe('mobile');
    expect(loginClientFor(768)).toBe('mobile');
    expect(loginClientFor(769)).toBe('desktop');
    expect(loginClientFor(1280)).toBe('desktop');
  });

  it('is beta for a customer with no orders, else the app', () => {
    expect(appModeFor(0)).toBe('beta');
    expect(appModeFor(1)).toBe('app');
    expect(appModeFor(12)).toBe('app');
  });
});
