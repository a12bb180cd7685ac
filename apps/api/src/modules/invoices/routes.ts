import {
  apiErrors,
  creditNoteParamsSchema,
  currencyNotes,
  depositLineName,
  documentParamsSchema,
  errorSchema,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  formatPercent,
  formatRmaNumber,
  invoiceMessages,
  parseCreditNoteNumber,
  ppmToPercent,
  returnReasonLabels,
  shipToText,
  taxLabel,
  moneyOrderOf, restRefund,
  sumCents,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import type { Config } from '../../env';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { mayReadOrder } from '../orders/access';
import { linesOf } from '../orders/shape';
import type { OrderLineRow, OrderRow } from '../orders/model';
import { day, renderDocument, sendPdf, type CommercialDocument } from './pdf';
import { refundOfReturn } from '../returns/refund';
import { shippedByPosition } from '../shipments/repository';
import { billedCompany, findCreditNote } from './repository';
import { createOrdersRepository } from '../orders/repository';

/** A credit note's file in its address: "CN-000045.pdf" (or "45.pdf"). */
const CREDIT_NOTE_FILE = /^(.+)\.pdf$/i;

const providerNames: Record<string, string> = { stripe: 'card (Stripe)', test: 'card (test payments)' };

/**
 * An order's invoice and credit notes as PDF documents, for whoever may read the order (its placer,
 * its company's members, admins: `mayReadOrder`); anyone else is told there is no such order, as
 * `GET /order/{id}` does. Drawn on request from what the
 * order holds, which does not change once it is paid; `cache-control: private` keeps them out of
 * shared caches.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);

  /** The order if the caller may see it. */
  async function orderFor(request: Parameters<typeof identityOf>[0], id: string): Promise<OrderRow | undefined> {
    const order = await orders.find(id);
    if (!order || !(await mayReadOrder(app.db, identityOf(request), order))) return undefined;
    return order;
  }

  app.get(
    '/order/:id/invoice.pdf',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('documents'),
      schema: {
        tags: ['orders'],
        security,
        description: "The order's invoice as a PDF (`application/pdf`), once it is paid; 404 `{ message }` before, or for someone else's order.",
        params: documentParamsSchema,
        response: { 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const order = await orderFor(request, request.params.id);
      if (!order) return reply.code(404).send({ message: apiErrors.orderNotFound });
      if (order.invoice_number === null) return reply.code(404).send({ message: invoiceMessages.noInvoice });
      const lines = (await linesOf(app.db, [order.id])).get(order.id) ?? [];
      const number = formatInvoiceNumber(Number(order.invoice_number));
      const bytes = await renderDocument({
        ...common(app.config, order, number, order.invoiced_at ?? order.paid_at ?? order.created_at, await billedCompany(app.db, order)),
        kind: 'invoice',
        references: [
          ...(order.po_number ? [['Purchase order', order.po_number] as [string, string]] : []),
          // An order on account is owed by its due date (decision 081).
          ...(order.due_on ? [['Due', day(order.due_on)] as [string, string]] : []),
        ],
        lines: lines.map(documentLine),
        totals: orderTotals(order),
        footer: [...currencyNotes(order.ship_to?.country), `Thank you for your order. Questions about this invoice: reply to your receipt e-mail and quote ${number}.`].join(' '),
      });
      return sendPdf(reply, `${number}.pdf`, bytes);
    },
  );

  app.get(
    '/order/:id/credit-notes/:file',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('documents'),
      schema: {
        tags: ['orders'],
        security,
        description: 'One credit note of the order as a PDF (`application/pdf`): `{number}.pdf`, the number as listed ("CN-000045") or its digits; 404 `{ message }` when the order has none of that number.',
        params: creditNoteParamsSchema.pick({ id: true }).extend({ file: creditNoteParamsSchema.shape.number }),
        response: { 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const order = await orderFor(request, request.params.id);
      if (!order) return reply.code(404).send({ message: apiErrors.orderNotFound });
      const file = CREDIT_NOTE_FILE.exec(request.params.file);
      const wanted = file?.[1] ? parseCreditNoteNumber(file[1]) : null;
      const found = wanted === null ? undefined : await findCreditNote(app.db, order.id, wanted);
      if (!found) return reply.code(404).send({ message: invoiceMessages.creditNoteNotFound });
      const { number, bytes } = await creditNotePdf(app.db, app.config, order, found);
      return sendPdf(reply, `${number}.pdf`, bytes);
    },
  );
};

/**
 * A credit note as a PDF: what it credits, by the money module: a return's units or cores, a
 * cancelled rest's unshipped units; an order cancelled whole, every line and its totals.
 */
async function creditNotePdf(
  db: Db,
  config: Config,
  order: OrderRow,
  found: NonNullable<Awaited<ReturnType<typeof findCreditNote>>>,
): Promise<{ number: string; bytes: Uint8Array }> {
  const { note, returned } = found;
  const number = formatCreditNoteNumber(Number(note.number));
  const orderLines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  const shipped = returned ? undefined : await shippedByPosition(db, order.id);
  const breakdown = returned
    ? await refundOfReturn(db, returned, returned.restocking_fee_ppm)
    : shipped && shipped.size > 0
      ? restRefund(moneyOrderOf(order, orderLines), shipped, 0)
      : null;
  const byPosition = new Map(orderLines.map((line) => [line.position, line]));
  const credited = breakdown
    ? breakdown.lines.flatMap(({ position, quantity, cents }) => {
        const line = byPosition.get(position);
        return line ? [{ ...documentLine(line), quantity, totalCents: cents }] : [];
      })
    : orderLines.map(documentLine);
  const totals: Array<[string, number]> = breakdown
    ? [
        ['Lines credited', sumCents(credited.map((line) => line.totalCents))],
        ...(breakdown.taxCents > 0 ? [[taxLabel(order.tax_rate_ppm, order.ship_to), breakdown.taxCents] as [string, number]] : []),
        ...(breakdown.shippingCents > 0 ? [[shippingLabel(order), breakdown.shippingCents] as [string, number]] : []),
        ...(breakdown.restockingFeeCents > 0
          ? [[breakdown.restockingFeePpm > 0 ? `Restocking fee (${formatPercent(ppmToPercent(breakdown.restockingFeePpm))})` : 'Restocking fee', -breakdown.restockingFeeCents] as [string, number]]
          : []),
        ['Total credited', note.amount_cents],
      ]
    : [...orderTotals(order).slice(0, -1), ['Total credited', note.amount_cents]];
  const bytes = await renderDocument({
    ...common(config, order, number, note.issued_at, await billedCompany(db, order)),
    kind: 'credit-note',
    references: [
      ...(order.invoice_number === null ? [] : [['Invoice', formatInvoiceNumber(Number(order.invoice_number))] as [string, string]]),
      ['For', returned ? `return ${formatRmaNumber(returned.rma_number)} (${returnReasonLabels[returned.reason]})` : breakdown ? 'cancellation of the unshipped rest of the order' : 'cancellation of the order'],
    ],
    lines: credited,
    totals,
    // An order on account was never paid by card: its credit is entered in the company's ledger (decision 081).
    footer: `${order.payment_method === 'account' ? 'The amount is credited to your company’s account.' : 'The amount credited is refunded to the payment method the order was paid with.'} Questions: quote ${number}.`,
  });
  return { number, bytes };
}

/** What an invoice and a credit note of an order share: seller, buyer (its company's, if any), ship-to and payment. */
function common(config: Config, order: OrderRow, number: string, issuedAt: Date, account: { name: string; taxId: string } | undefined) {
  return {
    number,
    issuedAt,
    seller: config.seller,
    buyer: { name: order.customer_name, company: order.ship_to?.company ?? '', email: order.email, account },
    shipTo: order.ship_to ? shipToText(order.ship_to) : order.address,
    orderNumber: String(order.order_number),
    payment: order.transaction_id
      ? { provider: providerNames[order.payment_provider ?? ''] ?? order.payment_provider ?? 'card', transactionId: order.transaction_id, paidAt: order.paid_at }
      : null,
  } satisfies Partial<CommercialDocument>;
}

function documentLine(line: OrderLineRow): CommercialDocument['lines'][number] {
  return {
    description: line.kind === 'core-deposit' ? depositLineName(line.name) : line.name,
    partNumber: line.part_number,
    quantity: line.quantity,
    unitCents: line.unit_price_cents,
    totalCents: line.line_total_cents,
  };
}

function shippingLabel(order: OrderRow): string {
  return order.shipping_method_name ? `Shipping (${order.shipping_method_name})` : 'Shipping';
}

function orderTotals(order: OrderRow): Array<[string, number]> {
  return [
    ['Subtotal', order.subtotal_cents],
    [shippingLabel(order), order.shipping_cents],
    [order.tax_exemption ?? taxLabel(order.tax_rate_ppm, order.ship_to), order.tax_cents],
    ['Total', order.total_cents],
  ];
}
