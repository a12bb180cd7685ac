import { pageTitle } from '../../../content/site';
import { displayName, useMe } from '../../../lib/me';
import { EmailStatus } from '../components/email-status';
import { ProfileForm } from '../components/profile-form';

/** /dashboard/profile (SPEC §2): a greeting with the display name and e-mail, and the update form. */
export function Component() {
  const { data: me } = useMe();
  return (
    <section aria-labelledby="profile-heading" className="max-w-3xl">
      <title>{pageTitle('My Profile')}</title>
      <h1 id="profile-heading" className="text-3xl font-extrabold text-ink">
        My Profile
      </h1>
      {me && (
        <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <p className="text-xl font-semibold text-ink">Hello, {displayName(me)}</p>
          <p className="mt-1 break-all text-slate-600">{me.email}</p>
          <EmailStatus me={me} />
        </div>
      )}
      <div className="mt-8">
        <ProfileForm me={me ?? null} />
      </div>
    </section>
  );
}
