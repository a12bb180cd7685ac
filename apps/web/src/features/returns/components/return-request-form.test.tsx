import { partPromiseMessages, returnMessages, returnReasonLabels, type OrderLine, type ReturnRequest } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aReturn } from '../../../test/returns';
import { ReturnRequestForm } from './return-request-form';

/** A line of a delivered order: within its windows (its core's too), every unit still returnable, as the API answers it. */
const line = (overrides: Partial<OrderLine>): OrderLine => ({
  kind: 'part',
  vehicleId: null,
  fitChecked: false,
  partId: 'rotor',
  partNumber: 'BR-100',
  name: 'Vented Brake Rotor',
  img: '/images/parts/brake-rotor.svg',
  quantity: 2,
  unitPrice: 64.5,
  lineTotal: 129,
  warrantyUntil: null,
  returnUntil: '2099-01-01T00:00:00.000Z',
  coreReturnUntil: '2099-03-01T00:00:00.000Z',
  returnable: overrides.quantity ?? 2,
  coresReturnable: overrides.quantity ?? 2,
  ...overrides,
});

describe('Return items: the order chosen, said in full (decision 182)', () => {
  it('says the chosen order’s whole name, day and total below the picker, as its description, and follows a change of order', async () => {
    const long = 'Front Left Lower Control Arm with Ball Joint and Bushings for Heavy-Duty Pickup Trucks';
    const orders = [
      anOrder({ _id: 'arm', orderNumber: '100050', status: 'delivered', paid: true, name: long, createdAt: '2026-11-28T10:00:00.000Z', total: 1234.5, lines: [line({ name: long })] }),
      anOrder({ _id: 'rotor', orderNumber: '100051', status: 'delivered', paid: true, name: 'Vented Brake Rotor', createdAt: '2026-11-30T09:00:00.000Z', total: 139.64, lines: [line({})] }),
    ];
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={orders} /> }]);

    const picker = screen.getByRole('combobox', { name: 'Order' });
    // The option keeps its words: the select shows what fits of them, the description all of them.
    expect(picker).toHaveDisplayValue(`Order 100050 — ${long}`);
    expect(picker).toHaveAccessibleDescription(`${long} · placed Nov 28, 2026 · $1,234.50`);

    await user.selectOptions(picker, 'rotor');
    expect(picker).toHaveAccessibleDescription('Vented Brake Rotor · placed Nov 30, 2026 · $139.64');
  });
});

