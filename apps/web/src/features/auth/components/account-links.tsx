import { paths, type Me } from '@autoparts/shared';
import { useState } from 'react';
import { HeaderLink } from '../../../components/header';
import { displayName } from '../../../lib/me';
import { useSignOut } from '../hooks/use-sign-out';

/** The header's links for a signed-in user (SPEC §2): Dashboard, Sign Out and the display name. */
export function AccountLinks({ me }: { me: Me }) {
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <>
      <HeaderLink to={paths.dashboard}>Dashboard</HeaderLink>
      <button
        type="button"
        onClick={() => void handleSignOut()}
        // aria-disabled while it signs out, never disabled: Chromium drops a disabled button's focus.
        aria-disabled={signingOut || undefined}
        aria-busy={signingOut}
        className="block rounded-lg px-3 py-2 text-left font-medium text-slate-700 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:opacity-70"
      >
        Sign Out
      </button>
      <span className="flex items-center gap-2 px-3 py-2 text-sm font-semibold text-ink">
        <UserIcon />
        <span className="max-w-48 truncate" title={me.email}>
          {displayName(me)}
        </span>
      </span>
    </>
  );
}

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 text-brand-700" fill="none" stroke="currentColor" strokeWidth={2}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
    </svg>
  );
}
