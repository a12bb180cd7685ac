import { AdminPage } from '../components/admin-page';
import { ReviewModeration } from '../components/review-moderation';

/** /dashboard/reviews (admins): every review of the shop, to hide from the home page or show again. */
export function Component() {
  return (
    <AdminPage title="Customer Reviews" intro="A hidden review no longer shows on the home page; Show puts it back.">
      <ReviewModeration />
    </AdminPage>
  );
}
