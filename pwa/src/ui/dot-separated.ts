/**
 * Facts in a row, "2 boxes · 500 stems · $1.17/stem": each '·' is held to the fact after it by a
 * no-break space, so a line that wraps on a narrow phone never ends with a separator. Empty and
 * missing facts are left out.
 */
export function dotSeparated(facts: readonly (string | false | null | undefined)[]): string {
  return facts
    .filter((fact): fact is string => typeof fact === 'string' && fact !== '')
    .join(' ·\u00a0');
}
