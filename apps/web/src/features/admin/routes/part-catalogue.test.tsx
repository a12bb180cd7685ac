import { adminMessages, couldNotLoad, notices, partChangeMessages, type AdminCatalogue } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch, type StubbedCall } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { adminNotices } from '../admin-notices';
import { Component as PartCataloguePage } from './part-catalogue';

const GET = 'GET /api/admin/part/p1/catalogue';
const PUT = 'PUT /api/admin/part/p1/catalogue';
const PATCH = 'PATCH /api/admin/part/p1';
const zimmermann = { brand: 'Zimmermann', brandKind: 'label' as const, partNumber: '150.3405.20', quantity: 1 };
const bosch = { brand: 'Bosch', brandKind: 'label' as const, partNumber: '0 986 479 B94', quantity: 1 };

/** The part as the server holds it; a test changes it as another admin would. */
function aPart(): AdminCatalogue {
  return {
    _id: 'p1',
    name: 'Front brake rotor',
    archived: false,
    category: null,
    partNumber: 'BRK-3006',
    oemNumbers: ['43512-02220'],
    specs: [{ name: 'Diameter', value: '275 mm' }],
    fitment: [],
    changes: { lifecycle: '2', replacedBy: null, interchange: [zimmermann], kit: [] },
  };
}

