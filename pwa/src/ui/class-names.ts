import type { ClassNameOrFunction } from 'react-aria-components';

/** Joins the truthy class names with single spaces. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Puts a wrapper's base class in front of a caller's `className`, which react-aria allows to be a
 * function of the component's render state; the result keeps that shape.
 */
export function withBaseClass<T>(
  base: string,
  className: ClassNameOrFunction<T> | undefined,
): ClassNameOrFunction<T> {
  if (typeof className === 'function') return (values) => cx(base, className(values));
  return cx(base, className);
}
