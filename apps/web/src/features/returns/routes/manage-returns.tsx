import {
  ADMIN_RETURNS_PAGE_SIZE,
  defaultReceiveAction,
  depositLineName,
  formatPercent,
  formatPrice,
  rejectReturnSchema,
  RETURN_STATUSES,
  REJECTION_REASON_MAX_LENGTH,
  returnActionsFor,
  returnMessages,
  returnStatusLabels,
  shopSettingsSchema,
  type AdminReturn,
  type ReturnAction,
  type ReturnStatusCode,
} from '@autoparts/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { AdminPage } from '../../admin/components/admin-page';
import { ActionButton } from '../../admin/components/action-button';
import { LoadError } from '../../admin/components/load-error';
import { adminReturnsQuery, refundPreviewQuery, shopSettingsQuery, useApproveReturn, useReceiveReturn, useRejectReturn, useSaveShopSettings } from '../api/returns';
import { ReturnCard } from '../components/return-card';
import { EmptyState } from '../../../components/empty-state';
import { useHasNextPage } from '../../../lib/next-page';

/** The id of a return card's heading, which takes the focus once an action on the card is done. */
const cardHeadingId = (id: string) => `return-${id}-heading`;

/** The refund receiving a return will make, in its parts, shown before the admin confirms. */
function RefundPreviewBox({ id }: { id: string }) {
  const preview = useQuery(refundPreviewQuery(id));
  if (preview.isPending) return <LoadingBlock label="Working out the refund" />;
  if (preview.isError) return <LoadError what="the refund" error={preview.error} onRetry={() => void preview.refetch()} />;
  const { data } = preview;
  const rows: Array<[string, number]> = [
    ...data.lines.map((line): [string, number] => [`${line.quantity} × ${line.kind === 'core-deposit' ? depositLineName(line.name) : line.name}`, line.amount]),
    ...(data.tax > 0 ? [['Tax', data.tax] as [string, number]] : []),
    ...(data.shipping > 0 ? [['Shipping', data.shipping] as [string, number]] : []),
    ...(data.restockingFee > 0 ? [[`Restocking fee (${formatPercent(data.restockingFeePercent)})`, -data.restockingFee] as [string, number]] : []),
  ];
  return (
    <dl className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-label="Refund on receiving">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatPrice(amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 font-semibold text-slate-900">
        <dt>Refund</dt>
        <dd className="tabular-nums">{formatPrice(data.amount)}</dd>
      </div>
    </dl>
  );
}

/**
 * The ways to approve a requested return that the return table allows, each a button: a warranty
 * claim with a replacement (`replace`) or a refund (`approve`), the admin choosing; any other with
 * its refund (`approve`).
 */
function approvals(item: AdminReturn, allowed: readonly ReturnAction[]): Array<{ label: string; resolution?: 'replace' | 'refund' }> {
  const ways: Array<{ label: string; resolution?: 'replace' | 'refund'; action: ReturnAction }> =
    item.reason === 'warranty'
      ? [
          { label: `Approve ${item.rmaNumber} with a replacement`, resolution: 'replace', action: 'replace' },
          { label: `Approve ${item.rmaNumber} with a refund`, resolution: 'refund', action: 'approve' },
        ]
      : [{ label: `Approve ${item.rmaNumber}`, action: 'approve' }];
  return ways.filter((way) => allowed.includes(way.action)).map(({ label, resolution }) => ({ label, resolution }));
}

/**
 * What an admin may do with a return in its state, as the return table says (decision 137): approve
 * or reject a request, receive an approved one, retry a refund that failed. Approve and Receive and
 * refund ask first, as the other admin screens' lasting actions do (decision 210): each commits the
 * shop's stock or money. A pressed button is `aria-disabled` while it works, not `disabled` (which
 * drops the focus); `onActed` tells the page, which gives the focus back once the list shows the
 * change (the button is gone by then).
 */
function ReturnActions({ item, onActed }: { item: AdminReturn; onActed: () => void }) {
  const approve = useApproveReturn();
  const reject = useRejectReturn();
  const receive = useReceiveReturn();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [why, setWhy] = useState('');
  const [whyError, setWhyError] = useState<string | undefined>();
  const rejectButton = useRef<HTMLButtonElement>(null);
  const whyField = useRef<HTMLTextAreaElement>(null);
  // The box opened takes the focus to its field; Escape closes it and gives the focus back.
  useEffect(() => {
    if (rejecting) whyField.current?.focus();
  }, [rejecting]);
  function closeRejecting() {
    setRejecting(false);
    setWhyError(undefined);
    rejectButton.current?.focus();
  }
  const [actions, setActions] = useState<Record<string, 'restock' | 'scrap'>>({});
  const allowed = returnActionsFor(item.status, 'admin');

  if (allowed.includes('approve') || allowed.includes('replace') || allowed.includes('reject')) {
    return (
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          {approvals(item, allowed).map(({ label, resolution }) => (
            <ActionButton
              key={label}
              tone="primary"
              // Every approval is busy (aria-disabled, still focusable) while one is sent.
              pending={approve.isPending}
              onClick={() => {
                // Approving commits the shop: a replacement is made now, a refund once the parts are in.
                if (!window.confirm(resolution === 'replace' ? returnMessages.confirmReplace(item.rmaNumber) : returnMessages.confirmApprove(item.rmaNumber))) return;
                onActed();
                approve.mutate({ id: item.id, resolution });
              }}
            >
              {label}
            </ActionButton>
          ))}
          {allowed.includes('reject') && (
            <ActionButton
              ref={rejectButton}
              aria-expanded={rejecting}
              onClick={() => {
                if (rejecting) {
                  closeRejecting();
                  return;
                }
                setRejecting(true);
              }}
            >
              Reject {item.rmaNumber}…
            </ActionButton>
          )}
        </div>
        {rejecting ? (
          <form
            noValidate
            className="grid gap-2"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              closeRejecting();
            }}
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              if (reject.isPending) return;
              const parsed = rejectReturnSchema.safeParse({ reason: why });
              if (!parsed.success) {
                setWhyError(parsed.error.issues[0]?.message ?? returnMessages.rejectionReasonNeeded);
                whyField.current?.focus();
                return;
              }
              setWhyError(undefined);
              onActed();
              reject.mutate({ id: item.id, reason: parsed.data.reason });
            }}
          >
            <TextareaField
              ref={whyField}
              label="Why (sent to the customer)"
              maxLength={REJECTION_REASON_MAX_LENGTH}
              value={why}
              error={whyError}
              onChange={(event) => {
                setWhy(event.target.value);
                setWhyError(undefined);
              }}
            />
            <div>
              <ActionButton type="submit" tone="danger" pending={reject.isPending}>
                Reject {item.rmaNumber}
              </ActionButton>
            </div>
          </form>
        ) : null}
      </div>
    );
  }
  if (allowed.includes('receive')) {
    return (
      <form
        className="grid gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (receive.isPending) return;
          // Money moves at once: the refund, in the amount its preview shows once loaded.
          const refund = queryClient.getQueryData(refundPreviewQuery(item.id).queryKey);
          if (!window.confirm(returnMessages.confirmReceive(item.rmaNumber, refund && formatPrice(refund.amount)))) return;
          onActed();
          receive.mutate({ id: item.id, lines: item.lines.map((line) => ({ partId: line.partId, quantity: line.quantity, action: actions[line.partId] ?? defaultReceiveAction(item.reason) })) });
        }}
      >
        {item.lines.map((line) => (
          <label key={line.partId} className="flex flex-wrap items-center justify-between gap-2 font-medium text-slate-800">
            {line.quantity} × {line.name}
            <select
              className="rounded-lg border border-slate-300 px-3 py-1.5"
              value={actions[line.partId] ?? defaultReceiveAction(item.reason)}
              onChange={(event) => setActions((current) => ({ ...current, [line.partId]: event.target.value as 'restock' | 'scrap' }))}
            >
              <option value="restock">Back to stock</option>
              <option value="scrap">Scrap</option>
            </select>
          </label>
        ))}
        <RefundPreviewBox id={item.id} />
        <div>
          <ActionButton type="submit" tone="primary" pending={receive.isPending}>
            {receive.isPending ? 'Receiving…' : `Receive and refund ${item.rmaNumber}`}
          </ActionButton>
        </div>
      </form>
    );
  }
  if (allowed.includes('refund')) {
    // Received, its refund not through: receiving again retries the refund only (the lines stay as received).
    return (
      <div className="grid gap-2">
        <p className="text-amber-900">{returnMessages.refundNotThrough}</p>
        <div>
          <ActionButton
            tone="primary"
            pending={receive.isPending}
            onClick={() => {
              onActed();
              receive.mutate({ id: item.id, lines: item.lines.map((line) => ({ partId: line.partId, quantity: line.quantity, action: defaultReceiveAction(item.reason) })) });
            }}
          >
            {receive.isPending ? 'Refunding…' : `Retry the refund of ${item.rmaNumber}`}
          </ActionButton>
        </div>
      </div>
    );
  }
  return null;
}

