import type { ReactNode } from 'react';
import { BUSINESS_SUMMARY } from '@autoparts/shared';

type Label = (typeof BUSINESS_SUMMARY)[number]['label'];

const icons: Record<Label, ReactNode> = {
  'Satisfied Customers': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.5c2.6.2 4.4 1.9 5 4.5" />
    </>
  ),
  Reviews: (
    <path d="M12 3l2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9l-5.4 2.9 1.1-6.1-4.5-4.3 6.1-.8z" />
  ),
  'Best Quality Parts': (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
      <circle cx="12" cy="12" r="7" />
    </>
  ),
};

/** SPEC §9: the figures are fixed, not counted. */
export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
      <h2 id="summary-heading" className="mb-6 text-center text-2xl sm:mb-10 sm:text-3xl font-bold text-ink">
        Business Summary
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-6">
        {BUSINESS_SUMMARY.map(({ figure, label }) => (
          <li
            key={label}
            className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-1 py-4 text-center shadow-sm sm:p-8"
          >
            <span className="mb-2 inline-flex size-10 items-center sm:mb-4 sm:size-14 justify-center rounded-full bg-brand-100 text-brand-700">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-5 sm:size-7"
              >
                {icons[label]}
              </svg>
            </span>
            <p className="text-xl font-extrabold text-ink sm:text-4xl">{figure}</p>
            <p className="mt-1 text-xs text-slate-600 sm:text-base">{label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
