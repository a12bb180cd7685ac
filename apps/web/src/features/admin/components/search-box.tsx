import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/text-field';
import { ActionButton } from './action-button';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The form's name as a search landmark: "Filter orders". */
  name: string;
  label: string;
  placeholder?: string;
  /** The longest search the server takes. */
  maxLength?: number;
  /** What is searched for now (the address's). */
  value: string;
  /** `typing`: the search ran by itself after a pause, rather than by Search or Enter. */
  onSearch: (value: string, how: 'typing' | 'submit') => void;
  /** Other filters, before the search field. */
  children?: ReactNode;
}

/**
 * An admin list's search form (decision 009): typing searches after a pause, Enter or Search at
 * once. It shows the search of the address when that changes from outside (Back, a link, a reload).
 */
export function SearchBox({ name, label, placeholder, maxLength, value, onSearch, children }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [sent, setSent] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value);
    }
  }

  const send = useCallback(
    (next: string, how: 'typing' | 'submit') => {
      setSent(next);
      onSearch(next, how);
    },
    [onSearch],
  );

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => send(wanted, 'typing'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, send]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(draft.trim(), 'submit');
  }

  return (
    <form role="search" aria-label={name} onSubmit={handleSubmit} className="flex flex-wrap items-start gap-4">
      {children}
      <div className="flex w-full items-start gap-2 sm:w-auto sm:flex-1">
        <TextField
          label={label}
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          maxLength={maxLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <ActionButton type="submit" tone="primary" className="mt-6 py-2">
          Search
        </ActionButton>
      </div>
    </form>
  );
}
