import { Suspense, type ReactNode } from 'react';

/**
 * Hydration in slices (issue 10, decision 031). A server-rendered page is hydrated in one task
 * unless told otherwise, and on a phone that task blocks every tap for hundreds of milliseconds.
 * A section inside `<HydrateLater>` is left as the server sent it (visible, its links working as
 * plain links) while the rest hydrates, then hydrated in a task of its own, one section after
 * another in the order they were met.
 *
 * How: while the first hydration runs, the section's gate suspends. Preact keeps the server's DOM
 * of a boundary that suspends during hydration and resumes hydrating it when the promise settles.
 * Anywhere else (on the server, a page rendered in the browser, any render after the first
 * hydration) the section renders at once.
 */
interface Slice {
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

const slices = new Map<string, Slice>();
let slicing = false;

/** Runs `hydrate` (synchronous) with the sections met meanwhile put off, then hydrates them one task each. */
export function hydrateInSlices(hydrate: () => void) {
  slicing = true;
  try {
    hydrate();
  } finally {
    slicing = false;
  }
  const waiting = [...slices.values()].filter((slice) => !slice.released);
  const next = () => {
    const slice = waiting.shift();
    if (!slice) return;
    slice.release();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

function sliceFor(name: string): Slice {
  const known = slices.get(name);
  if (known) return known;
  const slice = { released: false } as Slice;
  slice.promise = new Promise<void>((resolve) => {
    slice.release = () => {
      slice.released = true;
      resolve();
    };
  });
  slices.set(name, slice);
  return slice;
}

function Gate({ name, children }: { name: string; children: ReactNode }) {
  const slice = slicing ? sliceFor(name) : slices.get(name);
  if (slice && !slice.released) throw slice.promise;
  return children;
}

/** `name` tells the sections apart: unique on the page. The children render one element. */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate name={name}>{children}</Gate>
    </Suspense>
  );
}