describe('Return items: the parts to send back', () => {
  it('offers the order’s parts, not its core deposit lines (issue 34.20)', () => {
    const order = anOrder({
      status: 'delivered',
      paid: true,
      name: 'Vented Brake Rotor + 1 more',
      lines: [
        line({}),
        line({ partId: 'caliper', partNumber: 'CAL-200', name: 'Brake Caliper', quantity: 1, unitPrice: 89, lineTotal: 89 }),
        line({ kind: 'core-deposit', partId: 'caliper', partNumber: 'CAL-200', name: partPromiseMessages.coreDepositLine('Brake Caliper'), quantity: 1, unitPrice: 35, lineTotal: 35 }),
      ],
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);

    const parts = screen.getByRole('group', { name: 'Parts to send back' });
    expect(within(parts).getAllByRole('spinbutton').map((input) => input.getAttribute('aria-label'))).toEqual([
      'How many of Vented Brake Rotor to return',
      'How many of Brake Caliper to return',
    ]);
    expect(within(parts).queryByText(partPromiseMessages.coreDepositLine('Brake Caliper'), { exact: false })).toBeNull();
  });

  it('says which lines the fit promise covers, and what their "does not fit" return gets, before it is asked for', () => {
    const order = anOrder({
      status: 'delivered',
      paid: true,
      name: 'Vented Brake Rotor + 1 more',
      lines: [line({ fitChecked: true, vehicleId: 'civic-2015' }), line({ partId: 'caliper', partNumber: 'CAL-200', name: 'Brake Caliper', quantity: 1, unitPrice: 89, lineTotal: 89 })],
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);
    expect(screen.getByRole('group', { name: /^Vented Brake Rotor/ })).toHaveTextContent(returnMessages.fitPromiseOnThisLine);
    expect(screen.getByRole('group', { name: /^Brake Caliper/ })).not.toHaveTextContent(returnMessages.fitPromiseOnThisLine);
  });

  /** A brake job delivered: rotors under warranty until 2099, a caliper with a core deposit and no warranty, pads whose warranty ended. */
  const brakeJob = () =>
    anOrder({
      _id: 'order-7731',
      status: 'delivered',
      paid: true,
      name: 'Vented Brake Rotor + 2 more',
      lines: [
        line({ warrantyUntil: '2099-03-02T15:00:00.000Z' }),
        line({ partId: 'caliper', partNumber: 'CAL-200', name: 'Brake Caliper', quantity: 2, unitPrice: 89, lineTotal: 178 }),
        line({ kind: 'core-deposit', partId: 'caliper', partNumber: 'CAL-200', name: partPromiseMessages.coreDepositLine('Brake Caliper'), quantity: 2, unitPrice: 35, lineTotal: 70 }),
        line({ partId: 'pads', partNumber: 'PAD-300', name: 'Brake Pads', quantity: 4, unitPrice: 20, lineTotal: 80, warrantyUntil: '2020-01-10T00:00:00.000Z' }),
      ],
    });
  const reasonsOffered = (partName: string) =>
    within(screen.getByLabelText(`Reason for returning ${partName}`))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers a warranty claim only on a line whose warranty runs, saying until when; a core return only on the line with the deposit (issue 34.6, 34.17)', () => {
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);

    expect(reasonsOffered('Vented Brake Rotor')).toContain(returnReasonLabels.warranty);
    expect(reasonsOffered('Vented Brake Rotor')).not.toContain(returnReasonLabels.core);
    expect(screen.getByRole('group', { name: /^Vented Brake Rotor/ })).toHaveTextContent('Under warranty until Mar 2, 2099');
    expect(reasonsOffered('Brake Caliper')).not.toContain(returnReasonLabels.warranty);
    expect(reasonsOffered('Brake Caliper')).toContain(returnReasonLabels.core);
    expect(screen.getByRole('group', { name: /^Brake Caliper/ })).toHaveTextContent(returnMessages.coreOnThisLine('$35.00'));
    expect(reasonsOffered('Brake Pads')).not.toContain(returnReasonLabels.warranty);
    expect(screen.getByRole('group', { name: /^Brake Pads/ })).toHaveTextContent('Warranty ended on Jan 10, 2020');
  });

  // Decision 227: a disabled "Request the return" was passed by Tab and said nothing. It is reached,
  // and pressed with nothing chosen it says so at the first part's How many, as a missing reason is said.
  it('is reached by Tab with nothing chosen, and pressed says to choose a part at the first How many, without sending', async () => {
    const user = userEvent.setup();
    const server = stubFetch({ 'GET /api/returns': { body: [] } });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);
    const button = screen.getByRole('button', { name: 'Request the return' });
    expect(button).toBeEnabled();
    screen.getByLabelText(/^Note/).focus();
    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.queryByText(returnMessages.partNeeded)).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    const first = screen.getByLabelText('How many of Vented Brake Rotor to return');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(returnMessages.partNeeded);
    expect(within(screen.getByRole('group', { name: 'Parts to send back' })).getByText(returnMessages.partNeeded)).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // A part chosen, the refusal is gone.
    await user.type(first, '1');
    expect(screen.queryByText(returnMessages.partNeeded)).not.toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-invalid');
  });

  it('says, pressed, that nothing of the order can go back when every line is being returned', async () => {
    const user = userEvent.setup();
    const server = stubFetch({ 'GET /api/returns': { body: [] } });
    const returns = [aReturnOf('rotor', 'RMA-000005', 'defective', 'requested'), aReturnOf('caliper', 'RMA-000006', 'defective', 'requested'), aReturnOf('caliper', 'RMA-000008', 'core', 'requested'), aReturnOf('pads', 'RMA-000007', 'defective', 'requested')];
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} returns={returns} /> }]);
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    expect(screen.getByText(returnMessages.nothingToReturn)).toHaveFocus();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends a reason per line in one request and shows both returns it made (issue 34.17)', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/returns': {
        body: {
          id: 'ret-1',
          rmaNumber: 'RMA-000003',
          status: 'requested',
          returns: [
            { id: 'ret-1', rmaNumber: 'RMA-000003', status: 'requested', reason: 'no-longer-needed', partIds: ['rotor'] },
            { id: 'ret-2', rmaNumber: 'RMA-000004', status: 'requested', reason: 'does-not-fit', partIds: ['caliper'] },
          ],
          sendTo: 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States',
        },
      },
      'GET /api/returns': { body: [] },
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);

    await user.clear(screen.getByLabelText('How many of Vented Brake Rotor to return'));
    await user.type(screen.getByLabelText('How many of Vented Brake Rotor to return'), '1');
    await user.clear(screen.getByLabelText('How many of Brake Caliper to return'));
    await user.type(screen.getByLabelText('How many of Brake Caliper to return'), '1');
    await user.selectOptions(screen.getByLabelText('Reason for returning Vented Brake Rotor'), 'no-longer-needed');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    // A line without a reason is named, and nothing is sent.
    expect(screen.getByLabelText('Reason for returning Brake Caliper')).toHaveAccessibleDescription(returnMessages.reasonNeeded);
    expect(screen.getByLabelText('Reason for returning Brake Caliper')).toHaveFocus();
    expect(server.calls).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Reason for returning Brake Caliper'), 'does-not-fit');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Returns RMA-000003 and RMA-000004 requested');
    expect(done).toHaveTextContent(`RMA-000003: ${returnReasonLabels['no-longer-needed']} (Vented Brake Rotor)`);
    expect(done).toHaveTextContent(`RMA-000004: ${returnReasonLabels['does-not-fit']} (Brake Caliper)`);
    // Neither approved yet: nothing is to be sent before the approval, which may be a rejection.
    expect(done).toHaveTextContent(returnMessages.waitForApproval);
    expect(done).not.toHaveTextContent('Write RMA-000003');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderId: 'order-7731',
      lines: [
        { partId: 'rotor', quantity: 1, reason: 'no-longer-needed' },
        { partId: 'caliper', quantity: 1, reason: 'does-not-fit' },
      ],
    });
    // The form and its button are gone: the keyboard is on the confirmation, which a screen reader reads.
    expect(within(done).getByRole('heading', { name: 'Returns RMA-000003 and RMA-000004 requested' })).toHaveFocus();

    // Another return: the form's heading, not the top of the page.
    await user.click(within(done).getByRole('button', { name: 'Return something else' }));
    expect(screen.getByRole('heading', { name: 'Return items' })).toHaveFocus();
  });

  it('names each return’s parts, so that two "does not fit" returns (the fit promise’s, approved, and another) are told apart', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/returns': {
        body: {
          id: 'ret-1',
          rmaNumber: 'RMA-000005',
          status: 'approved',
          returns: [
            { id: 'ret-1', rmaNumber: 'RMA-000005', status: 'approved', reason: 'does-not-fit', partIds: ['rotor'] },
            { id: 'ret-2', rmaNumber: 'RMA-000006', status: 'requested', reason: 'does-not-fit', partIds: ['caliper'] },
          ],
          sendTo: 'Returns desk',
        },
      },
      'GET /api/returns': { body: [] },
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);
    for (const name of ['Vented Brake Rotor', 'Brake Caliper']) {
      await user.type(screen.getByLabelText(`How many of ${name} to return`), '1');
      await user.selectOptions(screen.getByLabelText(`Reason for returning ${name}`), 'does-not-fit');
    }
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(`RMA-000005: ${returnReasonLabels['does-not-fit']} (Vented Brake Rotor)`);
    expect(done).toHaveTextContent(`RMA-000006: ${returnReasonLabels['does-not-fit']} (Brake Caliper)`);
    expect(done).toHaveTextContent(returnMessages.whatToDo('RMA-000005', 'Returns desk'));
    expect(done).not.toHaveTextContent('Write RMA-000006');
  });

  it('says at the Note field, focused, that a warranty claim needs one, as the request’s schema does, without sending it', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/returns': { body: { id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', returns: [{ id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', reason: 'warranty', partIds: ['rotor'] }], sendTo: 'Returns desk' } },
      'GET /api/returns': { body: [] },
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);

    await user.type(screen.getByLabelText('How many of Vented Brake Rotor to return'), '1');
    await user.selectOptions(screen.getByLabelText('Reason for returning Vented Brake Rotor'), 'warranty');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    const note = screen.getByLabelText(/^Note/);
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(returnMessages.warrantyNeedsNote);
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(note, 'Warped');
    expect(note).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    await screen.findByRole('heading', { name: 'Return RMA-000009 requested' });
    expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ note: 'Warped', lines: [{ partId: 'rotor', quantity: 1, reason: 'warranty' }] });
  });

  /** A return of the brake job's `partId`: its RMA, reason and status. */
  const aReturnOf = (partId: string, rmaNumber: string, reason: ReturnRequest['reason'], status: ReturnRequest['status'], orderId = 'order-7731') =>
    aReturn({ id: `ret-${rmaNumber}`, rmaNumber, orderId, status, reason, lines: [{ partId, partNumber: 'X', name: 'X', quantity: 1, unitPrice: 1, action: null, depositsBack: 0 }] });

  it('shows a line with an open return as being returned, with its RMA, and offers neither it nor an open core again', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/returns': {
        body: { id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', returns: [{ id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', reason: 'defective', partIds: ['caliper'] }], sendTo: 'Returns desk' },
      },
      'GET /api/returns': { body: [] },
    });
    const returns = [
      aReturnOf('rotor', 'RMA-000005', 'defective', 'requested'),
      aReturnOf('caliper', 'RMA-000006', 'core', 'approved'),
      // Closed, or of another order: they hold nothing back.
      aReturnOf('pads', 'RMA-000002', 'defective', 'rejected'),
      aReturnOf('pads', 'RMA-000003', 'no-longer-needed', 'refunded'),
      aReturnOf('caliper', 'RMA-000004', 'defective', 'requested', 'order-other'),
    ];
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} returns={returns} /> }]);

    const rotor = within(screen.getByRole('group', { name: /^Vented Brake Rotor/ }));
    expect(rotor.getByText(returnMessages.alreadyBeingReturned('RMA-000005'))).toBeInTheDocument();
    expect(rotor.queryByRole('spinbutton')).toBeNull();
    expect(rotor.queryByRole('combobox')).toBeNull();
    // The caliper itself may still go back; its old core is on its way already.
    const caliper = within(screen.getByRole('group', { name: /^Brake Caliper/ }));
    expect(caliper.getByText(returnMessages.coreAlreadyBeingReturned('RMA-000006'))).toBeInTheDocument();
    expect(reasonsOffered('Brake Caliper')).not.toContain(returnReasonLabels.core);
    expect(reasonsOffered('Brake Caliper')).toContain(returnReasonLabels.defective);
    const pads = screen.getByRole('group', { name: /^Brake Pads/ });
    expect(pads).not.toHaveTextContent(/already being returned/i);
    expect(within(pads).getByRole('spinbutton')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('How many of Brake Caliper to return'));
    await user.type(screen.getByLabelText('How many of Brake Caliper to return'), '1');
    await user.selectOptions(screen.getByLabelText('Reason for returning Brake Caliper'), 'defective');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    await screen.findByRole('status');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ orderId: 'order-7731', lines: [{ partId: 'caliper', quantity: 1, reason: 'defective' }] });
  });

  it('offers only what may still go back, by the server’s rule: a line returned in full says so with its RMA, a line partly returned takes only the rest (decision 156)', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/returns': {
        body: { id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', returns: [{ id: 'ret-9', rmaNumber: 'RMA-000009', status: 'requested', reason: 'defective', partIds: ['caliper'] }], sendTo: 'Returns desk' },
      },
      'GET /api/returns': { body: [] },
    });
    const returns = [
      // Both rotors refunded: nothing of them is left.
      aReturn({ id: 'ret-3', rmaNumber: 'RMA-000003', orderId: 'order-7731', status: 'refunded', reason: 'defective', lines: [{ partId: 'rotor', partNumber: 'BR-100', name: 'Vented Brake Rotor', quantity: 2, unitPrice: 64.5, action: 'scrap', depositsBack: 0 }] }),
      // One of two calipers refunded, its deposit with it: one caliper and one old core are left.
      aReturn({ id: 'ret-4', rmaNumber: 'RMA-000004', orderId: 'order-7731', status: 'refunded', reason: 'no-longer-needed', lines: [{ partId: 'caliper', partNumber: 'CAL-200', name: 'Brake Caliper', quantity: 1, unitPrice: 89, action: 'restock', depositsBack: 1 }] }),
    ];
    // The server's count on each line (decision 164): no rotor left; one caliper and one old core.
    const job = brakeJob();
    const order = { ...job, lines: job.lines.map((candidate) => (candidate.kind !== 'part' ? candidate : candidate.partId === 'rotor' ? { ...candidate, returnable: 0 } : candidate.partId === 'caliper' ? { ...candidate, returnable: 1, coresReturnable: 1 } : candidate)) };
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} returns={returns} /> }]);

    const rotor = within(screen.getByRole('group', { name: /^Vented Brake Rotor/ }));
    expect(rotor.getByText(returnMessages.returnedInFull('RMA-000003'))).toBeInTheDocument();
    expect(rotor.queryByRole('spinbutton')).toBeNull();
    expect(rotor.queryByRole('combobox')).toBeNull();

    const caliper = within(screen.getByRole('group', { name: /^Brake Caliper/ }));
    expect(caliper.getByText(returnMessages.partReturned(1))).toBeInTheDocument();
    const quantity = screen.getByLabelText('How many of Brake Caliper to return');
    expect(quantity).toHaveAttribute('max', '1');
    expect(quantity).toHaveAccessibleDescription(returnMessages.partReturned(1));
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.selectOptions(screen.getByLabelText('Reason for returning Brake Caliper'), 'defective');
    expect(quantity).toHaveValue(1);
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    await screen.findByRole('status');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ orderId: 'order-7731', lines: [{ partId: 'caliper', quantity: 1, reason: 'defective' }] });
  });

  it('says a line of a partly shipped order not shipped yet, and offers of the others only what shipped (decision 156)', () => {
    const job = brakeJob();
    const order = anOrder({
      ...job,
      // As the server answers a partly shipped order: one rotor may go back, nothing of the rest.
      lines: job.lines.map((candidate) =>
        candidate.kind !== 'part' ? candidate : candidate.partId === 'rotor' ? { ...candidate, returnable: 1 } : { ...candidate, returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 },
      ),
      status: 'partially_shipped',
      shipments: [
        {
          id: 'parcel-1',
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: null,
          shippedAt: '2026-12-01T10:00:00.000Z',
          lines: [{ partId: 'rotor', partNumber: 'BR-100', name: 'Vented Brake Rotor', quantity: 1 }],
        },
      ],
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);

    const caliper = within(screen.getByRole('group', { name: /^Brake Caliper/ }));
    expect(caliper.getByText(returnMessages.lineNotShippedYet)).toBeInTheDocument();
    expect(caliper.queryByRole('combobox')).toBeNull();
    expect(screen.getByLabelText('How many of Vented Brake Rotor to return')).toHaveAttribute('max', '1');
    expect(screen.getByRole('group', { name: /^Vented Brake Rotor/ })).toHaveTextContent(returnMessages.partReturned(1));
  });

  it('offers of a line past its 30 days only what is still open, and says which window closed on which day (decision 164)', () => {
    const job = brakeJob();
    // Delivered 60 days ago: the rotors' 30 days are over, their warranty runs; the caliper's core has 30 days left; the pads' every window is over.
    const order = {
      ...job,
      lines: job.lines.map((candidate) => (candidate.kind === 'part' ? { ...candidate, returnUntil: '2026-11-05T12:00:00.000Z' } : candidate)),
    };
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);

    expect(reasonsOffered('Vented Brake Rotor')).toEqual(['Choose a reason', returnReasonLabels.warranty]);
    expect(screen.getByRole('group', { name: /^Vented Brake Rotor/ })).toHaveTextContent(returnMessages.windowClosedOn('Nov 5, 2026'));
    expect(reasonsOffered('Brake Caliper')).toEqual(['Choose a reason', returnReasonLabels.core]);
    // Nothing of the pads is open: no choice, and why.
    const pads = within(screen.getByRole('group', { name: /^Brake Pads/ }));
    expect(pads.queryByRole('combobox')).toBeNull();
    expect(pads.queryByRole('spinbutton')).toBeNull();
    expect(pads.getByText(returnMessages.windowClosedOn('Nov 5, 2026'))).toBeInTheDocument();
    expect(pads.getByText('Warranty ended on Jan 10, 2020')).toBeInTheDocument();
  });

  it('says the old core’s window closed on its day, and offers the part while its own window runs (decision 164)', () => {
    const job = brakeJob();
    const order = { ...job, lines: job.lines.map((candidate) => (candidate.kind === 'part' && candidate.partId === 'caliper' ? { ...candidate, coreReturnUntil: '2026-03-01T12:00:00.000Z' } : candidate)) };
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);

    expect(reasonsOffered('Brake Caliper')).not.toContain(returnReasonLabels.core);
    expect(reasonsOffered('Brake Caliper')).toContain(returnReasonLabels.defective);
    expect(screen.getByRole('group', { name: /^Brake Caliper/ })).toHaveTextContent(returnMessages.coreWindowClosedOn('Mar 1, 2026'));
  });

  it('counts what may go back by the server’s figure on the line, not by the returns listed, which are only the newest (decision 164)', () => {
    const job = brakeJob();
    // Both rotors went back in a return older than the customer's newest 200: the list holds none of it.
    const order = { ...job, lines: job.lines.map((candidate) => (candidate.kind === 'part' && candidate.partId === 'rotor' ? { ...candidate, returnable: 0 } : candidate)) };
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} returns={[]} /> }]);

    const rotor = within(screen.getByRole('group', { name: /^Vented Brake Rotor/ }));
    expect(rotor.queryByRole('spinbutton')).toBeNull();
    expect(rotor.queryByRole('combobox')).toBeNull();
  });

  it('keeps whole numbers: 1.5 typed is 1 part sent, not a request the server refuses', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/returns': {
        body: { id: 'ret-1', rmaNumber: 'RMA-000003', status: 'requested', returns: [{ id: 'ret-1', rmaNumber: 'RMA-000003', status: 'requested', reason: 'defective', partIds: ['rotor'] }], sendTo: 'Returns desk' },
      },
      'GET /api/returns': { body: [] },
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);

    const quantity = screen.getByLabelText('How many of Vented Brake Rotor to return');
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.selectOptions(screen.getByLabelText('Reason for returning Vented Brake Rotor'), 'defective');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));

    await screen.findByRole('status');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ orderId: 'order-7731', lines: [{ partId: 'rotor', quantity: 1, reason: 'defective' }] });
  });

  it('starts “Return something else” empty, not with the last request’s note and parts', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/returns': {
        body: { id: 'ret-1', rmaNumber: 'RMA-000003', status: 'requested', returns: [{ id: 'ret-1', rmaNumber: 'RMA-000003', status: 'requested', reason: 'defective', partIds: ['rotor'] }], sendTo: 'Returns desk' },
      },
      'GET /api/returns': { body: [] },
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[brakeJob()]} /> }]);

    await user.type(screen.getByLabelText('How many of Brake Pads to return'), '2');
    await user.selectOptions(screen.getByLabelText('Reason for returning Brake Pads'), 'defective');
    await user.type(screen.getByLabelText(/^Note/), 'Squeal from day one');
    await user.click(screen.getByRole('button', { name: 'Request the return' }));
    await user.click(await screen.findByRole('button', { name: 'Return something else' }));

    expect(screen.getByLabelText(/^Note/)).toHaveValue('');
    expect(screen.getByLabelText('How many of Brake Pads to return')).toHaveValue(0);
    expect(screen.getByLabelText('Reason for returning Brake Pads')).toHaveValue('');
    // Reached by Tab, and empty again: no refusal said before it is pressed (decision 227).
    expect(screen.getByRole('button', { name: 'Request the return' })).toBeEnabled();
    expect(screen.queryByText(returnMessages.partNeeded)).not.toBeInTheDocument();
  });
});
