import {
  apiErrors,
  awaitsParts,
  can,
  createReturnSchema,
  formatDay,
  formatPercent,
  formatPrice,
  itemLines,
  openReturnOf,
  orderKindOf,
  RETURN_NOTE_MAX_LENGTH,
  RETURN_REASONS,
  returnMessages,
  returnReasonLabels,
  unitsShipped,
  UNITS_HELD_RETURN_STATUSES,
  warrantyUntilText,
  type Order,
  type OrderLine,
  type ReturnCreated,
  type ReturnReasonCode,
  type ReturnRequest,
} from '@autoparts/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { NotAmongYours } from '../../orders/components/order-not-found';
import { useRequestReturn } from '../api/returns';

/** A line's choices: how many, and why (nothing chosen until the customer says). */
type Choice = { quantity: number; reason: ReturnReasonCode | '' };

/** A window the server answered on the line (ISO time) that is still open. */
const runs = (until: string | null, now: Date) => until !== null && new Date(until) >= now;

/**
 * The reasons a line may be sent back for, by the windows the server answers on it (decision 164):
 * a core return only with its deposit and within its days, a warranty claim only while it runs,
 * the others within the return window.
 */
function reasonsFor(line: OrderLine, deposit: OrderLine | undefined, now: Date): ReturnReasonCode[] {
  return RETURN_REASONS.filter((code) => {
    if (code === 'core') return deposit !== undefined && runs(line.coreReturnUntil, now);
    if (code === 'warranty') return runs(line.warrantyUntil, now);
    return runs(line.returnUntil, now);
  });
}

/**
 * A line's open returns among the customer's (`openReturnOf`): of the part itself, of its old core.
 * The reasons of either are not offered again (the server would refuse them, 409); a line left
 * with no reason is not offered at all, and says why with the RMA number.
 */
function openReturnsOn(returns: readonly ReturnRequest[], orderId: string, line: OrderLine, deposit: OrderLine | undefined) {
  return {
    part: openReturnOf(returns, orderId, line.partId, false),
    core: deposit ? openReturnOf(returns, orderId, line.partId, true) : undefined,
  };
}

/**
 * "Return items": the order, its items (part lines; a core deposit is not one) each with how
 * many and why, and a note. A line offers a warranty claim only while its warranty runs (until
 * when is said), a line already being returned says so and its RMA instead of its choices, and a part that carried a core deposit says the old core goes back on its line.
 * Lines of two reasons make two returns (decision 066). The server decides what may come back
 * and says why not; the RMA numbers and what to do are shown here once asked for.
 */