/**
 * The shop's restocking fee. Checked when sent by the shared schema, as every form of the shop
 * (decision 085): an empty fee or one out of 0–100 is said at the field, which takes the focus,
 * and any fraction the server takes is taken (the browser's own check refused 12.25 for its step).
 */
function RestockingFee() {
  const settings = useQuery(shopSettingsQuery());
  const save = useSaveShopSettings();
  const [percent, setPercent] = useState<string | undefined>();
  const [feeError, setFeeError] = useState<string | undefined>();
  const feeField = useRef<HTMLInputElement>(null);
  if (settings.isPending) return <LoadingBlock label="Loading the restocking fee" />;
  if (settings.isError) return <LoadError what="the restocking fee" error={settings.error} onRetry={() => void settings.refetch()} />;
  const value = percent ?? String(settings.data.restockingFeePercent);
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 p-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (save.isPending) return;
        const parsed = shopSettingsSchema.safeParse({ restockingFeePercent: value.trim() === '' ? undefined : Number(value) });
        if (!parsed.success) {
          setFeeError(parsed.error.issues[0]?.message ?? returnMessages.restockingFeeRange);
          feeField.current?.focus();
          return;
        }
        setFeeError(undefined);
        save.mutate(parsed.data);
      }}
    >
      <TextField
        ref={feeField}
        label="Restocking fee for “no longer needed” (%)"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="any"
        className="w-full sm:w-auto"
        value={value}
        error={feeError}
        onChange={(event) => {
          setPercent(event.target.value);
          setFeeError(undefined);
        }}
      />
      <div className="w-full sm:mt-7 sm:w-auto">
        <SubmitButton pending={save.isPending}>Save the fee</SubmitButton>
      </div>
    </form>
  );
}

