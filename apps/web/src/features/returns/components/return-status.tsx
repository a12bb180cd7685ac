import { returnStatusLabels, type ReturnRequest } from '@autoparts/shared';

const tone: Record<ReturnRequest['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  rejected: 'bg-rose-100 text-rose-900',
  received: 'bg-indigo-100 text-indigo-900',
  refunded: 'bg-emerald-100 text-emerald-900',
  replaced: 'bg-emerald-100 text-emerald-900',
};

/** A return's status as a badge: its word, never colour alone. */
export function ReturnStatus({ status }: { status: ReturnRequest['status'] }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone[status]}`}>{returnStatusLabels[status]}</span>;
}
