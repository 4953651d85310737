import { describe, expect, it } from 'vitest';
import { CatalogCodecError, packColumn, unpackColumn } from './numeric-column';

function roundTrip(values: number[], delta = false) {
  const packed = packColumn(values, { delta });
  const buffer = new ArrayBuffer(packed.bytes.length + 8);
  new Uint8Array(buffer).set(packed.bytes, 8);
  return {
    spec: packed.spec,
    values: Array.from(unpackColumn(buffer, { ...packed.spec, offset: 8 })),
  };
}

describe('packColumn', () => {
  it.each<[string, number[], boolean, string, number]>([
    ['small counts', [0, 1, 255], false, 'u8', 0],
    ['small negatives', [-5, 100], false, 'i8', 0],
    ['stock figures', [0, 65_535], false, 'u16', 0],
    ['yyyyMMdd dates', [20261123, 20270115], false, 'i32', 0],
    ['cents', [1.6, 0.55, 3.3], false, 'u16', 2],
    ['duties with three decimals', [0, 0.068, 0.032], false, 'u8', 3],
    ['negative margins', [-0.05, 0.34], false, 'i8', 2],
    ['sorted keys as steps', [100_000, 100_008, 100_016], true, 'u8', 0],
    ['thirds (no exact decimal)', [1 / 3, 2 / 3], false, 'f64', 0],
    ['an empty column', [], false, 'u8', 0],
  ])('stores %s exactly', (_, values, delta, type, scale) => {
    const result = roundTrip(values, delta);
    expect(result.values).toEqual(values);
    expect([result.spec.type, result.spec.scale]).toEqual([type, scale]);
  });

  it('makes sorted keys small when stored as steps', () => {
    const keys = Array.from({ length: 100 }, (_, i) => 300_000 + i * 8);
    expect(packColumn(keys, { delta: true }).bytes.length).toBeLessThan(
      packColumn(keys).bytes.length / 2,
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (bad) => {
    expect(() => packColumn([1, bad])).toThrow(CatalogCodecError);
  });

  it('refuses a column that reaches past the buffer', () => {
    const packed = packColumn([1, 2, 3]);
    expect(() => unpackColumn(new ArrayBuffer(8), { ...packed.spec, offset: 8 })).toThrow(
      CatalogCodecError,
    );
  });
});
