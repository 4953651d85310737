import { LinkButton } from '../../ui';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>This page does not exist</h1>
      <p>The link may be old. The catalogue is one tap away.</p>
      <LinkButton href="/shopping/home">Go to the catalogue</LinkButton>
    </section>
  );
}
