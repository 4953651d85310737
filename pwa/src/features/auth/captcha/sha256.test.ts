import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    ['a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    ['a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    [
      'salt?action=inquirySubmit&4711',
      '55158060e893478f9f85bccd354180d87f63d36c6f86c9dec2e549a6aedf859d',
    ],
    ['ünïcödé 🌷', '6452938e60c03ad72718e85fb926bd96e73f9c37f1febfe6256fde35e92e31f2'],
  ])('hashes %j as the standard SHA-256', (text, expected) => {
    expect(sha256Hex(text)).toBe(expected);
  });
});
