import { AUDIT_ACTIONS, AUDIT_SEARCH_MAX, auditActionLabels, auditMessages, type AuditAction } from '@autoparts/shared';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { SearchBox } from '../../admin/components/search-box';

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
 * (an order number, a part number or an e-mail) after a pause in typing, or on Search or Enter.
 */
export function AuditFilters({
  values,
  actors,
  onChange,
}: {
  values: AuditFilterValues;
  actors: readonly string[];
  onChange: (values: AuditFilterValues, how?: 'typing' | 'submit') => void;
}) {
  const actorOptions = [{ value: '', label: 'Every admin' }, ...[...new Set([...actors, ...(values.actor ? [values.actor] : [])])].map((email) => ({ value: email, label: email }))];

  return (
    <SearchBox
      name="Filter the audit log"
      label="Order number, part number or e-mail"
      placeholder="100042, BRK-2001 or jane@example.com"
      maxLength={AUDIT_SEARCH_MAX}
      value={values.q}
      onSearch={(q, how) => onChange({ ...values, q }, how)}
    >
      <SelectField label="Admin" options={actorOptions} value={values.actor} onChange={(event) => onChange({ ...values, actor: event.target.value })} className="w-full sm:w-56" />
      <SelectField
        label="Action"
        options={actionOptions}
        value={values.action}
        onChange={(event) => onChange({ ...values, action: event.target.value as AuditAction | '' })}
        className="w-full sm:w-56"
      />
      <TextField label="From" type="date" value={values.from} max={values.to || undefined} onChange={(event) => onChange({ ...values, from: event.target.value })} className="w-full sm:w-44" />
      <TextField
        label="To"
        type="date"
        value={values.to}
        min={values.from || undefined}
        error={dateRangeProblem(values)}
        onChange={(event) => onChange({ ...values, to: event.target.value })}
        className="w-full sm:w-44"
      />
    </SearchBox>
  );
}