/** /dashboard/manage-returns (admins): returns by status, to approve, reject, receive; and the restocking fee. */
export function Component() {
  const [status, setStatus] = useState<ReturnStatusCode | ''>('');
  // Paged by the server, newest first (decision 182); the page shown stays while another loads.
  const [page, setPage] = useState(1);
  const returns = useQuery({ ...adminReturnsQuery(status, page), placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(adminReturnsQuery(status, page + 1), returns.data?.length === ADMIN_RETURNS_PAGE_SIZE);
  const show = useRef<HTMLSelectElement>(null);
  // The list: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLUListElement>(null);
  // The card last acted on and its place in the list. Once the list shows the change, the pressed
  // button has gone and the focus with it: it goes to that card's heading, or, when the card left
  // the list shown (a status chosen), to the card now in its place, else to Show.
  const acted = useRef<{ id: string; index: number; page: number } | null>(null);
  // A later page emptied (its last card left the status shown): the page before it, not an empty
  // page under a pager (set while rendering, React's way to follow data that changed).
  if (page > 1 && returns.data?.length === 0 && !returns.isPlaceholderData) setPage(page - 1);
  useEffect(() => {
    const last = acted.current;
    if (!last || !returns.data || returns.isPlaceholderData) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    acted.current = null;
    const shown = returns.data;
    // Back a page because the action emptied its own: that page's last card.
    const index = last.page > page ? shown.length : last.index;
    const next = shown.find((item) => item.id === last.id) ?? shown[index] ?? shown[index - 1];
    const heading = next ? document.getElementById(cardHeadingId(next.id)) : null;
    (heading ?? show.current)?.focus();
  }, [returns.data, returns.isPlaceholderData, page]);
  return (
    <AdminPage title="Returns" intro="Customers’ return requests (RMA): approve or reject them, and receive the parts to refund them.">
      <div className="grid gap-6">
        <RestockingFee />
        <label className="grid max-w-xs gap-1 font-medium text-slate-800">
          Show
          <select
            ref={show}
            className="rounded-lg border border-slate-300 px-3 py-2"
            value={status}
            onChange={(event) => {
              acted.current = null;
              setStatus(event.target.value as ReturnStatusCode | '');
              setPage(1);
            }}
          >
            <option value="">Every status</option>
            {RETURN_STATUSES.map((code) => (
              <option key={code} value={code}>
                {returnStatusLabels[code]}
              </option>
            ))}
          </select>
        </label>
        {returns.isError ? (
          <LoadError what="the returns" error={returns.error} onRetry={() => void returns.refetch()} />
        ) : returns.isPending ? (
          <LoadingBlock label="Loading the returns" />
        ) : returns.data.length === 0 && page === 1 ? (
          <EmptyState message={`No returns${status ? ` ${returnStatusLabels[status].toLowerCase()}` : ''}.`} />
        ) : (
          <>
            <ul ref={list} tabIndex={-1} aria-label="Returns" className={`grid gap-3 ${pagedListFocusClass}`}>
              {returns.data.map((item, index) => (
                <ReturnCard key={item.id} item={item} headingLevel={2} headingId={cardHeadingId(item.id)}>
                  <ReturnActions
                    item={item}
                    onActed={() => {
                      acted.current = { id: item.id, index, page };
                    }}
                  />
                </ReturnCard>
              ))}
            </ul>
            <Pager
              list={list}
              page={page}
              hasNext={hasNext}
              loading={returns.isPlaceholderData}
              onPage={(to) => {
                acted.current = null;
                setPage(to);
              }}
              label="Returns pages"
              previousText="Newer returns"
              nextText="Older returns"
            />
          </>
        )}
      </div>
    </AdminPage>
  );
}
