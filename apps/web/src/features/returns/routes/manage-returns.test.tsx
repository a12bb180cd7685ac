import { ADMIN_RETURNS_PAGE_SIZE, partPromiseMessages, returnMessages, type AdminReturn, type RefundPreview } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noActivity } from '../../../test/admin';
import { expectBusyKeepingFocus, expectCheckedWhenSent } from '../../../test/forms';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdminReturn } from '../../../test/returns';
import { Component as ManageReturnsPage } from './manage-returns';

const approved = (overrides: Partial<AdminReturn> = {}): AdminReturn => anAdminReturn({ status: 'approved', note: 'Warped', ...overrides });

const preview: RefundPreview = {
  lines: [{ partId: 'part-1', partNumber: 'BR-100', name: 'Vented Brake Rotor', kind: 'part', quantity: 2, amount: 129 }],
  units: 129,
  tax: 8.06,
  shipping: 4.21,
  restockingFee: 0,
  restockingFeePercent: 0,
  amount: 141.27,
};

// Approve and Receive and refund ask first (decision 210): the admin says yes where a test does not say otherwise.
beforeEach(() => {
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});

function renderManageReturns() {
  return renderRoutes(
    [
      {
        path: '/dashboard/manage-returns',
        element: (
          <>
            <ManageReturnsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/manage-returns' },
  );
}

describe('Returns (admins): receiving', () => {
  it('defaults a defective line to Scrap and shows the refund in its parts before the admin confirms', async () => {
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved()] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'GET /api/admin/returns/ret-1/refund-preview': { body: preview },
      'POST /api/admin/returns/ret-1/receive': { body: { ...approved(), status: 'refunded', refundAmount: 141.27 } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    const refund = within(await screen.findByLabelText('Refund on receiving'));
    expect(refund.getByText('2 × Vented Brake Rotor')).toBeInTheDocument();
    expect(refund.getByText('$129.00')).toBeInTheDocument();
    expect(refund.getByText('Tax')).toBeInTheDocument();
    expect(refund.getByText('$8.06')).toBeInTheDocument();
    expect(refund.getByText('Shipping')).toBeInTheDocument();
    expect(refund.getByText('$141.27')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Vented Brake Rotor/ })).toHaveValue('scrap');

    await user.click(screen.getByRole('button', { name: 'Receive and refund RMA-000007' }));
    expect(await screen.findByText('RMA-000007 received and refunded $141.27')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/admin/returns/ret-1/receive')?.body).toEqual({ lines: [{ partId: 'part-1', quantity: 2, action: 'scrap' }] });
  });

  it('puts a line not needed back to stock by default, and says there is a restocking fee', async () => {
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ reason: 'no-longer-needed' })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'GET /api/admin/returns/ret-1/refund-preview': { body: { ...preview, shipping: 0, restockingFee: 19.35, restockingFeePercent: 15, amount: 117.71 } },
      ...noActivity,
    });
    renderManageReturns();
    const refund = within(await screen.findByLabelText('Refund on receiving'));
    expect(refund.getByText('Restocking fee (15 %)')).toBeInTheDocument();
    expect(refund.getByText('-$19.35')).toBeInTheDocument();
    expect(refund.queryByText('Shipping')).toBeNull();
    expect(screen.getByRole('combobox', { name: /Vented Brake Rotor/ })).toHaveValue('restock');
  });

  it('names a core deposit given back as its order line does, once', async () => {
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ reason: 'core' })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'GET /api/admin/returns/ret-1/refund-preview': {
        body: { ...preview, lines: [{ partId: 'part-1', partNumber: 'BR-100', name: partPromiseMessages.coreDepositLine('Vented Brake Rotor'), kind: 'core-deposit', quantity: 2, amount: 70 }], units: 70, tax: 0, shipping: 0, amount: 70 },
      },
      ...noActivity,
    });
    renderManageReturns();
    const refund = within(await screen.findByLabelText('Refund on receiving'));
    expect(refund.getByText('2 × Core deposit: Vented Brake Rotor')).toBeInTheDocument();
    expect(refund.queryByText(/\(core deposit\)/)).toBeNull();
  });

  it('offers to retry a refund that did not go through, and says why it failed', async () => {
    const away = 'The payment service could not be reached. Please try again in a moment.';
    let attempts = 0;
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ status: 'received', refundAmount: 141.27, lines: [{ ...approved().lines[0]!, action: 'scrap' }] })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'POST /api/admin/returns/ret-1/receive': () => {
        attempts += 1;
        return attempts === 1 ? { status: 502, body: { message: away } } : { body: { ...approved(), status: 'refunded', refundAmount: 1141.27 } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    expect(await screen.findByText(returnMessages.refundNotThrough)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry the refund of RMA-000007' }));
    expect(await screen.findByText(away)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry the refund of RMA-000007' }));
    // The refund in the shop's one way of writing money (formatPrice), thousands comma included.
    expect(await screen.findByText('RMA-000007 received and refunded $1,141.27')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/admin/returns/ret-1/receive')).toHaveLength(2);
  });
});

describe('Returns (admins): asking first (decision 210)', () => {
  it('asks before each approval and before Receive and refund, the refund’s amount said once known; No sends nothing', async () => {
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: {
        body: [approved({ status: 'requested', reason: 'warranty' }), approved({ id: 'ret-2', rmaNumber: 'RMA-000008' })],
      },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'GET /api/admin/returns/ret-2/refund-preview': { body: preview },
      'POST /api/admin/returns/ret-2/receive': { body: { ...approved({ id: 'ret-2', rmaNumber: 'RMA-000008' }), status: 'refunded', refundAmount: 141.27 } },
      ...noActivity,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderManageReturns();
    await user.click(await screen.findByRole('button', { name: 'Approve RMA-000007 with a replacement' }));
    expect(confirm).toHaveBeenLastCalledWith(returnMessages.confirmReplace('RMA-000007'));
    await user.click(screen.getByRole('button', { name: 'Approve RMA-000007 with a refund' }));
    expect(confirm).toHaveBeenLastCalledWith(returnMessages.confirmApprove('RMA-000007'));
    expect(within(await screen.findByLabelText('Refund on receiving')).getByText('$141.27')).toBeInTheDocument();
    const receive = screen.getByRole('button', { name: 'Receive and refund RMA-000008' });
    await user.click(receive);
    expect(confirm).toHaveBeenLastCalledWith('Receive the parts of RMA-000008 and refund $141.27? The refund is made at once.');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(receive).toHaveFocus();

    confirm.mockReturnValue(true);
    await user.click(receive);
    expect(await screen.findByText('RMA-000008 received and refunded $141.27')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/returns/ret-2/receive']);
  });
});

describe('Returns (admins): rejecting', () => {
  it('opens Reject… on its field, refuses a reason of spaces on the field, sends a trimmed one, and Escape gives the focus back', async () => {
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ status: 'requested' })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'POST /api/admin/returns/ret-1/reject': { body: { ...approved(), status: 'rejected', rejectionReason: 'Worn by use' } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    const open = await screen.findByRole('button', { name: 'Reject RMA-000007…' });
    expect(screen.getByRole('heading', { level: 2, name: 'RMA-000007' })).toBeInTheDocument();
    await user.click(open);
    const why = screen.getByLabelText('Why (sent to the customer)');
    expect(why).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Why (sent to the customer)')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    await user.keyboard('   ');
    await user.click(screen.getByRole('button', { name: 'Reject RMA-000007' }));
    const field = screen.getByLabelText('Why (sent to the customer)');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(returnMessages.rejectionReasonNeeded);
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(field, ' Worn by use ');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Reject RMA-000007' }));
    expect(await screen.findByText('RMA-000007 rejected')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Worn by use' });
  });
});

describe('Returns (admins): the focus after an action', () => {
  it('goes to the card’s heading once approved, and to Show when a receive takes the card out of the list shown', async () => {
    let status: AdminReturn['status'] = 'requested';
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: () => ({ body: [approved({ status })] }),
      [`GET /api/admin/returns?status=approved&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: () => ({ body: status === 'approved' ? [approved({ status })] : [] }),
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'GET /api/admin/returns/ret-1/refund-preview': { body: preview },
      'POST /api/admin/returns/ret-1/approve': () => {
        status = 'approved';
        return { body: approved({ status }) };
      },
      'POST /api/admin/returns/ret-1/receive': () => {
        status = 'refunded';
        return { body: approved({ status, refundAmount: 141.27 }) };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();

    (await screen.findByRole('button', { name: 'Approve RMA-000007' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Receive and refund RMA-000007' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'RMA-000007' })).toHaveFocus());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'approved');
    (await screen.findByRole('button', { name: 'Receive and refund RMA-000007' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('No returns approved.');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Show' })).toHaveFocus());
  });
});

describe('Returns (admins): paged (decision 182)', () => {
  /** `count` requested returns, numbered from `from`, newest first as the server pages them. */
  const cards = () => within(screen.getByRole('list', { name: 'Returns' })).getAllByRole('heading', { level: 2 });
  const requests = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => approved({ id: `ret-${from + index}`, rmaNumber: `RMA-${String(900 - from - index).padStart(6, '0')}`, status: 'requested' }));

  it('steps to older returns with the keyboard on the list, asks a status from its first page, and shows no pager for one page', async () => {
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: requests(1, ADMIN_RETURNS_PAGE_SIZE) },
      [`GET /api/admin/returns?page=2&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: requests(21, 1) },
      [`GET /api/admin/returns?status=requested&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: requests(1, 2) },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    const pager = within(await screen.findByRole('navigation', { name: 'Returns pages' }));
    expect(cards()).toHaveLength(ADMIN_RETURNS_PAGE_SIZE);
    expect(pager.getByRole('button', { name: 'Newer returns' })).toBeDisabled();
    await waitFor(() => expect(pager.getByRole('button', { name: 'Older returns' })).toBeEnabled());

    await user.click(pager.getByRole('button', { name: 'Older returns' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'RMA-000879' })).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Returns' })).toHaveFocus();
    expect(pager.getByText('Page 2')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Older returns' })).toBeDisabled();

    // Another status starts at its first page; two returns are one page, with no pager.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'requested');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('navigation', { name: 'Returns pages' })).toBeNull();
    expect(server.paths()).not.toContain(`GET /api/admin/returns?status=requested&page=2&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`);
  });

  it('goes back a page when the admin’s action empties the last one, the keyboard on its last card', async () => {
    let lastDecided = false;
    stubFetch({
      [`GET /api/admin/returns?status=requested&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: requests(1, ADMIN_RETURNS_PAGE_SIZE) },
      [`GET /api/admin/returns?status=requested&page=2&pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: () => ({ body: lastDecided ? [] : requests(21, 1) }),
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'POST /api/admin/returns/ret-21/approve': () => {
        lastDecided = true;
        return { body: approved({ id: 'ret-21', rmaNumber: 'RMA-000879' }) };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    await screen.findByText('No returns.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'requested');
    const pager = within(await screen.findByRole('navigation', { name: 'Returns pages' }));
    await waitFor(() => expect(pager.getByRole('button', { name: 'Older returns' })).toBeEnabled());
    await user.click(pager.getByRole('button', { name: 'Older returns' }));

    (await screen.findByRole('button', { name: 'Approve RMA-000879' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'RMA-000880' })).toHaveFocus());
    expect(cards()).toHaveLength(ADMIN_RETURNS_PAGE_SIZE);
    expect(screen.queryByText('No returns requested.')).toBeNull();
  });
});

describe('Returns (admins): a warranty claim', () => {
  it('names the claim on each of its approvals, as Approve does, so that two claims’ buttons differ', async () => {
    const claim = (id: string, rmaNumber: string) => approved({ id, rmaNumber, status: 'requested', reason: 'warranty' });
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [claim('ret-1', 'RMA-000007'), claim('ret-2', 'RMA-000008')] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'POST /api/admin/returns/ret-2/approve': { body: approved({ id: 'ret-2', rmaNumber: 'RMA-000008', status: 'replaced', reason: 'warranty', resolution: 'replace' }) },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();

    expect(await screen.findByRole('button', { name: 'Approve RMA-000007 with a replacement' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve RMA-000007 with a refund' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve RMA-000008 with a replacement' }));
    await waitFor(() => expect(server.calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/admin/returns/ret-2/approve', body: { resolution: 'replace' } }));
  });
});

describe('Returns (admins): approving', () => {
  it.each([
    ['a warranty claim with a refund', 'warranty', 'Approve RMA-000007 with a refund', { resolution: 'refund' }],
    ['a warranty claim with a replacement', 'warranty', 'Approve RMA-000007 with a replacement', { resolution: 'replace' }],
    ['any other request', 'defective', 'Approve RMA-000007', {}],
  ] as const)('sends %s once, every approval aria-disabled (focusable) while it works', async (_label, reason, name, body) => {
    let answer: (reply: { body: AdminReturn }) => void = () => {};
    let status: AdminReturn['status'] = 'requested';
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: () => ({ body: [approved({ status, reason })] }),
      'GET /api/admin/returns/ret-1/refund-preview': { body: preview },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'POST /api/admin/returns/ret-1/approve': () => new Promise((resolve) => (answer = resolve)),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();

    const pressed = await screen.findByRole('button', { name });
    const approvals = screen.getAllByRole('button', { name: /^Approve RMA-000007/ });
    expect(approvals).toHaveLength(reason === 'warranty' ? 2 : 1);
    await user.click(pressed);
    // As every admin action button (`ActionButton`, decision 138): busy, aria-disabled, the focus kept.
    await expectBusyKeepingFocus(pressed);
    await waitFor(() => approvals.forEach((button) => expect(button).toHaveAttribute('aria-disabled', 'true')));
    for (const button of approvals) await user.click(button);
    const posts = server.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/api/admin/returns/ret-1/approve', body });
    status = 'approved';
    answer({ body: approved({ status, reason }) });
    await screen.findByRole('button', { name: 'Receive and refund RMA-000007' });
  });
});

describe('Returns (admins): the statuses', () => {
  it('lists Show’s statuses and each card’s badge in words, not as the status codes', async () => {
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ status: 'received' })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      ...noActivity,
    });
    renderManageReturns();
    const show = await screen.findByRole('combobox', { name: 'Show' });
    expect(within(show).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Every status',
      'Requested',
      'Approved',
      'Rejected',
      'Received',
      'Refunded',
      'Replaced',
    ]);
    expect(await screen.findByText('Received')).toBeInTheDocument();
  });
});

describe('Returns (admins): two requests listed', () => {
  it('names the return on each Reject…, as on Approve, so that two cards’ buttons differ', async () => {
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [approved({ status: 'requested' }), approved({ id: 'ret-2', rmaNumber: 'RMA-000008', status: 'requested' })] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();
    expect(await screen.findByRole('button', { name: 'Reject RMA-000007…' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject RMA-000008…' }));
    expect(screen.getByRole('button', { name: 'Reject RMA-000008…' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Reject RMA-000007…' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Reject RMA-000008' })).toBeInTheDocument();
  });
});

describe('Returns (admins): what each state offers', () => {
  it('offers on each card exactly the actions the return table gives an admin in its state, and none on an ended or replaced return', async () => {
    const inEach = (['requested', 'approved', 'rejected', 'received', 'refunded', 'replaced'] as const).map((status, index) =>
      approved({ id: `ret-${status}`, rmaNumber: `RMA-00002${index}`, status, ...(status === 'received' ? { refundAmount: 141.27 } : {}) }),
    );
    const claim = approved({ id: 'ret-claim', rmaNumber: 'RMA-000030', status: 'requested', reason: 'warranty' });
    stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [...inEach, claim] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 0 } },
      'GET /api/admin/returns/ret-approved/refund-preview': { body: preview },
      ...noActivity,
    });
    renderManageReturns();
    await screen.findByLabelText('Refund on receiving');
    const buttonsOf = (rma: string) =>
      within(screen.getByRole('heading', { name: rma }).closest('li')!)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(buttonsOf('RMA-000020')).toEqual(['Approve RMA-000020', 'Reject RMA-000020…']);
    expect(buttonsOf('RMA-000021')).toEqual(['Receive and refund RMA-000021']);
    expect(buttonsOf('RMA-000022')).toEqual([]);
    expect(buttonsOf('RMA-000023')).toEqual(['Retry the refund of RMA-000023']);
    expect(buttonsOf('RMA-000024')).toEqual([]);
    expect(buttonsOf('RMA-000025')).toEqual([]);
    // A warranty claim: the table's `replace` and `approve` (with a refund), and `reject`.
    expect(buttonsOf('RMA-000030')).toEqual(['Approve RMA-000030 with a replacement', 'Approve RMA-000030 with a refund', 'Reject RMA-000030…']);
  });
});

describe('Returns (admins): the restocking fee', () => {
  it('saves once with the shared submit button: busy with a spinner, aria-disabled and focused while it works', async () => {
    let answer: (reply: { body: { restockingFeePercent: number } }) => void = () => {};
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'PUT /api/admin/settings': () => new Promise((resolve) => (answer = resolve)),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();

    const fee = await screen.findByRole('spinbutton', { name: 'Restocking fee for “no longer needed” (%)' });
    await user.clear(fee);
    await user.type(fee, '12.5');
    const save = screen.getByRole('button', { name: 'Save the fee' });
    await user.click(save);
    await expectBusyKeepingFocus(save);
    await user.click(save);
    await user.type(fee, '{Enter}');
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([expect.objectContaining({ path: '/api/admin/settings', body: { restockingFeePercent: 12.5 } })]);
    answer({ body: { restockingFeePercent: 12.5 } });
    expect(await screen.findByText('Restocking fee set to 12.5 %')).toBeInTheDocument();
    await waitFor(() => expect(save).not.toHaveAttribute('aria-busy', 'true'));
  });
});

describe('Returns (admins): the restocking fee checked', () => {
  it('says at the field, in the shop’s words, a fee empty or above 100, and sends any fraction the server takes', async () => {
    const server = stubFetch({
      [`GET /api/admin/returns?pageSize=${ADMIN_RETURNS_PAGE_SIZE}`]: { body: [] },
      'GET /api/admin/settings': { body: { restockingFeePercent: 15 } },
      'PUT /api/admin/settings': (call) => ({ body: call.body }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderManageReturns();

    const fee = await screen.findByRole('spinbutton', { name: 'Restocking fee for “no longer needed” (%)' });
    await user.clear(fee);
    await expectCheckedWhenSent(user, fee, '', screen.getByRole('button', { name: 'Save the fee' }), returnMessages.restockingFeeRange);
    await user.type(fee, '150{Enter}');
    expect(fee).toHaveAccessibleDescription(returnMessages.restockingFeeRange);
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '12.25{Enter}');
    expect(await screen.findByText('Restocking fee set to 12.25 %')).toBeInTheDocument();
    expect(fee).not.toHaveAccessibleDescription();
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ restockingFeePercent: 12.25 }]);
  });
});
