import { CheckIcon } from '../../ui';

/** Spec §1 claims on the sign-up screens. */
export function SignUpClaims({ className }: { className?: string }) {
  return (
    <ul className={`sign-up-claims ${className ?? ''}`.trim()} aria-label="Why Stemline">
      {['Instant access to the online marketplace', 'Personalised support', 'Free shipping'].map(
        (claim) => (
          <li key={claim}>
            <CheckIcon aria-hidden="true" /> {claim}
          </li>
        ),
      )}
    </ul>
  );
}
