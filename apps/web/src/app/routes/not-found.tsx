import { Link } from 'react-router';
import { paths } from '@autoparts/shared';
import { PageMeta } from '../../components/page-meta';
import { notFoundHead } from '../../lib/page-heads';

export function Component() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      <PageMeta {...notFoundHead} />
      <img
        src="/images/not-found.svg"
        alt="404 illustration: page not found"
        width={600}
        height={400}
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-3xl font-extrabold text-ink sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-lg text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link
        to={paths.home}
        className="mt-8 inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to home
      </Link>
    </div>
  );
}