export function ReturnRequestForm({
  orders,
  returns = [],
  initialOrderId,
  restockingFeePercent = 0,
  linkedNotFound = false,
}: {
  orders: Order[];
  /** The customer's returns (`GET /returns`): a line with an open one is shown as being returned. */
  returns?: readonly ReturnRequest[];
  initialOrderId?: string;
  /** The shop's restocking fee (`GET /returns/policy`), said on a line sent back as no longer needed. */
  restockingFeePercent?: number;
  /** The order the link named is not among the customer's (404): said as the order's page says it. */
  linkedNotFound?: boolean;
}) {
  const id = useId();
  const candidates = orders.filter((order) => can(order.status, 'requestReturn', 'customer', orderKindOf(order.paymentProvider)));
  // The order a link named, if it can be returned; if not, the form says so rather than quietly offering another.
  const linkedReturnable = initialOrderId !== undefined && candidates.some((order) => order._id === initialOrderId);
  const [orderId, setOrderId] = useState(linkedReturnable ? initialOrderId : (candidates[0]?._id ?? ''));
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  // The server's refusal of a warranty claim without a note, shown on the Note field.
  const [noteError, setNoteError] = useState<string | undefined>();
  const noteField = useRef<HTMLTextAreaElement>(null);
  const request = useRequestReturn();
  // "Return something else" gives the keyboard the form again, not the top of the page.
  const formHeading = useRef<HTMLHeadingElement>(null);
  const formHeadingWanted = useRef(false);
  useEffect(() => {
    if (request.isSuccess || !formHeadingWanted.current) return;
    formHeadingWanted.current = false;
    formHeading.current?.focus();
  }, [request.isSuccess]);
  const order = candidates.find((candidate) => candidate._id === orderId);
  const now = new Date();

  const linkedNotice = initialOrderId !== undefined && !linkedReturnable && (
    <div role="alert" className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      {linkedNotFound ? (
        <>
          <p className="font-semibold">{apiErrors.orderNotFound}</p>
          <NotAmongYours />
        </>
      ) : (
        <p>{returnMessages.linkedNotReturnable}</p>
      )}
    </div>
  );

  if (candidates.length === 0) {
    return (
      <div className="grid gap-3">
        {linkedNotice}
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">No shipped orders yet: parts can be returned once they have shipped.</p>
      </div>
    );
  }

  const lines = itemLines(order?.lines ?? []).map((line) => {
    const deposit = order?.lines.find((candidate) => candidate.kind === 'core-deposit' && candidate.partId === line.partId);
    const open = openReturnsOn(returns, orderId, line, deposit);
    // What may still go back of the part and of its core, as the server counts it over every return
    // of the order (decision 164; the customer's list holds only their newest returns).
    const shipped = order ? unitsShipped(order, line.partId, line.quantity) : 0;
    const partLeft = line.returnable;
    const coreLeft = deposit ? line.coresReturnable : 0;
    const reasons = reasonsFor(line, deposit, now).filter((code) => (code === 'core' ? !open.core && coreLeft > 0 : !open.part && partLeft > 0));
    // Windows closed on what the count would still take: said with their day, as the reasons are not offered.
    const windowClosed = !open.part && partLeft > 0 && line.returnUntil !== null && !runs(line.returnUntil, now) ? formatDay(line.returnUntil) : null;
    const coreWindowClosed = deposit && !open.core && coreLeft > 0 && line.coreReturnUntil !== null && !runs(line.coreReturnUntil, now) ? formatDay(line.coreReturnUntil) : null;
    // The returns that took every unit of the part, named when none is left and none of them is open.
    const returnedBy =
      shipped > 0 && partLeft === 0 && !open.part
        ? returns.filter((ret) => ret.orderId === orderId && ret.reason !== 'core' && UNITS_HELD_RETURN_STATUSES.includes(ret.status) && ret.lines.some((candidate) => candidate.partId === line.partId))
        : [];
    /** The most of the line the reason may send back (before a reason is chosen, the most either may). */
    const most = (reason: ReturnReasonCode | '') =>
      reason === 'core' ? coreLeft : reason === '' ? Math.max(reasons.includes('core') ? coreLeft : 0, reasons.some((code) => code !== 'core') ? partLeft : 0) : partLeft;
    return { line, deposit, open, reasons, shipped, partLeft, returnedBy, most, windowClosed, coreWindowClosed };
  });
  // A line chosen before the customer's returns showed it as being returned is not sent.
  const offered = new Set(lines.filter(({ reasons }) => reasons.length > 0).map(({ line }) => line.partId));
  const chosen = Object.entries(choices).filter(([partId, choice]) => choice.quantity > 0 && offered.has(partId));
  const claimsWarranty = chosen.some(([, choice]) => choice.reason === 'warranty');
  // "Request the return" pressed with no part chosen: said until one is (decision 227).
  const nothingChosen = tried && chosen.length === 0;
  // A line's quantity stays within what its reason may still send back.
  const choose = (partId: string, change: Partial<Choice>) =>
    setChoices((current) => {
      const next = { quantity: 0, reason: '' as const, ...current[partId], ...change };
      const most = lines.find(({ line }) => line.partId === partId)?.most(next.reason) ?? 0;
      return { ...current, [partId]: { ...next, quantity: Math.min(next.quantity, most) } };
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    setTried(true);
    // The first line chosen without a reason, in the form's order, takes the focus.
    const firstMissing = lines.findIndex(({ line }) => offered.has(line.partId) && (choices[line.partId]?.quantity ?? 0) > 0 && choices[line.partId]?.reason === '');
    if (firstMissing >= 0) {
      document.getElementById(`${id}-line-${firstMissing}-reason`)?.focus();
      return;
    }
    // Nothing chosen: said at the first part's How many, which takes the focus, as a missing reason is
    // (decision 227); with no part to choose, the words saying so take it.
    if (chosen.length === 0) {
      // Drawn now, so that the words are there to be focused and to describe the field.
      flushSync(() => setTried(true));
      const firstOffered = lines.findIndex(({ line }) => offered.has(line.partId));
      document.getElementById(firstOffered >= 0 ? `${id}-line-${firstOffered}-quantity` : `${id}-lines-error`)?.focus();
      return;
    }
    const input = { orderId, lines: chosen.map(([partId, choice]) => ({ partId, quantity: choice.quantity, reason: choice.reason as ReturnReasonCode })), ...(note.trim() ? { note: note.trim() } : {}) };
    // The request's own schema, as the server checks it: a warranty claim without a note is said at the Note, not sent.
    const noteIssue = createReturnSchema.safeParse(input).error?.issues.find((issue) => issue.path[0] === 'note');
    if (noteIssue) {
      setNoteError(noteIssue.message);
      noteField.current?.focus();
      return;
    }
    request.mutate(
      input,
      {
        onError: (error) => {
          if (error.message !== returnMessages.warrantyNeedsNote) return;
          setNoteError(error.message);
          noteField.current?.focus();
        },
      },
    );
  }

  if (request.isSuccess) {
    return (
      <ReturnRequested
        created={request.data}
        partName={(partId) => order?.lines.find((candidate) => candidate.kind === 'part' && candidate.partId === partId)?.name ?? partId}
        onAnother={() => {
          // A new request starts empty: the last one's note and choices were sent with it.
          setChoices({});
          setNote('');
          setNoteError(undefined);
          setTried(false);
          formHeadingWanted.current = true;
          request.reset();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={formHeading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        Return items
      </h2>
      {linkedNotice}
      {/* A select's option cannot wrap: a long part name was cut off at 390 px. The chosen order is
          said in full below it, in text that wraps, and is the select's description (decision 182). */}
      <div className="grid min-w-0 gap-1">
        <label className="grid min-w-0 gap-1 font-medium text-slate-800">
          Order
          <select
            className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2"
            aria-describedby={order ? `${id}-order` : undefined}
            value={orderId}
            onChange={(event) => {
              setOrderId(event.target.value);
              setChoices({});
              setTried(false);
            }}
          >
            {candidates.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                Order {candidate.orderNumber} — {candidate.name}
              </option>
            ))}
          </select>
        </label>
        {order && (
          <p id={`${id}-order`} className="text-sm text-slate-600 [overflow-wrap:anywhere]">
            <span className="font-medium text-slate-800">{order.name}</span> · placed {formatDay(order.createdAt)} · {formatPrice(order.total)}
          </p>
        )}
      </div>
      <fieldset className="grid min-w-0 gap-2">
        <legend className="font-medium text-slate-800">Parts to send back</legend>
        {nothingChosen && (
          <p id={`${id}-lines-error`} tabIndex={-1} className="text-sm font-medium text-red-700 focus:outline-none">
            {offered.size > 0 ? returnMessages.partNeeded : returnMessages.nothingToReturn}
          </p>
        )}
        {lines.map(({ line, deposit, open, reasons, shipped, partLeft, returnedBy, most, windowClosed, coreWindowClosed }, index) => {
          const choice = choices[line.partId] ?? { quantity: 0, reason: '' };
          const missingReason = tried && choice.quantity > 0 && choice.reason === '';
          // The fee kept from a "no longer needed" refund, said before the request is sent.
          const feeKept = choice.reason === 'no-longer-needed' && restockingFeePercent > 0;
          const lineId = `${id}-line-${index}`;
          // Some of the line went back already (or has not shipped): how many may still go, said at "How many" too.
          const partOnly = !open.part && partLeft > 0 && partLeft < line.quantity;
          const name = (
            <p id={`${lineId}-name`} className="[overflow-wrap:anywhere]">
              {line.name} <span className="text-slate-600">({line.partNumber}, bought {line.quantity})</span>
            </p>
          );
          const beingReturned = (
            <>
              {open.part && <p className="text-sm font-medium text-slate-800">{returnMessages.alreadyBeingReturned(open.part.rmaNumber)}</p>}
              {open.core && <p className="text-sm font-medium text-slate-800">{returnMessages.coreAlreadyBeingReturned(open.core.rmaNumber)}</p>}
              {shipped === 0 && <p className="text-sm font-medium text-slate-800">{returnMessages.lineNotShippedYet}</p>}
              {returnedBy.length > 0 && (
                <p className="text-sm font-medium text-slate-800">{returnMessages.returnedInFull(returnedBy.map((ret) => ret.rmaNumber).join(', '))}</p>
              )}
              {windowClosed && <p className="text-sm font-medium text-slate-800">{returnMessages.windowClosedOn(windowClosed)}</p>}
              {coreWindowClosed && <p className="text-sm font-medium text-slate-800">{returnMessages.coreWindowClosedOn(coreWindowClosed)}</p>}
              {partOnly && (
                <p id={`${lineId}-left`} className="text-sm font-medium text-slate-800">
                  {returnMessages.partReturned(partLeft)}
                </p>
              )}
            </>
          );
          if (reasons.length === 0) {
            return (
              <div key={line.partId} role="group" aria-labelledby={`${lineId}-name`} className="grid gap-1 rounded-lg bg-slate-50 px-3 py-2">
                {name}
                {beingReturned}
                {/* Past its windows: whether its warranty still ran is part of why nothing is offered. */}
                {(windowClosed || coreWindowClosed) && line.warrantyUntil && <p className="text-sm text-slate-700">{warrantyUntilText(line.warrantyUntil, now)}</p>}
              </div>
            );
          }
          return (
            <div key={line.partId} role="group" aria-labelledby={`${lineId}-name`} className="grid gap-2 rounded-lg bg-slate-50 px-3 py-2">
              {name}
              {beingReturned}
              <div className="flex flex-wrap items-end gap-3">
                <label className="grid gap-1 text-sm text-slate-700">
                  How many
                  <input
                    type="number"
                    min={0}
                    max={most(choice.reason)}
                    step={1}
                    className="w-20 rounded-lg border border-slate-300 px-2 py-1 text-base"
                    id={`${lineId}-quantity`}
                    aria-label={`How many of ${line.name} to return`}
                    aria-invalid={nothingChosen || undefined}
                    aria-describedby={[nothingChosen && `${id}-lines-error`, partOnly && `${lineId}-left`].filter(Boolean).join(' ') || undefined}
                    value={choice.quantity}
                    onChange={(event) => choose(line.partId, { quantity: Math.max(0, Math.trunc(Number(event.target.value)) || 0) })}
                  />
                </label>
                <label className="grid min-w-0 flex-1 gap-1 text-sm text-slate-700">
                  Reason
                  <select
                    id={`${lineId}-reason`}
                    className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-1.5 text-base"
                    aria-label={`Reason for returning ${line.name}`}
                    aria-invalid={missingReason || undefined}
                    aria-describedby={[missingReason && `${lineId}-error`, feeKept && `${lineId}-fee`].filter(Boolean).join(' ') || undefined}
                    value={choice.reason}
                    onChange={(event) => choose(line.partId, { reason: event.target.value as ReturnReasonCode | '' })}
                  >
                    <option value="">Choose a reason</option>
                    {reasons.map((code) => (
                      <option key={code} value={code}>
                        {returnReasonLabels[code]}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {missingReason && (
                <p id={`${lineId}-error`} className="text-sm font-medium text-red-700">
                  {returnMessages.reasonNeeded}
                </p>
              )}
              {feeKept && (
                <p id={`${lineId}-fee`} className="text-sm font-medium text-amber-900">
                  {returnMessages.restockingFee(formatPercent(restockingFeePercent))}
                </p>
              )}
              {line.fitChecked && reasons.includes('does-not-fit') && <p className="text-sm text-slate-700">{returnMessages.fitPromiseOnThisLine}</p>}
              {line.warrantyUntil && <p className="text-sm text-slate-700">{warrantyUntilText(line.warrantyUntil, now)}</p>}
              {deposit && <p className="text-sm text-slate-700">{returnMessages.coreOnThisLine(formatPrice(deposit.unitPrice))}</p>}
            </div>
          );
        })}
      </fieldset>
      <label className="grid min-w-0 gap-1 font-medium text-slate-800">
        Note {claimsWarranty ? '(required for a warranty claim: what is wrong)' : '(optional)'}
        <textarea
          ref={noteField}
          className={`min-h-24 w-full rounded-lg border px-3 py-2 ${noteError ? 'border-red-600' : 'border-slate-300'}`}
          maxLength={RETURN_NOTE_MAX_LENGTH}
          value={note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
      </label>
      {noteError && (
        <p id={`${id}-note-error`} className="-mt-2 text-sm font-medium text-red-700">
          {noteError}
        </p>
      )}
      <div>
        <button
          type="submit"
          aria-disabled={request.isPending || undefined}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
        >
          {request.isPending ? 'Requesting…' : 'Request the return'}
        </button>
      </div>
    </form>
  );
}

/**
 * The request made: its RMA numbers and what to do now. Its heading takes the focus when it
 * appears (the form and its button are gone), so the keyboard stays here and a screen reader reads it.
 */
function ReturnRequested({ created, partName, onAnother }: { created: ReturnCreated; partName: (partId: string) => string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [created]);
  const { returns, sendTo } = created;
  const numbers = returns.map((ret) => ret.rmaNumber).join(' and ');
  // Approved at once (the fit promise): the parts are awaited; the return table says which are.
  const allApproved = returns.every((ret) => awaitsParts(ret.status));
  return (
    <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-6">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        {returns.length === 1 ? 'Return' : 'Returns'} {numbers} {allApproved ? 'approved' : 'requested'}
      </h2>
      {returns.length > 1 && (
        <ul className="mt-2 list-disc pl-5 text-slate-800">
          {returns.map((ret) => (
            <li key={ret.id} className="[overflow-wrap:anywhere]">
              {/* Two returns may share a reason (the fit promise's and the others'): the parts tell them apart. */}
              {ret.rmaNumber}: {returnReasonLabels[ret.reason]} ({ret.partIds.map(partName).join(', ')})
            </li>
          ))}
        </ul>
      )}
      {/* Where to send the parts once a return is approved; before that, nothing is to be sent (decision 057). */}
      {returns
        .filter((ret) => awaitsParts(ret.status))
        .map((ret) => (
          <p key={ret.id} className="mt-2 text-slate-800">
            {returnMessages.whatToDo(ret.rmaNumber, sendTo)}
          </p>
        ))}
      {!allApproved && <p className="mt-2 text-slate-800">{returnMessages.waitForApproval}</p>}
      <p className="mt-2 text-slate-700">{returnMessages.sentByEmailToo}</p>
      <button type="button" className="mt-4 rounded-lg bg-slate-100 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-200" onClick={onAnother}>
        Return something else
      </button>
    </div>
  );
}
