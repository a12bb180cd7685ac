const steps = [
  {
    title: 'Receive Order',
    text: 'Sign up, choose a product from our parts list and finish the payment process. Your order reaches our team the moment it is paid.',
    highlighted: true,
  },
  {
    title: 'Manufacture Parts',
    text: 'Our quality-verified network of plants builds your parts to specification and checks every batch before it leaves the line.',
    highlighted: true,
  },
  {
    title: 'Ship Parts',
    text: 'We handle all logistics and communication, from packing to delivery, so your parts arrive without you chasing anyone.',
    highlighted: false,
  },
] as const;

/** SPEC §1: the three steps are fixed text; the first two are always highlighted, not a live status. */
export function HowWeWork() {
  return (
    <section aria-labelledby="how-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
        <h2 id="how-heading" className="text-center text-2xl font-bold sm:text-3xl text-ink">
          How we works
        </h2>
        <p className="mx-auto mt-3 mb-6 max-w-2xl sm:mt-4 sm:mb-10 text-center text-slate-600">
          We are a quality-verified manufacturing network that handles all logistics and communication for
          you. All you do is sign up, choose a product and finish the payment process.
        </p>
        <ol className="grid gap-3 sm:gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              data-highlighted={step.highlighted ? 'true' : 'false'}
              className={`rounded-xl p-4 shadow-sm sm:p-6 ${
                step.highlighted ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-700'
              }`}
            >
              <span
                aria-hidden="true"
                className={`mb-4 inline-flex size-10 items-center justify-center rounded-full text-lg font-bold ${
                  step.highlighted ? 'bg-white text-brand-700' : 'bg-slate-100 text-ink'
                }`}
              >
                {index + 1}
              </span>
              <h3 className={`text-xl font-semibold ${step.highlighted ? 'text-white' : 'text-ink'}`}>
                {step.title}
              </h3>
              <p className={`mt-2 ${step.highlighted ? 'text-brand-50' : 'text-slate-600'}`}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
