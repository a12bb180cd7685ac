import { orderStatusLabels, orderStatusSchema, type OrderStatus } from '@autoparts/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ActionButton } from './action-button';

/** Every status an order can be in, Partly shipped and Delivered too, in the order of an order's life. */
export const ORDER_STATUSES = orderStatusSchema.options;


const statusOptions = [
  { value: '', label: 'All' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabels[status] })),
];

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface OrderFiltersProps {
  status: OrderStatus | '';
  email: string;
  onStatusChange: (status: OrderStatus | '') => void;
  /** `typing`: the search ran by itself after a pause, rather than by Search or Enter. */
  onEmailChange: (email: string, how: 'typing' | 'submit') => void;
}

/** The status filter and the search (a part of the customer's e-mail, or an order number) of Manage All Orders. */
export function OrderFilters({ status, email, onStatusChange, onEmailChange }: OrderFiltersProps) {
  const [draft, setDraft] = useState(email);
  const [sent, setSent] = useState(email);
  const [shownEmail, setShownEmail] = useState(email);
  // The search changed from outside (Back, a link, a reload): show what is searched for now.
  if (email !== shownEmail) {
    setShownEmail(email);
    if (email !== sent) {
      setSent(email);
      setDraft(email);
    }
  }

  const send = useCallback(
    (value: string, how: 'typing' | 'submit') => {
      setSent(value);
      onEmailChange(value, how);
    },
    [onEmailChange],
  );

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === email) return;
    const timer = setTimeout(() => send(wanted, 'typing'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, email, send]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(draft.trim(), 'submit');
  }

  return (
    <form role="search" aria-label="Filter orders" onSubmit={handleSubmit} className="flex flex-wrap items-start gap-4">
      <SelectField
        label="Status"
        options={statusOptions}
        value={status}
        onChange={(event) => onStatusChange(event.target.value as OrderStatus | '')}
        className="w-full sm:w-44"
      />
      <div className="flex w-full items-start gap-2 sm:w-auto sm:flex-1">
        <TextField
          label="Customer e-mail or order number"
          type="search"
          autoComplete="off"
          placeholder="jane@example.com or 100042"
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
