import { pageTitle } from '../../../content/site';
import { displayName, useMe } from '../../../lib/me';
import { ReviewForm } from '../components/review-form';

/** /dashboard/review (SPEC §2): the signed-in customer reviews the shop. */
export function Component() {
  const { data: me } = useMe();
  return (
    <section aria-labelledby="add-review-heading" className="max-w-2xl">
      <title>{pageTitle('Add a Review')}</title>
      <h1 id="add-review-heading" className="text-3xl font-extrabold text-ink">
        Add a Review
      </h1>
      <p className="mt-2 text-slate-600">
        {me ? `Your review shows on the home page under your name, ${displayName(me)}.` : 'Your review shows on the home page under your name.'}
      </p>
      <div className="mt-6">
        <ReviewForm />
      </div>
    </section>
  );
}
