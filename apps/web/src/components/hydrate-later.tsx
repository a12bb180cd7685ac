import { Suspense, type ReactNode } from 'react';
import type { EarlyInput } from '../lib/early-input';

/**
 * Hydration in slices (issue 10, decision 031). A server-rendered page is hydrated in one task
 * unless told otherwise, and on a phone that task blocks every tap for hundreds of milliseconds.
 * A section inside `<HydrateLater>` is left as the server sent it (visible, its links working as
 * plain links) while the rest hydrates, and is hydrated in a task of its own once it nears the
 * screen: a section the customer never scrolls to costs nothing.
 *
 * How: while the first hydration runs, the section's gate suspends. Preact keeps the server's DOM
 * of a boundary that suspends during hydration and resumes hydrating it when the promise settles.
 * Anywhere else (on the server, a page rendered in the browser, any render after the first
 * hydration) the section renders at once.
 *
 * Nothing the customer does early is lost (lib/early-input.ts): the first touch, key press or
 * focus, or a step through the history, hydrates every section still waiting, before the click or
 * the typing it leads to arrives (Preact finishes in the same task's microtasks); a click, an input
 * or a change that arrives meanwhile is held and sent again once the sections are hydrated.
 */
interface Slice {
  name: string;
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

const slices = new Map<string, Slice>();
let slicing = false;

/** How far below (or above) the screen a section starts hydrating: half a screen ahead of a scroll. */
const NEAR_THE_SCREEN = '50% 0px';

/**
 * Runs `hydrate` (synchronous) with the sections met meanwhile put off, then hydrates each as it
 * nears the screen, or all of them on the customer's first input; the input held meanwhile is
 * released once none is left waiting.
 */
export function hydrateInSlices(hydrate: () => void, input: EarlyInput) {
  slicing = true;
  try {
    hydrate();
  } finally {
    slicing = false;
  }
  const waiting = new Set([...slices.values()].filter((slice) => !slice.released));
  if (waiting.size === 0) {
    input.release();
    return;
  }

  const release = (slice: Slice) => {
    if (!waiting.delete(slice)) return;
    slice.release();
    if (waiting.size === 0) stop();
  };

  // One section per task, in the order they came near the screen.
  const due: Slice[] = [];
  const pump = () => {
    const slice = due.shift();
    if (!slice) return;
    release(slice);
    setTimeout(pump, 0);
  };
  const hydrateSoon = (slice: Slice) => {
    if (due.push(slice) === 1) setTimeout(pump, 0);
  };

  // Without an observer (or the section's element), each hydrates in its turn.
  const sections = new Map<Element, Slice>();
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const slice = sections.get(entry.target);
              if (!entry.isIntersecting || !slice) continue;
              sections.delete(entry.target);
              hydrateSoon(slice);
            }
          },
          { rootMargin: NEAR_THE_SCREEN },
        )
      : undefined;
  for (const slice of waiting) {
    const section = document.querySelector(`[data-hydrate-later="${CSS.escape(slice.name)}"]`)?.firstElementChild;
    if (!observer || !section) hydrateSoon(slice);
    else {
      sections.set(section, slice);
      observer.observe(section);
    }
  }

  input.onInput(() => waiting.forEach(release));

  function stop() {
    observer?.disconnect();
    input.release();
  }
}

function sliceFor(name: string): Slice {
  const known = slices.get(name);
  if (known) return known;
  const slice = { name, released: false } as Slice;
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

/**
 * `name` tells the sections apart: unique on the page. The children render one element, which
 * is the one watched for nearing the screen; the wrapper around it takes no box of its own.
 * Children that render nothing (effects only) hydrate in their turn, in the tasks after the page's.
 */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-hydrate-later={name} className="contents">
      <Suspense fallback={null}>
        <Gate name={name}>{children}</Gate>
      </Suspense>
    </div>
  );
}
