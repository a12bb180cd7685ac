import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { pageLoading } from '@autoparts/shared';

/**
 * The page's `<main>`: `aria-busy` while the router loads the next page's code (decision 215). The
 * router keeps the page being left on screen until then; a click or tap into it does nothing
 * meanwhile (index.css), so nothing is typed into a form about to go.
 */
export function PageMain({ children }: { children: ReactNode }) {
  const loading = useNavigation().state === 'loading';
  return (
    // At least a screen tall: the footer starts below the first screen, so a page whose data
    // arrives after the first paint never pushes it down in view (a layout shift).
    <main id="main" aria-busy={loading || undefined} className="min-h-screen flex-1 scroll-mt-32">
      {children}
    </main>
  );
}

/**
 * A bar along the top of the window while the next page's code loads, and its words said politely
 * (decision 215): nothing else would show that the link did anything. Both come only once the load
 * has lasted 300 ms (index.css, not a timer), so a quick one does not flash. The live region stays
 * in the page, so its words are read when they appear. Not `role="status"`: a page's own status
 * (a form's answer) stays the one status on the page.
 */
export function PageLoading() {
  const loading = useNavigation().state === 'loading';
  return (
    <div aria-live="polite">
      {loading && (
        <div className="page-loading-bar">
          <span className="sr-only">{pageLoading}</span>
        </div>
      )}
    </div>
  );
}