function renderPage(stored: { part: AdminCatalogue }, replies: { put?: (call: StubbedCall) => { status?: number; body?: unknown }; patch?: (call: StubbedCall) => { status?: number; body?: unknown } }) {
  const server = stubFetch({
    [GET]: () => ({ body: stored.part }),
    'GET /api/categories': { body: [] },
    ...(replies.put ? { [PUT]: replies.put } : {}),
    ...(replies.patch ? { [PATCH]: replies.patch } : {}),
    ...noActivity,
  });
  renderRoutes(
    [
      {
        path: '/dashboard/manageproducts/:id/catalogue',
        element: (
          <>
            <PartCataloguePage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/manageproducts/p1/catalogue' },
  );
  return server;
}

const gets = (server: { paths: () => string[] }) => server.paths().filter((path) => path === GET).length;

describe('the catalogue page (decision 112)', () => {
  it('says a part it could not load in the words of every page (decision 145), with Try again', async () => {
    stubFetch({ [GET]: { status: 503, body: { message: 'Try again soon' } }, 'GET /api/categories': { body: [] }, ...noActivity });
    renderRoutes([{ path: '/dashboard/manageproducts/:id/catalogue', element: <PartCataloguePage /> }], { path: '/dashboard/manageproducts/p1/catalogue' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(couldNotLoad('this part'));
    expect(alert).toHaveTextContent('We could not load this part right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the unsaved Details while the life cycle is saved and the part fetched again', async () => {
    const stored = { part: aPart() };
    const server = renderPage(stored, {
      patch: (call) => {
        stored.part = { ...stored.part, changes: { ...stored.part.changes, lifecycle: '8', replacedBy: 'BRK-3007' } };
        return { body: { acknowledged: true, sent: call.body } };
      },
    });
    const oem = await screen.findByLabelText('OEM numbers');
    await userEvent.clear(oem);
    await userEvent.type(oem, '43512-02221{enter}0986479B94');
    await userEvent.type(screen.getByLabelText('Specifications'), '{enter}Thickness: 22 mm');

    await userEvent.selectOptions(screen.getByLabelText('Life-cycle status (PIES)'), '8');
    await userEvent.type(screen.getByLabelText('Replaced by (part number)'), 'BRK-3007');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));

    await waitFor(() => expect(gets(server)).toBe(2));
    expect(server.calls.find((call) => `${call.method} ${call.path}` === PATCH)?.body).toEqual({
      lifecycle: '8',
      replacedBy: 'BRK-3007',
      expected: { lifecycle: '2', replacedBy: null },
    });
    await waitFor(() => expect(screen.getByLabelText('Life-cycle status (PIES)')).toHaveValue('8'));
    expect(screen.getByLabelText('OEM numbers')).toHaveValue('43512-02221\n0986479B94');
    expect(screen.getByLabelText('Specifications')).toHaveValue('Diameter: 275 mm\nThickness: 22 mm');
  });

  it('sends what the Details loaded, and on a 409 says so, shows what is stored now and keeps what was typed', async () => {
    const stored = { part: aPart() };
    const message = adminMessages.fieldChanged('OEM numbers', '43512-02220, 0 986 494 123');
    const server = renderPage(stored, {
      put: (call) => {
        const { expected } = call.body as { expected: { oemNumbers: string[] } };
        if (JSON.stringify(expected.oemNumbers) !== JSON.stringify(stored.part.oemNumbers)) {
          return { status: 409, body: { message, field: 'oemNumbers', current: stored.part.oemNumbers } };
        }
        return { body: { acknowledged: true } };
      },
    });
    await userEvent.type(await screen.findByLabelText('Specifications'), '{enter}Thickness: 22 mm');
    // Another admin adds an OEM number meanwhile.
    stored.part = { ...stored.part, oemNumbers: ['43512-02220', '0 986 494 123'] };
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(adminNotices.staleReloaded);
    expect(alert.closest('[role="alert"]')).toHaveFocus();
    // Said once, in the alert: no failure toast over it (at 390 px it covered the alert).
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('OEM numbers')).toHaveValue('43512-02220\n0 986 494 123'));
    expect(screen.getByLabelText('Specifications')).toHaveValue('Diameter: 275 mm\nThickness: 22 mm');

    // Saved again, it holds to what is stored now and goes through.
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.paths().filter((path) => path === PUT)).toHaveLength(2));
    expect(server.calls.filter((call) => `${call.method} ${call.path}` === PUT)[1]?.body).toEqual({
      category: null,
      partNumber: 'BRK-3006',
      oemNumbers: ['43512-02220', '0 986 494 123'],
      specs: [
        { name: 'Diameter', value: '275 mm' },
        { name: 'Thickness', value: '22 mm' },
      ],
      expected: { category: null, partNumber: 'BRK-3006', oemNumbers: ['43512-02220', '0 986 494 123'], specs: [{ name: 'Diameter', value: '275 mm' }] },
    });
  });

  it('sends nothing when the Details are saved as loaded, retyped in lower case or with blank lines (decision 152)', async () => {
    const server = renderPage({ part: aPart() }, { put: () => ({ body: { acknowledged: true } }) });
    const partNumber = await screen.findByLabelText('Part number');
    await userEvent.clear(partNumber);
    await userEvent.type(partNumber, 'brk-3006');
    await userEvent.type(screen.getByLabelText('Specifications'), '{enter}{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(adminNotices.nothingChanged)).toBeInTheDocument();
    expect(server.paths()).not.toContain(PUT);
  });

  it('on a 409 of the interchange list, says what it is now and keeps the rows as the admin left them', async () => {
    const stored = { part: aPart() };
    const message = adminMessages.fieldChanged('list of numbers it replaces', 'Zimmermann 150.3405.20 (1), Bosch 0 986 479 B94 (1)');
    renderPage(stored, { patch: () => ({ status: 409, body: { message, field: 'interchange', current: [zimmermann, bosch] } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove number 1' }));
    // Another admin added Bosch and ended the part meanwhile.
    stored.part = { ...stored.part, changes: { ...stored.part.changes, lifecycle: '9', interchange: [zimmermann, bosch] } };
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();
    // The status, untouched here, is what is stored now; the list keeps the admin's removal.
    await waitFor(() => expect(screen.getByLabelText('Life-cycle status (PIES)')).toHaveValue('9'));
    expect(screen.getByText('No other brands’ numbers.')).toBeInTheDocument();
  });

  it('says a rule’s refusal of the life cycle once, in the form’s alert, with no toast over it', async () => {
    const message = partChangeMessages.replacementMissing('BRK-9999');
    renderPage({ part: aPart() }, { patch: () => ({ status: 400, body: { message } }) });
    await userEvent.selectOptions(await screen.findByLabelText('Life-cycle status (PIES)'), '7');
    await userEvent.type(screen.getByLabelText('Replaced by (part number)'), 'BRK-9999');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();
  });
});
