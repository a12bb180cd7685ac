import { AUDIT_ACTIONS, AUDIT_SEARCH_MAX, auditActionLabels, auditMessages, type AuditAction } from '@autoparts/shared';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ActionButton } from '../../admin/components/action-button';

export interface AuditFilterValues {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
  q: string;
}

const actionOptions = [{ value: '', label: 'Every action' }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabels[action] }))];

/** Whether the days make a range: none, either or both, the first not after the last. */
export function dateRangeProblem({ from, to }: Pick<AuditFilterValues, 'from' | 'to'>): string | undefined {
  return from && to && to < from ? auditMessages.dateRange : undefined;
}

/**
 * The audit log's filters: the admin, the action and the days apply as they change; the search
 * (an order number, a part number or an e-mail) on Search or Enter.
 */
export function AuditFilters({ values, actors, onChange }: { values: AuditFilterValues; actors: readonly string[]; onChange: (values: AuditFilterValues) => void }) {
  const [draft, setDraft] = useState(values.q);
  const [shownQ, setShownQ] = useState(values.q);
  // The search changed from outside (Back, a reload): show what is searched for now.
  if (values.q !== shownQ) {
    setShownQ(values.q);
    setDraft(values.q);
  }
  const actorOptions = [{ value: '', label: 'Every admin' }, ...[...new Set([...actors, ...(values.actor ? [values.actor] : [])])].map((email) => ({ value: email, label: email }))];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...values, q: draft.trim() });
  }

  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField label="Admin" options={actorOptions} value={values.actor} onChange={(event) => onChange({ ...values, actor: event.target.value })} />
      <SelectField label="Action" options={actionOptions} value={values.action} onChange={(event) => onChange({ ...values, action: event.target.value as AuditAction | '' })} />
      <TextField label="From" type="date" value={values.from} max={values.to || undefined} onChange={(event) => onChange({ ...values, from: event.target.value })} />
      <TextField
        label="To"
        type="date"
        value={values.to}
        min={values.from || undefined}
        error={dateRangeProblem(values)}
        onChange={(event) => onChange({ ...values, to: event.target.value })}
      />
      <div className="flex items-start gap-2 sm:col-span-2">
        <TextField
          label="Order number, part number or e-mail"
          type="search"
          autoComplete="off"
          placeholder="100042, BRK-2001 or jane@example.com"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={AUDIT_SEARCH_MAX}
          className="min-w-0 flex-1"
        />
        <ActionButton type="submit" tone="primary" className="mt-6 py-2">
          Search
        </ActionButton>
      </div>
    </form>
  );
}
