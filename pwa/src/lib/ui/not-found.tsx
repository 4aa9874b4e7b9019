import { Link } from 'react-router-dom';
import { PageMeta } from './page-meta';

/** The 404 content: unknown paths, and pages whose id names nothing (unknown product or listing). */
export function NotFound({ what = 'page', heading = 'Page not found' }: { what?: string; heading?: string }) {
  return (
    <>
      <PageMeta title={`${heading} | Haat`} description="This page does not exist on Haat." />
      <section className="page page--narrow state-box" data-testid="not-found">
        <h1>{heading}</h1>
        <p>{`We could not find that ${what}. It may have moved, or the link may be wrong.`}</p>
        <Link to="/" className="btn btn--primary">
          Go To Home
        </Link>
      </section>
    </>
  );
}
