import { useId, type ReactNode } from 'react';
import { pageTitle } from '../../../content/site';
import { RecentActivity } from './recent-activity';

interface AdminPageProps {
  /** The page's heading and the start of its `<title>`. */
  title: string;
  /** One line under the heading: what the page is for. */
  intro: string;
  children: ReactNode;
  /** The recent admin activity under the page; not under the audit log, which is all of it. */
  activity?: boolean;
}

/** An admin page: its heading and content, then the recent admin activity (the tables need the width). */
export function AdminPage({ title, intro, children, activity = true }: AdminPageProps) {
  const headingId = useId();
  return (
    <div className="grid gap-10">
      <section aria-labelledby={headingId} className="min-w-0">
        <title>{pageTitle(title)}</title>
        <h1 id={headingId} className="text-3xl font-extrabold text-ink">
          {title}
        </h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </section>
      {activity && (
        <div className="max-w-2xl">
          <RecentActivity />
        </div>
      )}
    </div>
  );
}
