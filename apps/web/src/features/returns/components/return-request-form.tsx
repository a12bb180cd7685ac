import { can, itemLines, RETURN_NOTE_MAX_LENGTH, RETURN_REASONS, returnMessages, returnReasonLabels, type Order, type ReturnReasonCode } from '@autoparts/shared';
import { useId, useState, type FormEvent } from 'react';
import { useRequestReturn } from '../api/returns';

/**
 * "Return items": the order, its items (part lines; a core deposit is not one) with how many of
 * each, the reason and a note. The server
 * decides what may come back (shipped, within the window, not already being returned) and says
 * why not; the RMA number and what to do are shown here once it is asked for.
 */
export function ReturnRequestForm({ orders, initialOrderId }: { orders: Order[]; initialOrderId?: string }) {
  const id = useId();
  const candidates = orders.filter((order) => can(order.status, 'requestReturn', 'customer'));
  const [orderId, setOrderId] = useState(initialOrderId && candidates.some((order) => order._id === initialOrderId) ? initialOrderId : (candidates[0]?._id ?? ''));
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReasonCode>('does-not-fit');
  const [note, setNote] = useState('');
  const request = useRequestReturn();
  const order = candidates.find((candidate) => candidate._id === orderId);

  if (candidates.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">No shipped orders yet: parts can be returned once they have shipped.</p>;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([partId, quantity]) => ({ partId, quantity }));
    if (lines.length === 0) return;
    request.mutate({ orderId, lines, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  if (request.isSuccess) {
    return (
      <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-6">
        <h2 className="text-xl font-bold text-ink">Return {request.data.rmaNumber} {request.data.status === 'approved' ? 'approved' : 'requested'}</h2>
        <p className="mt-2 text-slate-800">{returnMessages.whatToDo(request.data.rmaNumber, request.data.sendTo)}</p>
        <p className="mt-2 text-slate-700">We have sent you this by e-mail too.</p>
        <button type="button" className="mt-4 rounded-lg bg-slate-100 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-200" onClick={() => request.reset()}>
          Return something else
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-ink">
        Return items
      </h2>
      <label className="grid min-w-0 gap-1 font-medium text-slate-800">
        Order
        <select className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2" value={orderId} onChange={(event) => { setOrderId(event.target.value); setQuantities({}); }}>
          {candidates.map((candidate) => (
            <option key={candidate._id} value={candidate._id}>
              Order {candidate.orderNumber} — {candidate.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="grid gap-2">
        <legend className="font-medium text-slate-800">Parts to send back</legend>
        {itemLines(order?.lines ?? []).map((line) => (
          <label key={line.partId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <span>
              {line.name} <span className="text-slate-600">({line.partNumber}, bought {line.quantity})</span>
            </span>
            <span className="flex items-center gap-2">
              <span className="text-sm text-slate-700">How many</span>
              <input
                type="number"
                min={0}
                max={line.quantity}
                className="w-20 rounded-lg border border-slate-300 px-2 py-1"
                aria-label={`How many of ${line.name} to return`}
                value={quantities[line.partId] ?? 0}
                onChange={(event) => setQuantities((current) => ({ ...current, [line.partId]: Math.max(0, Math.min(line.quantity, Number(event.target.value) || 0)) }))}
              />
            </span>
          </label>
        ))}
      </fieldset>
      <label className="grid min-w-0 gap-1 font-medium text-slate-800">
        Reason
        <select className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2" value={reason} onChange={(event) => setReason(event.target.value as ReturnReasonCode)}>
          {RETURN_REASONS.map((code) => (
            <option key={code} value={code}>
              {returnReasonLabels[code]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 gap-1 font-medium text-slate-800">
        Note {reason === 'warranty' ? '(required: what is wrong)' : '(optional)'}
        <textarea className="min-h-24 w-full rounded-lg border border-slate-300 px-3 py-2" maxLength={RETURN_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div>
        <button
          type="submit"
          disabled={request.isPending || !Object.values(quantities).some((quantity) => quantity > 0)}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {request.isPending ? 'Requesting…' : 'Request the return'}
        </button>
      </div>
    </form>
  );
}
