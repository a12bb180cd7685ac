import type { ReactNode, Ref } from 'react';
import { useLocation } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { pageTitle } from '../../../content/site';
import { privateDescription } from '../../../lib/page-heads';

/**
 * The frame of the login and signup pages: title, heading, the error alert, then the form.
 * `errorRef`, when given, makes the alert focusable (a page that opens on it moves the focus there).
 */
export function AuthCard({
  title,
  error,
  errorRef,
  children,
}: {
  title: string;
  error: string | null;
  errorRef?: Ref<HTMLParagraphElement> | undefined;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <PageMeta title={pageTitle(title)} description={privateDescription(pathname)} noindex />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-3xl font-extrabold text-ink">{title}</h1>
        {error && (
          <p
            ref={errorRef}
            tabIndex={errorRef ? -1 : undefined}
            role="alert"
            className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700 focus:outline-none"
          >
            {error}
          </p>
        )}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** The line between the e-mail form and 'Continue with Google'. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

export const authLinkClass =
  'rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
