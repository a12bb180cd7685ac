import { useState } from 'react';

/**
 * A form's draft of stored fields, kept across the page's refetches (decision 112). `stored` is the
 * fields as the API gives them now; `toDraft` turns them into the form's values; `canonical` says
 * each draft field as a string, so that a draft retyped the same as stored is no change.
 *
 * `loaded` is the stored value the draft was last made against: what the form sends as
 * `expected`. When `stored` moves (another form's save refetched the part, a 409 reloaded it,
 * this form's own save came back), each field the admin has not changed (still as loaded, or
 * already as now stored) takes the stored value; a field they changed keeps what they typed. A
 * refetch that moves nothing of these fields leaves the draft alone.
 */
export function useStoredDraft<Stored extends object, Draft extends object>(
  stored: Stored,
  toDraft: (stored: Stored) => Draft,
  canonical: (draft: Draft) => Record<keyof Draft, string>,
) {
  const [loaded, setLoaded] = useState(stored);
  const [draft, setDraft] = useState(() => toDraft(stored));
  const storedDraft = toDraft(stored);
  const now = canonical(storedDraft);
  const before = canonical(toDraft(loaded));
  if (JSON.stringify(now) !== JSON.stringify(before)) {
    // Adjusting state to a new prop while rendering (React's own pattern): no stale frame.
    const typed = canonical(draft);
    const next = { ...draft };
    for (const field of Object.keys(now) as Array<keyof Draft>) {
      if (typed[field] === before[field] || typed[field] === now[field]) next[field] = storedDraft[field];
    }
    setLoaded(stored);
    setDraft(next);
  }
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  return { draft, change, loaded };
}
