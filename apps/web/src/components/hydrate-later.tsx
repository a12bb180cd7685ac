import { Suspense, type ReactNode } from 'react';

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
 * Nothing the customer does early is lost: the first touch, key press or focus, or a step through
 * the history, hydrates every section still waiting, before the click or the typing it leads to
 * arrives (Preact finishes in the same task's microtasks). A click, an input or a change that
 * arrives with sections still waiting (a screen reader's click, a browser's autofill) is held, the
 * sections are hydrated, and it is sent again to the same element, the way React replays events
 * during selective hydration.
 */
interface Slice {
  name: string;
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

const slices = new Map<string, Slice>();
let slicing = false;

/** Events that come before the ones that act: hydrating on them is in time for what follows. */
const wakeEvents = ['pointerdown', 'keydown', 'focusin', 'popstate'] as const;
/** Events that act: with sections still waiting, held and sent again once they are hydrated. */
const replayedEvents = ['click', 'input', 'change'] as const;
/** How far below (or above) the screen a section starts hydrating: half a screen ahead of a scroll. */
const NEAR_THE_SCREEN = '50% 0px';

/** Runs `hydrate` (synchronous) with the sections met meanwhile put off, then hydrates each as it nears the screen. */
export function hydrateInSlices(hydrate: () => void) {
  slicing = true;
  try {
    hydrate();
  } finally {
    slicing = false;
  }
  const waiting = new Set([...slices.values()].filter((slice) => !slice.released));
  if (waiting.size === 0) return;

  const release = (slice: Slice) => {
    if (!waiting.delete(slice)) return;
    slice.release();
    if (waiting.size === 0) stop();
  };
  const releaseAll = () => waiting.forEach(release);
  // Held events, sent again in order once the sections are hydrated. An input and its change
  // come in one go (a script, autofill): both are held, not the first alone.
  const held: Array<{ target: Node; copy: Event }> = [];
  const replay = (event: Event) => {
    const { target } = event;
    if (!(target instanceof Node)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ target, copy: new (event.constructor as typeof Event)(event.type, event) });
    if (held.length > 1) return;
    releaseAll();
    // The sections hydrate in this task's microtasks; the copies go out in the next task.
    setTimeout(() => {
      stopReplaying();
      for (const { target: heldTarget, copy } of held.splice(0)) heldTarget.dispatchEvent(copy);
    }, 0);
  };
  const stopReplaying = () => {
    for (const type of replayedEvents) window.removeEventListener(type, replay, true);
  };
  for (const type of wakeEvents) window.addEventListener(type, releaseAll, { capture: true, passive: true });
  for (const type of replayedEvents) window.addEventListener(type, replay, true);

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

  function stop() {
    observer?.disconnect();
    for (const type of wakeEvents) window.removeEventListener(type, releaseAll, true);
    // Events held meanwhile stop the replaying once they have been sent.
    if (held.length === 0) stopReplaying();
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
