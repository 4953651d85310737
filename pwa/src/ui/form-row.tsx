import type { ReactNode } from 'react';
import './form-row.css';

/** Fields side by side in equal columns from 640px, one under the other on phones. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="sl-form-row">{children}</div>;
}
