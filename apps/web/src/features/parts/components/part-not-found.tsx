import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { partNotFoundHead } from '../../../lib/page-heads';

/**
 * A part that is not there or no longer sold, on either part page (`/part/{id}`, `/parts/{number}`):
 * the same heading and head, a sentence and a way on that the page chooses.
 */
export function PartNotFound({ sentence, to, action }: { sentence: string; to: string; action: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta {...partNotFoundHead} />
      <h1 className="text-3xl font-extrabold text-ink">Part not found</h1>
      <p className="mt-3 text-lg text-slate-600">{sentence}</p>
      <Link
        to={to}
        className="mt-8 inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {action}
      </Link>
    </div>
  );
}
