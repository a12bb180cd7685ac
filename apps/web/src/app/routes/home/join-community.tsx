import { InPageLink } from '../../../components/in-page-link';

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-700 focus:outline-2 focus:outline-brand-700';

/**
 * SPEC §2 and §5: plain inputs with no submit behaviour and no validation. There is no <form>,
 * so Enter in a field and the button both do nothing; signing in happens on /login.
 */
export function JoinCommunity() {
  return (
    <section id="join-community" aria-labelledby="community-heading" tabIndex={-1} className="bg-ink outline-none">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <h2 id="community-heading" className="text-3xl font-bold text-white">
            Join our Community
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Our community is a palace for the car world: a home for everyone who wants to stay updated about car
            parts, new arrivals and the tricks of the trade.
          </p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-lg sm:p-8">
          <div className="space-y-4">
            <div>
              <label htmlFor="community-email" className="block text-sm font-medium text-slate-700">
                Email
              </label>
              <input
                id="community-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="community-password" className="block text-sm font-medium text-slate-700">
                Password
              </label>
              <input
                id="community-password"
                name="password"
                type="password"
                autoComplete="current-password"
                className={inputClass}
              />
            </div>
            <InPageLink
              to="join-community"
              className="inline-block rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Forgot password?
            </InPageLink>
            <button
              type="button"
              className="block w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Login
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
