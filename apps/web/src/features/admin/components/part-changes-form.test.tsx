import { partChangeMessages, partChangeEditorMessages } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { adminNotices } from '../admin-notices';
import { PartChangesForm } from './part-changes-form';

const PATCH = 'PATCH /api/admin/part/p1';

function renderForm(stored = { lifecycle: '2', replacedBy: null as string | null, interchange: [{ brand: 'Rival', brandKind: 'label' as const, partNumber: 'RV-7', quantity: 2 }], kit: [] as { partNumber: string; quantity: number }[] }) {
  return renderRoutes([{ path: '/', element: <PartChangesForm partId="p1" stored={stored} /> }], { path: '/' });
}

describe('the part-change editor', () => {
  it('shows what is stored, asks for the replacing part only for a renumbered, superseded or ended status, and sends every field', async () => {
    const server = stubFetch({ [PATCH]: { body: { acknowledged: true, warnings: [] } }, ...noActivity });
    renderForm();
    expect(screen.getByLabelText('Life-cycle status (PIES)')).toHaveValue('2');
    expect(screen.queryByLabelText('Replaced by (part number)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Number 1: brand')).toHaveValue('Rival');
    expect(screen.getByLabelText('Number 1: quantity')).toHaveValue('2');
    expect(screen.getByText('Not a kit.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Life-cycle status (PIES)'), '7');
    // Typed in lower case, sent as stored.
    await userEvent.type(screen.getByLabelText('Replaced by (part number)'), 'brk-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Add a component' }));
    await userEvent.type(screen.getByLabelText('Component 1: part number'), 'pad-2');
    await userEvent.clear(screen.getByLabelText('Component 1: quantity'));
    await userEvent.type(screen.getByLabelText('Component 1: quantity'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    await waitFor(() => expect(server.paths()).toContain(PATCH));
    // What changed: the status with its replacement, and the kit (the interchange row is as it was).
    expect(server.calls.find((call) => `${call.method} ${call.path}` === PATCH)?.body).toEqual({
      lifecycle: '7',
      replacedBy: 'BRK-1001',
      kit: [{ partNumber: 'PAD-2', quantity: 4 }],
      // What the form loaded of each (decision 112).
      expected: { lifecycle: '2', replacedBy: null, kit: [] },
    });
  });

  it("lists the save's warnings of vehicles the replacement does not fit, under the form and in the toast", async () => {
    const warnings = [partChangeEditorMessages.replacementDoesNotFit('BRK-3002', '2015 BMW 3 Series', 'BRK-3001'), partChangeEditorMessages.replacementDoesNotFitMore(3)];
    stubFetch({ [PATCH]: { body: { acknowledged: true, warnings } }, ...noActivity });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <PartChangesForm partId="p1" stored={{ lifecycle: '2', replacedBy: null, interchange: [], kit: [] }} />
              <Toaster />
            </>
          ),
        },
      ],
      { path: '/' },
    );
    await userEvent.selectOptions(screen.getByLabelText('Life-cycle status (PIES)'), '7');
    await userEvent.type(screen.getByLabelText('Replaced by (part number)'), 'BRK-3002');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    const region = await screen.findByTestId('part-changes-warnings');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent(partChangeEditorMessages.replacementFitWarnings);
    expect([...region.querySelectorAll('li')].map((item) => item.textContent)).toEqual(warnings);
    expect(await screen.findByText(warnings.join(' · '))).toBeInTheDocument();
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const server = stubFetch({ ...noActivity });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <PartChangesForm partId="p1" stored={{ lifecycle: '2', replacedBy: null, interchange: [], kit: [] }} />
              <Toaster />
            </>
          ),
        },
      ],
      { path: '/' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    expect(await screen.findByText(adminNotices.nothingChanged)).toBeInTheDocument();
    expect(server.paths()).not.toContain(PATCH);
  });

  it('names a bad row before sending anything, and removes a row', async () => {
    const server = stubFetch({ ...noActivity });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add a number' }));
    await userEvent.type(screen.getByLabelText('Number 2: brand'), 'OEM');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    expect(await screen.findByText(partChangeMessages.interchangeRow(2))).toBeInTheDocument();
    expect(server.paths()).not.toContain(PATCH);
    await userEvent.click(screen.getByRole('button', { name: 'Remove number 1' }));
    expect(screen.getByLabelText('Number 1: brand')).toHaveValue('OEM');
  });

  it('sends a brand given as its Auto Care code with its kind, and refuses a code that is not four letters or digits (decision 206)', async () => {
    const server = stubFetch({ [PATCH]: { body: { acknowledged: true, warnings: [] } }, ...noActivity });
    renderForm();
    expect(screen.getByLabelText('Number 1: name or code')).toHaveValue('label');
    await userEvent.click(screen.getByRole('button', { name: 'Add a number' }));
    await userEvent.type(screen.getByLabelText('Number 2: brand'), 'bkp');
    await userEvent.selectOptions(screen.getByLabelText('Number 2: name or code'), 'code');
    await userEvent.type(screen.getByLabelText('Number 2: part number'), 'BK-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    expect(await screen.findByText(partChangeMessages.interchangeBrandCode(2))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Number 2: brand')).toHaveFocus());
    expect(server.paths()).not.toContain(PATCH);

    await userEvent.type(screen.getByLabelText('Number 2: brand'), 'n');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    await waitFor(() => expect(server.paths()).toContain(PATCH));
    expect(server.calls.find((call) => `${call.method} ${call.path}` === PATCH)?.body).toMatchObject({
      interchange: [
        { brand: 'Rival', brandKind: 'label', partNumber: 'RV-7', quantity: 2 },
        { brand: 'BKPN', brandKind: 'code', partNumber: 'BK-1', quantity: 1 },
      ],
      expected: { interchange: [{ brand: 'Rival', brandKind: 'label', partNumber: 'RV-7', quantity: 2 }] },
    });
  });

  it("says a rule's refusal of the replacement at the Replaced by field, which takes the focus (decision 157)", async () => {
    const message = partChangeMessages.replacementCycle(['A', 'B', 'A']);
    stubFetch({ [PATCH]: { status: 400, body: { message, field: 'replacedBy' } }, ...noActivity });
    renderForm({ lifecycle: '7', replacedBy: 'C', interchange: [], kit: [] });
    const field = screen.getByLabelText('Replaced by (part number)');
    await userEvent.clear(field);
    await userEvent.type(field, 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    // Said once, at the field: not again under the form.
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it("says a rule's refusal of a kit component at its row, whose part number takes the focus", async () => {
    const message = partChangeMessages.componentIsKit('KIT-9');
    stubFetch({ [PATCH]: { status: 400, body: { message, field: 'kit.1' } }, ...noActivity });
    renderForm({ lifecycle: '2', replacedBy: null, interchange: [], kit: [{ partNumber: 'PAD-2', quantity: 1 }] });
    await userEvent.click(screen.getByRole('button', { name: 'Add a component' }));
    await userEvent.type(screen.getByLabelText('Component 2: part number'), 'KIT-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    const second = screen.getByLabelText('Component 2: part number');
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Component 1: part number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it("says a refusal that names no field the form shows under the form", async () => {
    const message = partChangeMessages.replacementCycle(['A', 'B', 'A']);
    stubFetch({ [PATCH]: { status: 400, body: { message } }, ...noActivity });
    renderForm({ lifecycle: '7', replacedBy: 'C', interchange: [], kit: [] });
    await userEvent.clear(screen.getByLabelText('Replaced by (part number)'));
    await userEvent.type(screen.getByLabelText('Replaced by (part number)'), 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Save life cycle, interchange and kit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Replaced by (part number)')).not.toHaveAttribute('aria-invalid');
  });

  // A keyboard's focus stayed on "Add a number" after it added a row, and fell to the page's top
  // (the body) when the focused Remove button went with its row (decision 213).
  it('moves the focus to the row a button adds, and from a removed row to the row now in its place, else to the Add button', async () => {
    stubFetch({ ...noActivity });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add a number' }));
    expect(screen.getByLabelText('Number 2: brand')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Number 2: brand'), 'Bosch');
    await userEvent.click(screen.getByRole('button', { name: 'Remove number 1' }));
    // The row that was second is first now, and has the focus.
    expect(screen.getByLabelText('Number 1: brand')).toHaveValue('Bosch');
    expect(screen.getByLabelText('Number 1: brand')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove number 1' }));
    expect(screen.getByRole('button', { name: 'Add a number' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Add a component' }));
    expect(screen.getByLabelText('Component 1: part number')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add a component' }));
    expect(screen.getByLabelText('Component 2: part number')).toHaveFocus();
    // The last row removed: the row before it takes the focus.
    await userEvent.click(screen.getByRole('button', { name: 'Remove component 2' }));
    expect(screen.getByLabelText('Component 1: part number')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove component 1' }));
    expect(screen.getByRole('button', { name: 'Add a component' })).toHaveFocus();
  });
});
