import type { ReactNode } from 'react';

const reasons: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Genuine OEM-grade parts',
    text: 'Every part is made to original-equipment specifications in our own plants, so it fits and performs like the one it replaces.',
    icon: <path d="M12 3l7 3v5c0 4.5-3 8.2-7 10-4-1.8-7-5.5-7-10V6zM8.5 12l2.5 2.5 4.5-5" />,
  },
  {
    title: 'Bulk pricing for workshops',
    text: 'Each part shows its minimum order quantity, and buying in workshop volumes keeps the price per piece low.',
    icon: <path d="M3 7l9-4 9 4-9 4zM3 12l9 4 9-4M3 17l9 4 9-4" />,
  },
  {
    title: 'Tracked shipping',
    text: 'We pack and dispatch every order ourselves and keep you informed until it reaches your door.',
    icon: <path d="M2 6h11v10H2zM13 9h4l4 4v3h-8M6 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1" />,
  },
  {
    title: '12-month warranty',
    text: 'Our parts are covered for twelve months against manufacturing defects.',
    icon: <path d="M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z" />,
  },
];

export function WhyUs() {
  return (
    <section aria-labelledby="why-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
        <h2 id="why-heading" className="mb-6 text-center text-2xl sm:mb-10 sm:text-3xl font-bold text-ink">
          Why workshops order from us
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:gap-8 lg:grid-cols-4">
          {reasons.map((reason) => (
            <li key={reason.title} className="text-center sm:text-left">
              <span className="mb-2 inline-flex size-10 sm:mb-4 sm:size-12 items-center justify-center rounded-full bg-brand-700 text-white">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="size-6"
                >
                  {reason.icon}
                </svg>
              </span>
              <h3 className="font-semibold text-ink sm:text-lg">{reason.title}</h3>
              <p className="mt-1 text-sm text-slate-700 sm:mt-2 sm:text-base">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
