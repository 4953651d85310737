/** Ascending keys as steps (`catalogDeltaAnswerSchema`'s `keySteps`). */
export function toKeySteps(keys: readonly number[]): number[] {
  return keys.map((key, i) => (i === 0 ? key : key - (keys[i - 1] ?? 0)));
}

/** The keys back from their steps. */
export function fromKeySteps(steps: readonly number[]): number[] {
  const keys: number[] = [];
  let key = 0;
  for (const step of steps) {
    key += step;
    keys.push(key);
  }
  return keys;
}
