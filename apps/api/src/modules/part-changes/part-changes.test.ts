import { type AdminOverview, apiErrors, directionControlMessage, cartLineSetMessages, cartMessages, type AdminCatalogue, partChangeMessages, type BuyAgainReply, type PartDetail, type PublicPart, type QuickOrderReply, type SearchResult, partChangeEditorMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { listFitment } from '../../test/fitment';
import { insertAddress, insertShippingMethod, postCheckout, userIdOf } from '../../test/checkout';
import { insertPart, placeOrder, postOrder, setStock, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';

let app: FastifyInstance;
let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(app, 'change-admin'), signUpCustomer(app, 'change-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

/** `PATCH /admin/part/{id}` as the catalogue page sends it: each part-change field with what is stored of it as `expected` (decision 112). */
async function patch(id: string, body: Record<string, unknown>) {
  const fields = (['lifecycle', 'replacedBy', 'interchange', 'kit'] as const).filter((field) => body[field] !== undefined);
  const loaded = fields.length > 0 && !('expected' in body) ? await call(app, byToken(admin), { method: 'GET', url: `/api/admin/part/${id}/catalogue` }) : undefined;
  const stored = loaded?.statusCode === 200 ? (loaded.json() as AdminCatalogue).changes : undefined;
  const payload = stored ? { ...body, expected: Object.fromEntries(fields.map((field) => [field, stored[field]])) } : body;
  return call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload });
}
/** A rule's refusal: 400, its message, and the request's field it is about, where the editor says it (decision 157). */
function expectRefused(response: Awaited<ReturnType<typeof patch>>, message: string, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message, field });
}
const archive = (id: string, archived = true) => call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${id}/archived`, payload: { archived } });

/** A new part on sale and its generated part number. */
async function aPart(fields: { available?: number } = {}): Promise<{ id: string; number: string }> {
  const id = await insertPart(app, fields);
  const row = await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number: row.part_number };
}

async function read(id: string): Promise<PartDetail> {
  const response = await app.inject({ method: 'GET', url: `/api/part/${id}` });
  expectReply(response, 200);
  return response.json() as PartDetail;
}

describe('life cycle and replaced-by', () => {
  it('reads a part on sale as available, replacing nothing', async () => {
    const part = await aPart();
    expect(await read(part.id)).toMatchObject({
      lifecycle: { code: '2', label: 'Available to order' },
      replacedBy: null,
      replaces: [],
      interchange: [],
      kit: null,
      inKits: [],
    });
  });

  it("gives the admin's catalogue page the fields as stored: the direct replacement, not the chain's end, interchange and kit rows", async () => {
    const [a, b, c, kit] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(b.id, { lifecycle: '6', replacedBy: c.number }), 200);
    expectReply(await patch(a.id, { lifecycle: '7', replacedBy: b.number, interchange: [{ brand: 'Rival', partNumber: 'RV-7', quantity: 2 }] }), 200);
    expectReply(await patch(kit.id, { kit: [{ partNumber: c.number, quantity: 4 }] }), 200);
    const stored = async (id: string) => {
      const response = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/part/${id}/catalogue` });
      expectReply(response, 200);
      return (response.json() as AdminCatalogue).changes;
    };
    expect(await stored(a.id)).toEqual({ lifecycle: '7', replacedBy: b.number, interchange: [{ brand: 'Rival', brandKind: 'label', partNumber: 'RV-7', quantity: 2 }], kit: [] });
    expect(await stored(kit.id)).toEqual({ lifecycle: '2', replacedBy: null, interchange: [], kit: [{ partNumber: c.number, quantity: 4 }] });
    // A customer may not read it.
    expectReply(await call(app, byToken(buyer), { method: 'GET', url: `/api/admin/part/${a.id}/catalogue` }), 403);
  });

  it('resolves a chain A → B → C to the current part, which lists every number it replaces', async () => {
    const [a, b, c] = [await aPart(), await aPart(), await aPart()];
    expectReply(await patch(b.id, { lifecycle: '6', replacedBy: c.number }), 200);
    expectReply(await patch(a.id, { lifecycle: '7', replacedBy: b.number }), 200);
    const current = await read(c.id);
    const old = await read(a.id);
    expect(old.lifecycle).toEqual({ code: '7', label: 'Superseded' });
    expect(old.replacedBy).toEqual({ partNumber: c.number, name: current.name });
    expect(current.replaces).toEqual([b.number, a.number]);
    const page = await app.inject({ method: 'GET', url: `/api/parts/by-number/${encodeURIComponent(c.number)}` });
    expectReply(page, 200);
    expect((page.json() as PublicPart).replaces).toEqual([b.number, a.number]);
  });

  it('moves the page of a renumbered or superseded part for good to its current replacement, and keeps a discontinued one', async () => {
    const [a, b, c, ended] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(b.id, { lifecycle: '7', replacedBy: c.number }), 200);
    expectReply(await patch(a.id, { lifecycle: '6', replacedBy: b.number }), 200);
    expectReply(await patch(ended.id, { lifecycle: '8', replacedBy: c.number }), 200);
    for (const old of [a, b]) {
      const response = await app.inject({ method: 'GET', url: `/parts/${encodeURIComponent(old.number)}` });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/parts/${encodeURIComponent(c.number)}`);
    }
    expect((await app.inject({ method: 'GET', url: `/parts/${encodeURIComponent(ended.number)}` })).statusCode).not.toBe(301);
    expect((await app.inject({ method: 'GET', url: `/parts/${encodeURIComponent(c.number)}` })).statusCode).not.toBe(301);
  });

  it('moves a part number typed in lower case to the number as stored, a replaced one straight to its current part, and an archived one nowhere', async () => {
    const [onSale, old, current, gone] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    expectReply(await archive(gone.id), 200);
    const page = (number: string) => app.inject({ method: 'GET', url: `/parts/${encodeURIComponent(number)}` });
    const mixed = `${onSale.number.slice(0, 1)}${onSale.number.slice(1).toLowerCase()}`;
    for (const typed of [onSale.number.toLowerCase(), mixed]) {
      const response = await page(typed);
      expect(response.statusCode, typed).toBe(301);
      expect(response.headers.location, typed).toBe(`/parts/${encodeURIComponent(onSale.number)}`);
    }
    const superseded = await page(old.number.toLowerCase());
    expect(superseded.statusCode).toBe(301);
    expect(superseded.headers.location).toBe(`/parts/${encodeURIComponent(current.number)}`);
    expect((await page(gone.number.toLowerCase())).statusCode).toBe(404);
    expect((await page('zz-no-such-part')).statusCode).toBe(404);
  });

  it('refuses a cycle, a missing replacement, itself, and 6/7 without one, writing nothing', async () => {
    const [a, b] = [await aPart(), await aPart()];
    expectReply(await patch(a.id, { lifecycle: '7', replacedBy: b.number }), 200);
    expectRefused(await patch(b.id, { lifecycle: '7', replacedBy: a.number }), partChangeMessages.replacementCycle([b.number, a.number, b.number]), 'replacedBy');
    expectRefused(await patch(b.id, { lifecycle: '6', replacedBy: 'NO-SUCH-9999' }), partChangeMessages.replacementMissing('NO-SUCH-9999'), 'replacedBy');
    expectRefused(await patch(b.id, { lifecycle: '7', replacedBy: b.number }), partChangeMessages.replacementSelf, 'replacedBy');
    expectRefused(await patch(b.id, { lifecycle: '7' }), partChangeMessages.replacementRequired('7'), 'replacedBy');
    expectRefused(await patch(b.id, { lifecycle: '2', replacedBy: a.number }), partChangeMessages.replacementNotAllowed('2'), 'replacedBy');
    expectReply(await patch(b.id, { lifecycle: '7', replacedBy: a.number, name: 'Renamed' }), 400);
    expect(await read(b.id)).toMatchObject({ lifecycle: { code: '2' }, replacedBy: null });
    expect((await read(b.id)).name).not.toBe('Renamed');
  });

  it('keeps a discontinued part with its replacement if any, and drops the replacement when back on sale', async () => {
    const [a, b] = [await aPart(), await aPart()];
    expectReply(await patch(a.id, { lifecycle: '8' }), 200);
    expect(await read(a.id)).toMatchObject({ lifecycle: { code: '8', label: 'Discontinued' }, replacedBy: null });
    expectReply(await patch(a.id, { lifecycle: '9', replacedBy: b.number }), 200);
    expect((await read(a.id)).replacedBy?.partNumber).toBe(b.number);
    expectReply(await patch(a.id, { lifecycle: '2' }), 200);
    expect(await read(a.id)).toMatchObject({ lifecycle: { code: '2' }, replacedBy: null });
    expect((await read(b.id)).replaces).toEqual([]);
  });

  it('takes a replacement and kit components typed in lower case or with spaces around, as the numbers stored', async () => {
    const [old, current, kit, component] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(old.id, { lifecycle: '8', replacedBy: ` ${current.number.toLowerCase()} ` }), 200);
    expect((await read(old.id)).replacedBy?.partNumber).toBe(current.number);
    expectReply(await patch(kit.id, { kit: [{ partNumber: component.number.toLowerCase(), quantity: 2 }] }), 200);
    expect((await read(kit.id)).kit).toEqual([{ partNumber: component.number, name: expect.any(String), quantity: 2 }]);
    // The same number twice, in two cases, is the same component.
    expectReply(await patch(kit.id, { kit: [{ partNumber: component.number, quantity: 1 }, { partNumber: component.number.toLowerCase(), quantity: 1 }] }), 400);
  });

  it('names a code it has no word for', async () => {
    const part = await aPart();
    expectReply(await patch(part.id, { lifecycle: '42' }), 200);
    expect((await read(part.id)).lifecycle).toEqual({ code: '42', label: 'Life-cycle status 42' });
  });
});

describe('search and quick order by an older or another brand\'s number', () => {
  const search = async (q: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expectReply(response, 200);
    return response.json() as SearchResult;
  };
  const quick = async (text: string) => {
    const response = await call(app, byToken(buyer), { method: 'POST', url: '/api/cart/quick-order', payload: { text } });
    expectReply(response, 200);
    return response.json() as QuickOrderReply;
  };
  const emptyCart = async () => app.db.deleteFrom('cart_lines').where('user_id', '=', await userIdOf(app, buyer.email)).execute();
  afterAll(emptyCart);
  const cartLines = (reply: QuickOrderReply) => Object.fromEntries(reply.cart.lines.map((line) => [line.partNumber, line.quantity]));

  it('finds the current part first by an old number, marked with the numbers it replaces, and lists no superseded part', async () => {
    const [a, b, c] = [await aPart(), await aPart(), await aPart()];
    expectReply(await patch(b.id, { lifecycle: '7', replacedBy: c.number }), 200);
    expectReply(await patch(a.id, { lifecycle: '6', replacedBy: b.number }), 200);
    for (const typed of [a.number, a.number.toLowerCase().replace(/-/g, ' '), b.number]) {
      const result = await search(typed);
      expect(result.items[0]).toMatchObject({ _id: c.id, partNumber: c.number, replaces: [b.number, a.number] });
      expect(result.items.map((item) => item._id)).not.toContain(a.id);
      expect(result.items.map((item) => item._id)).not.toContain(b.id);
    }
  });

  it('quick order by an old number adds the current part and says so', async () => {
    await emptyCart();
    const [a, b, c] = [await aPart(), await aPart(), await aPart()];
    expectReply(await patch(b.id, { lifecycle: '7', replacedBy: c.number }), 200);
    expectReply(await patch(a.id, { lifecycle: '6', replacedBy: b.number }), 200);
    const reply = await quick(`${a.number.toLowerCase()} 3`);
    expect(reply).toMatchObject({ added: 1, problems: [], converted: [{ line: 1, text: `${a.number.toLowerCase()} 3`, message: partChangeMessages.orderedAsReplacement(a.number, c.number) }] });
    expect(cartLines(reply)).toEqual({ [c.number]: 3 });
  });

  it("quick order by a competitor's or carmaker's number lands on our part in our quantity, rounded up and said", async () => {
    await emptyCart();
    const [pads, rotor] = [await aPart(), await aPart()];
    const rival = { brand: 'Rival', partNumber: `RV-${Math.floor(Math.random() * 1e8)}`, quantity: 2 };
    const oem = { brand: 'Toyota', partNumber: `04465-${Math.floor(Math.random() * 1e8)}`, quantity: 1 };
    expectReply(await patch(pads.id, { interchange: [rival] }), 200);
    expectReply(await patch(rotor.id, { interchange: [oem] }), 200);
    const text = `${rival.partNumber} 4\n${oem.partNumber.replace('-', ' ')} 2\n${rival.partNumber.toLowerCase()} 3`;
    const reply = await quick(text);
    expect(reply.problems).toEqual([]);
    expect(reply.converted).toEqual([
      { line: 1, text: `${rival.partNumber} 4`, message: partChangeMessages.orderedAsOurs(rival, 4, { partNumber: pads.number, quantity: 2 }) },
      { line: 2, text: `${oem.partNumber.replace('-', ' ')} 2`, message: partChangeMessages.orderedAsOurs(oem, 2, { partNumber: rotor.number, quantity: 2 }) },
      { line: 3, text: `${rival.partNumber.toLowerCase()} 3`, message: partChangeMessages.orderedAsOurs(rival, 3, { partNumber: pads.number, quantity: 2 }) },
    ]);
    expect(reply.converted[2]?.message).toContain('3 of theirs added as 2 of ours, rounded up');
    expect(reply.converted[0]?.message).not.toContain('rounded up');
    expect(cartLines(reply)).toEqual({ [pads.number]: 4, [rotor.number]: 2 });
    const found = await search(oem.partNumber);
    expect(found.items[0]?._id).toBe(rotor.id);
  });

  /** Gives part `id` a new number (its old one kept as a former number, decision 112) and these OEM numbers, as the Details form saves them. */
  async function details(id: string, partNumber: string, oemNumbers: string[]) {
    const loaded = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/part/${id}/catalogue` });
    expectReply(loaded, 200);
    const { category, partNumber: was, oemNumbers: oemWere, specs } = loaded.json() as AdminCatalogue;
    const expected = { category, partNumber: was, oemNumbers: oemWere, specs };
    const saved = await call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { category, partNumber, oemNumbers, specs, expected } });
    expectReply(saved, 200);
  }

  it("finds the part replacing a superseded one by the superseded part's carmaker's, other brand's or corrected number, as quick order adds it (decision 175)", async () => {
    await emptyCart();
    const [old, current] = [await aPart(), await aPart()];
    const tag = Math.floor(Math.random() * 1e8);
    const oem = `90915-${tag}`;
    const rival = { brand: 'Rival', partNumber: `RX-${tag}`, quantity: 1 };
    const corrected = `${old.number}C`;
    await details(old.id, corrected, [oem]);
    expectReply(await patch(old.id, { interchange: [rival] }), 200);
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    for (const typed of [oem, rival.partNumber, old.number]) {
      const found = await search(typed);
      expect(found.items[0], typed).toMatchObject({ _id: current.id, partNumber: current.number });
      expect(found.items.map((item) => item._id)).not.toContain(old.id);
    }
    const reply = await quick(`${oem} 1\n${rival.partNumber} 1\n${old.number} 1`);
    expect(reply.problems).toEqual([]);
    expect(cartLines(reply)).toEqual({ [current.number]: 3 });
  });

  it('takes a number that a superseded part and the part replacing it both list as that one part, not as two (decision 175)', async () => {
    await emptyCart();
    const [old, current] = [await aPart(), await aPart()];
    const tag = Math.floor(Math.random() * 1e8);
    const oem = `04465-${tag}`;
    const rival = { brand: 'Rival', partNumber: `RY-${tag}`, quantity: 1 };
    for (const part of [old, current]) {
      await details(part.id, part.number, [oem]);
      expectReply(await patch(part.id, { interchange: [rival] }), 200);
    }
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    const reply = await quick(`${oem} 2\n${rival.partNumber} 1`);
    expect(reply.problems).toEqual([]);
    expect(reply.added).toBe(2);
    expect(cartLines(reply)).toEqual({ [current.number]: 3 });
  });

  it('says a number two of our parts interchange with is ambiguous, and one nobody has is unknown', async () => {
    const [one, two] = [await aPart(), await aPart()];
    const shared = `SH-${Math.floor(Math.random() * 1e8)}`;
    for (const part of [one, two]) expectReply(await patch(part.id, { interchange: [{ brand: 'Rival', partNumber: shared, quantity: 1 }] }), 200);
    const reply = await quick(`${shared} 1\nNOBODY-HAS-THIS-9 1`);
    expect(reply.added).toBe(0);
    expect(reply.problems).toEqual([
      { line: 1, text: `${shared} 1`, message: cartMessages.ambiguousNumber(shared, [one.number, two.number].sort()) },
      { line: 2, text: 'NOBODY-HAS-THIS-9 1', message: cartMessages.unknownNumber('NOBODY-HAS-THIS-9') },
    ]);
  });
});

describe('a cart line of a part replaced since', () => {
  type Lines = { lines: Array<{ partId: string; partNumber: string; quantity: number; replaced: string | null }> };
  const linesOf = (cart: Lines) => cart.lines.map(({ partNumber, quantity, replaced }) => ({ partNumber, quantity, replaced }));

  it("becomes the replacement at the next look, naming the number it held, until the buyer changes it", async () => {
    const buyerId = await userIdOf(app, buyer.email);
    await app.db.deleteFrom('cart_lines').where('user_id', '=', buyerId).execute();
    const [old, middle, current, kept] = [await aPart(), await aPart(), await aPart(), await aPart()];
    const put = (partId: string, quantity: number) => call(app, byToken(buyer), { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity } });
    expectReply(await put(old.id, 2), 200);
    expectReply(await put(current.id, 1), 200);
    expectReply(await put(kept.id, 1), 200);
    expectReply(await patch(middle.id, { lifecycle: '6', replacedBy: current.number }), 200);
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: middle.number }), 200);

    const look = async () => {
      const response = await call(app, byToken(buyer), { method: 'GET', url: '/api/cart' });
      expectReply(response, 200);
      return response.json() as Lines;
    };
    const first = await look();
    expect(linesOf(first)).toEqual(
      expect.arrayContaining([
        { partNumber: current.number, quantity: 3, replaced: old.number },
        { partNumber: kept.number, quantity: 1, replaced: null },
      ]),
    );
    expect(first.lines).toHaveLength(2);
    expect(linesOf(await look())).toEqual(linesOf(first));
    expectReply(await put(current.id, 4), 200);
    expect(linesOf(await look()).find((line) => line.partNumber === current.number)).toEqual({ partNumber: current.number, quantity: 4, replaced: null });
    await app.db.deleteFrom('cart_lines').where('user_id', '=', buyerId).execute();
  });

  it('put in the cart by its old number after it changed (a page loaded before) is set as its replacement, under the replacement’s minimum (decision 175)', async () => {
    const shopper = await signUpCustomer(app, 'change-late');
    const [old, current] = [await aPart(), await aPart()];
    await setStock(app, current.id, 100, 5);
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    const put = (quantity: number) => call(app, byToken(shopper), { method: 'PUT', url: `/api/cart/lines/${old.id}`, payload: { quantity } });
    // The old number's minimum of 1 passed a line the cart then flagged, below its replacement's 5.
    expectReply(await put(2), 400);
    expectReply(await put(6), 200);
    const cart = await call(app, byToken(shopper), { method: 'GET', url: '/api/cart' });
    expect(linesOf(cart.json() as Lines)).toEqual([{ partNumber: current.number, quantity: 6, replaced: old.number }]);
    expect((cart.json() as { lines: Array<{ problem: string | null }> }).lines[0]?.problem).toBeNull();
  });

  it("in a visitor's cart, is priced as its replacement, and merged at sign-in as it", async () => {
    const [old, current] = [await aPart(), await aPart()];
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    const preview = await app.inject({ method: 'POST', url: '/api/cart/preview', payload: { lines: [{ partId: old.id, quantity: 2 }, { partId: current.id, quantity: 1 }] } });
    expectReply(preview, 200);
    expect(linesOf(preview.json() as Lines)).toEqual([{ partNumber: current.number, quantity: 3, replaced: old.number }]);

    const visitor = await signUpCustomer(app, 'change-visitor');
    const merged = await call(app, byToken(visitor), { method: 'POST', url: '/api/cart/merge', payload: { lines: [{ partId: old.id, quantity: 2 }] } });
    expectReply(merged, 200);
    expect(linesOf(merged.json() as Lines)).toEqual([{ partNumber: current.number, quantity: 2, replaced: old.number }]);
  });
});

describe('a part no longer made cannot be ordered', () => {
  it('refuses it in the cart, flags a line that had it, blocks checkout until removed, and refuses Order now', async () => {
    const [ended, fine] = [await aPart({ available: 20 }), await aPart({ available: 20 })];
    const put = (partId: string, quantity: number) => call(app, byToken(buyer), { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity } });
    expectReply(await put(ended.id, 2), 200);
    expectReply(await put(fine.id, 1), 200);
    expectReply(await patch(ended.id, { lifecycle: '8' }), 200);

    const cart = await call(app, byToken(buyer), { method: 'GET', url: '/api/cart' });
    expectReply(cart, 200);
    const problems = Object.fromEntries((cart.json() as { lines: Array<{ partId: string; problem: string | null }> }).lines.map((line) => [line.partId, line.problem]));
    expect(problems).toEqual({ [ended.id]: partChangeMessages.noLongerMadeLine, [fine.id]: null });

    const buyerId = await userIdOf(app, buyer.email);
    const order = { addressId: await insertAddress(app, buyerId), shippingMethodId: await insertShippingMethod(app, { name: 'Part changes post', baseCents: 500 }) };
    const refused = await postCheckout(app, buyer.cookie, order);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as { lines: unknown[] }).lines).toEqual([{ partId: ended.id, message: partChangeMessages.noLongerMadeLine }]);
    expect([await stockOf(app, ended.id), await stockOf(app, fine.id)]).toEqual([20, 20]);

    expectReply(await put(ended.id, 3), 409, cartLineSetMessages.noLongerMade);
    // Quick order adds nothing of it, and says so without asking to remove what never got there.
    const quick = await call(app, byToken(buyer), { method: 'POST', url: '/api/cart/quick-order', payload: { text: `${ended.number} 1` } });
    expectReply(quick, 200);
    expect((quick.json() as QuickOrderReply).problems).toEqual([{ line: 1, text: `${ended.number} 1`, message: cartMessages.notAdded.noLongerMade }]);
    expectReply(await postOrder(app, buyer.cookie, { partId: ended.id, customername: buyer.name, address: '1 Test Street, Testville', orderQuantity: 1 }), 409, partChangeMessages.noLongerMade);
    expectReply(await patch(ended.id, { lifecycle: '9' }), 200);
    expectReply(await postOrder(app, buyer.cookie, { partId: ended.id, customername: buyer.name, address: '1 Test Street, Testville', orderQuantity: 1 }), 409, partChangeMessages.noLongerMade);

    expectReply(await put(ended.id, 0), 200);
    expectReply(await postCheckout(app, buyer.cookie, order), 200);
    expect([await stockOf(app, ended.id), await stockOf(app, fine.id)]).toEqual([20, 19]);
  });
});

// PIES's code A, "Available only while supplies last" (decision 213): sold from its stock, never
// restocked; codes are letters as well as digits (refused as "not a PIES code" before).
describe('a part sold only while supplies last (PIES life cycle A)', () => {
  it('is taken in any case, named in words, sold from its stock and refused once sold out, and takes no replacement', async () => {
    const [last, other] = [await aPart({ available: 20 }), await aPart()];
    expectReply(await patch(last.id, { lifecycle: 'a', replacedBy: null }), 200);
    expect((await read(last.id)).lifecycle).toEqual({ code: 'A', label: 'Available only while supplies last' });
    expectRefused(await patch(last.id, { lifecycle: 'A', replacedBy: other.number }), partChangeMessages.replacementNotAllowed('A'), 'replacedBy');
    // A code PIES does not have is still refused, in the shared schema's words.
    expectReply(await patch(last.id, { lifecycle: 'B' }), 400, partChangeMessages.badLifecycle);
    expect((await read(last.id)).lifecycle.code).toBe('A');

    // On sale while it lasts: in the home list and in stock to search, and ordered from its stock.
    const onSale = await app.inject({ method: 'GET', url: '/api/parts?page=1' });
    const pages = [onSale.json() as Array<{ _id: string }>];
    for (let page = 2; pages.at(-1)?.length === 24; page += 1) pages.push((await app.inject({ method: 'GET', url: `/api/parts?page=${page}` })).json() as Array<{ _id: string }>);
    expect(pages.flat().map((part) => part._id)).toContain(last.id);
    const put = (quantity: number) => call(app, byToken(buyer), { method: 'PUT', url: `/api/cart/lines/${last.id}`, payload: { quantity } });
    expectReply(await put(1), 200);
    expectReply(await put(0), 200);
    await setStock(app, last.id, 0);
    expectReply(await put(1), 409, cartLineSetMessages.soldOut);
  });
});

describe('a part replaced since cannot be ordered by its old number', () => {
  it('refuses Order now of it, leaving both parts\u2019 stock, and orders its replacement at its own price', async () => {
    const [old, current] = [await aPart({ available: 5 }), await aPart({ available: 1 })];
    await app.db.updateTable('parts').set({ price_cents: 1_000 }).where('id', '=', old.id).execute();
    await app.db.updateTable('parts').set({ price_cents: 3_000, min_order_quantity: 1 }).where('id', '=', current.id).execute();
    expectReply(await patch(old.id, { lifecycle: '6', replacedBy: current.number }), 200);
    const order = (partId: string, orderQuantity: number) => postOrder(app, buyer.cookie, { partId, customername: buyer.name, address: '1 Test Street, Testville', orderQuantity });
    expectReply(await order(old.id, 2), 409, partChangeMessages.replacedNotSold);
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    expectReply(await order(old.id, 1), 409, partChangeMessages.replacedNotSold);
    expect([await stockOf(app, old.id), await stockOf(app, current.id)]).toEqual([5, 1]);
    const placed = await order(current.id, 1);
    expectReply(placed, 200);
    const line = await app.db.selectFrom('order_lines').select(['part_id', 'unit_price_cents']).where('order_id', '=', (placed.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect(line).toEqual({ part_id: current.id, unit_price_cents: 3_000 });
  });
});

describe('POST /api/order/{id}/buy-again', () => {
  it('puts every line still sellable in the cart, a superseded one as its replacement, and says what it could not add and why', async () => {
    const [old, successor, same, ended, short] = [await aPart(), await aPart(), await aPart(), await aPart(), await aPart()];
    const buyerId = await userIdOf(app, buyer.email);
    await app.db.deleteFrom('cart_lines').where('user_id', '=', buyerId).execute();
    const put = (partId: string, quantity: number) => call(app, byToken(buyer), { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity } });
    for (const [id, quantity] of [[old.id, 2], [same.id, 3], [ended.id, 1], [short.id, 4]] as const) expectReply(await put(id, quantity), 200);
    const order = { addressId: await insertAddress(app, buyerId), shippingMethodId: await insertShippingMethod(app, { name: 'Buy again post', baseCents: 500 }) };
    const placed = await postCheckout(app, buyer.cookie, order);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;

    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: successor.number }), 200);
    expectReply(await patch(ended.id, { lifecycle: '8' }), 200);
    await setStock(app, short.id, 1);
    expectReply(await put(same.id, 1), 200);

    const buyAgain = (who: Customer, id: string) => call(app, byToken(who), { method: 'POST', url: `/api/order/${id}/buy-again` });
    const response = await buyAgain(buyer, orderId);
    expectReply(response, 200);
    expect(response.json() as BuyAgainReply).toEqual({
      added: [
        { partNumber: successor.number, quantity: 2, replaced: old.number },
        { partNumber: same.number, quantity: 3 },
      ],
      skipped: [
        { partNumber: ended.number, reason: cartMessages.notAdded.noLongerMade },
        { partNumber: short.number, reason: cartMessages.aboveStock(1) },
      ],
    });
    const cart = await call(app, byToken(buyer), { method: 'GET', url: '/api/cart' });
    const lines = Object.fromEntries((cart.json() as { lines: Array<{ partId: string; quantity: number }> }).lines.map((line) => [line.partId, line.quantity]));
    expect(lines).toEqual({ [successor.id]: 2, [same.id]: 4 });

    const other = await signUpCustomer(app, 'change-other');
    expectReply(await buyAgain(other, orderId), 404, apiErrors.orderNotFound);
    expectReply(await buyAgain(buyer, 'not-an-order'), 404, apiErrors.orderNotFound);
  });
});

describe('interchange numbers', () => {
  it('stores them in order and replaces the set', async () => {
    const part = await aPart();
    const interchange = [
      { brand: 'Toyota', partNumber: '04465-33450', quantity: 1 },
      { brand: 'Bosch', partNumber: '0 986 494 123', quantity: 2 },
    ];
    expectReply(await patch(part.id, { interchange }), 200);
    // A row that does not say how it names its brand names it by its name (decision 206).
    expect((await read(part.id)).interchange).toEqual(interchange.map((row) => ({ ...row, brandKind: 'label' })));
    expectReply(await patch(part.id, { interchange: [] }), 200);
    expect((await read(part.id)).interchange).toEqual([]);
  });

  it('finds the part by a competitor\'s number as typed off its box, first', async () => {
    const part = await aPart();
    const competitor = `ZX ${Math.floor(Math.random() * 1e8)}-77`;
    expectReply(await patch(part.id, { interchange: [{ brand: 'Rival', partNumber: competitor, quantity: 2 }] }), 200);
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(competitor.replace(/[ -]/g, '').toLowerCase())}` });
    expectReply(response, 200);
    expect((response.json() as { items: Array<{ _id: string }> }).items[0]?._id).toBe(part.id);
  });

  it('keeps a brand given by its Auto Care code as a code, in capitals, and refuses one that is not four letters or digits (decision 206)', async () => {
    const part = await aPart();
    expectReply(await patch(part.id, { interchange: [{ brand: 'rvlx', brandKind: 'code', partNumber: 'RX-1', quantity: 1 }, { brand: 'Rival', brandKind: 'label', partNumber: 'RV-1', quantity: 2 }] }), 200);
    expect((await read(part.id)).interchange).toEqual([
      { brand: 'RVLX', brandKind: 'code', partNumber: 'RX-1', quantity: 1 },
      { brand: 'Rival', brandKind: 'label', partNumber: 'RV-1', quantity: 2 },
    ]);
    const response = await patch(part.id, { interchange: [{ brand: 'Rival', brandKind: 'code', partNumber: 'RV-1', quantity: 1 }] });
    expectReply(response, 400);
    expect(response.body).toContain(partChangeMessages.interchangeBrandCode(1));
    // The database holds it too (migration 0128).
    await expect(app.db.updateTable('part_interchange').set({ brand_kind: 'code' }).where('part_id', '=', part.id).where('brand', '=', 'Rival').execute()).rejects.toThrow(/part_interchange_brand_code/);
  });

  // "Trojan source" (decisions 216, 220): the part's page shows another brand's number to every buyer.
  it.each([
    ['brand', { brand: 'Bosch \u202E1-PB', partNumber: 'BP-1', quantity: 1 }],
    ['number', { brand: 'Bosch', partNumber: '\u2066BP-1\u2069', quantity: 1 }],
  ])('refuses a text-direction control in an interchange row’s %s, naming the row', async (_field, row) => {
    const part = await aPart();
    const response = await patch(part.id, { interchange: [{ brand: 'Rival', partNumber: 'RV-1', quantity: 1 }, row] });
    expectReply(response, 400);
    expect(response.body).toContain(directionControlMessage('Interchange 2'));
    expect((await read(part.id)).interchange).toEqual([]);
  });

  it('refuses a number twice', async () => {
    const part = await aPart();
    const response = await patch(part.id, {
      interchange: [
        { brand: 'Bosch', partNumber: 'BP-1', quantity: 1 },
        { brand: 'Bosch', partNumber: 'bp1', quantity: 1 },
      ],
    });
    expectReply(response, 400);
    expect(response.body).toContain(partChangeMessages.interchangeTwice('Bosch', 'bp1'));
  });
});

describe('kits', () => {
  it('lists its components in order, each says it is in the kit, and ordering the kit (Order now, checkout) leaves their stock', async () => {
    const [kit, pads, rotor] = [await aPart({ available: 10 }), await aPart({ available: 7 }), await aPart({ available: 5 })];
    expectReply(await patch(kit.id, { kit: [{ partNumber: rotor.number, quantity: 2 }, { partNumber: pads.number, quantity: 1 }] }), 200);
    const read1 = await read(kit.id);
    expect(read1.kit?.map(({ partNumber, quantity }) => ({ partNumber, quantity }))).toEqual([
      { partNumber: rotor.number, quantity: 2 },
      { partNumber: pads.number, quantity: 1 },
    ]);
    expect((await read(pads.id)).inKits).toEqual([{ partNumber: kit.number, name: read1.name }]);

    await placeOrder(app, buyer, kit.id, 3);
    expect(await stockOf(app, kit.id)).toBe(7);
    expect(await stockOf(app, pads.id)).toBe(7);
    expect(await stockOf(app, rotor.id)).toBe(5);

    // Through the cart and checkout too: only the kit's own stock moves.
    const buyerId = await userIdOf(app, buyer.email);
    await app.db.deleteFrom('cart_lines').where('user_id', '=', buyerId).execute();
    expectReply(await call(app, byToken(buyer), { method: 'PUT', url: `/api/cart/lines/${kit.id}`, payload: { quantity: 2 } }), 200);
    const order = { addressId: await insertAddress(app, buyerId), shippingMethodId: await insertShippingMethod(app, { name: 'Kit post', baseCents: 500 }) };
    const placed = await postCheckout(app, buyer.cookie, order);
    expect(placed.statusCode, placed.body).toBe(200);
    expect([await stockOf(app, kit.id), await stockOf(app, pads.id), await stockOf(app, rotor.id)]).toEqual([5, 7, 5]);
  });

  it('says a component is "also sold in" a kit only while the kit is sold: not once it is superseded or no longer made (decision 175)', async () => {
    const [kit, later, pads] = [await aPart(), await aPart(), await aPart()];
    expectReply(await patch(kit.id, { kit: [{ partNumber: pads.number, quantity: 2 }] }), 200);
    expect((await read(pads.id)).inKits.map((one) => one.partNumber)).toEqual([kit.number]);
    expectReply(await patch(kit.id, { lifecycle: '8', replacedBy: null }), 200);
    expect((await read(pads.id)).inKits).toEqual([]);
    expectReply(await patch(kit.id, { lifecycle: '7', replacedBy: later.number }), 200);
    expect((await read(pads.id)).inKits).toEqual([]);
    expectReply(await patch(kit.id, { lifecycle: '2', replacedBy: null }), 200);
    expect((await read(pads.id)).inKits.map((one) => one.partNumber)).toEqual([kit.number]);
  });

  it('refuses a missing component, the kit itself, a kit inside a kit and a component becoming a kit', async () => {
    const [kit, other, pads] = [await aPart(), await aPart(), await aPart()];
    expectReply(await patch(kit.id, { kit: [{ partNumber: pads.number, quantity: 1 }] }), 200);
    expectRefused(await patch(other.id, { kit: [{ partNumber: 'NO-SUCH-9999', quantity: 1 }] }), partChangeMessages.componentMissing('NO-SUCH-9999'), 'kit.0');
    expectRefused(await patch(other.id, { kit: [{ partNumber: other.number, quantity: 1 }] }), partChangeMessages.componentSelf, 'kit.0');
    expectRefused(await patch(other.id, { kit: [{ partNumber: kit.number, quantity: 1 }] }), partChangeMessages.componentIsKit(kit.number), 'kit.0');
    // A row other than the first is named by its index: the form says it at that row.
    expectRefused(await patch(other.id, { kit: [{ partNumber: pads.number, quantity: 1 }, { partNumber: kit.number, quantity: 2 }] }), partChangeMessages.componentIsKit(kit.number), 'kit.1');
    expectRefused(await patch(pads.id, { kit: [{ partNumber: other.number, quantity: 1 }] }), partChangeMessages.partIsComponent, 'kit');
    expect((await read(other.id)).kit).toBeNull();
  });
});

describe('an archived part is at the end of no chain and in no kit', () => {
  it('refuses an archived part as a replacement or a kit component, writing nothing', async () => {
    const [old, kit, gone, other] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await archive(gone.id), 200);
    expectRefused(await patch(old.id, { lifecycle: '7', replacedBy: gone.number }), partChangeMessages.replacementArchived(gone.number), 'replacedBy');
    expectRefused(await patch(old.id, { lifecycle: '9', replacedBy: gone.number }), partChangeMessages.replacementArchived(gone.number), 'replacedBy');
    expectRefused(
      await patch(kit.id, { kit: [{ partNumber: other.number, quantity: 1 }, { partNumber: gone.number, quantity: 2 }] }),
      partChangeMessages.componentArchived(gone.number),
      'kit.1',
    );
    expect(await read(old.id)).toMatchObject({ lifecycle: { code: '2' }, replacedBy: null });
    expect((await read(kit.id)).kit).toBeNull();
    // The old part's page is not moved to a page that is not there.
    expect((await app.inject({ method: 'GET', url: `/parts/${encodeURIComponent(old.number)}` })).statusCode).not.toBe(301);
  });

  it('refuses to archive a part that replaces others or is in a kit, naming them, until they change', async () => {
    const [old, older, current, kit, archivedKit] = [await aPart(), await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(old.id, { lifecycle: '7', replacedBy: current.number }), 200);
    expectReply(await patch(older.id, { lifecycle: '8', replacedBy: current.number }), 200);
    expectReply(await patch(kit.id, { kit: [{ partNumber: current.number, quantity: 2 }] }), 200);
    expectReply(await patch(archivedKit.id, { kit: [{ partNumber: current.number, quantity: 1 }] }), 200);
    expectReply(await archive(archivedKit.id), 200);
    expectReply(
      await archive(current.id),
      409,
      partChangeMessages.archivePointedTo([old.number, older.number].sort(), [kit.number, archivedKit.number].sort()),
    );
    expect((await read(current.id)).replaces).toEqual([old.number, older.number].sort());

    // The admin changes those first: then it may go.
    expectReply(await patch(old.id, { lifecycle: '8', replacedBy: null }), 200);
    expectReply(await patch(older.id, { replacedBy: null }), 200);
    expectReply(await patch(kit.id, { kit: [] }), 200);
    expectReply(await archive(current.id), 409, partChangeMessages.archivePointedTo([], [archivedKit.number]));
    expectReply(await patch(archivedKit.id, { kit: [] }), 200);
    expectReply(await archive(current.id), 200);
    expectReply(await app.inject({ method: 'GET', url: `/api/part/${current.id}` }), 404);
  });
});

describe('a part replaced or no longer made is not on sale', () => {
  it('is left out of the home list (GET /api/parts, every page) and of the sitemap, as archived parts are', async () => {
    const [live, superseded, renumbered, discontinued, obsolete, current] = [await aPart(), await aPart(), await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(superseded.id, { lifecycle: '7', replacedBy: current.number }), 200);
    expectReply(await patch(renumbered.id, { lifecycle: '6', replacedBy: current.number }), 200);
    expectReply(await patch(discontinued.id, { lifecycle: '8' }), 200);
    expectReply(await patch(obsolete.id, { lifecycle: '9', replacedBy: current.number }), 200);
    const listed: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await app.inject({ method: 'GET', url: `/api/parts?page=${page}` });
      expectReply(response, 200);
      const parts = response.json() as Array<{ partNumber: string }>;
      if (parts.length === 0) break;
      listed.push(...parts.map((part) => part.partNumber));
    }
    expect(listed).toContain(live.number);
    expect(listed).toContain(current.number);
    for (const gone of [superseded, renumbered, discontinued, obsolete]) expect(listed, gone.number).not.toContain(gone.number);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expectReply(sitemap, 200);
    expect(sitemap.body).toContain(`/parts/${live.number}<`);
    for (const gone of [superseded, renumbered, discontinued, obsolete]) expect(sitemap.body).not.toContain(`/parts/${gone.number}<`);
  });

  it("is left out of the overview's low stock, which lists the parts on sale that need stock", async () => {
    const [live, superseded, obsolete, current] = [await aPart({ available: 0 }), await aPart({ available: 0 }), await aPart({ available: 0 }), await aPart()];
    expectReply(await patch(superseded.id, { lifecycle: '7', replacedBy: current.number }), 200);
    expectReply(await patch(obsolete.id, { lifecycle: '9' }), 200);
    const response = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/overview' });
    expectReply(response, 200);
    const low = (response.json() as AdminOverview).lowStock.map((part) => part._id);
    expect(low).toContain(live.id);
    expect(low).not.toContain(superseded.id);
    expect(low).not.toContain(obsolete.id);
  });
});

describe('a replacement that does not fit every vehicle the part it replaces fits', () => {
  /** A vehicle of its own make (made-up words), for a part to fit. */
  async function aVehicle(make: string, year = 2015, model = 'Warnmodel', submodel = ''): Promise<string> {
    const row = await app.db.insertInto('vehicles').values({ make, model, year, submodel }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  it('is saved, with a warning naming the first five vehicles it does not fit and counting the rest', async () => {
    const [old, current] = [await aPart(), await aPart()];
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const vehicles = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => aVehicle(`Warn${tag}${letter}`)));
    for (const vehicle of vehicles) await listFitment(app.db, old.id, vehicle);
    for (const vehicle of vehicles.slice(0, 2)) await listFitment(app.db, current.id, vehicle);

    const response = await patch(old.id, { lifecycle: '7', replacedBy: current.number });
    expectReply(response, 200);
    expect(response.json()).toEqual({
      acknowledged: true,
      warnings: [
        ...['C', 'D', 'E', 'F', 'G'].map((letter) => partChangeEditorMessages.replacementDoesNotFit(current.number, `2015 Warn${tag}${letter} Warnmodel`, old.number)),
        partChangeEditorMessages.replacementDoesNotFitMore(1),
      ],
    });
    expect((await read(old.id)).lifecycle.code).toBe('7');
    // The example of the audit, word for word.
    expect(partChangeEditorMessages.replacementDoesNotFit('BRK-3002', '2015 BMW 3 Series', 'BRK-3001')).toBe('BRK-3002 does not fit 2015 BMW 3 Series, which BRK-3001 fits');
  });

  it('names a model year the replacement fits in part by the submodels and engines it misses', async () => {
    const [old, current] = [await aPart(), await aPart()];
    const make = `Part${Math.random().toString(36).slice(2, 6)}`;
    const [base, sport, touring] = [await aVehicle(make, 2016, 'Warnmodel', 'Base'), await aVehicle(make, 2016, 'Warnmodel', 'Sport'), await aVehicle(make, 2016, 'Warnmodel', 'Touring')];
    for (const vehicle of [base, sport, touring]) await listFitment(app.db, old.id, vehicle);
    await listFitment(app.db, current.id, base);
    const response = await patch(old.id, { lifecycle: '6', replacedBy: current.number });
    expectReply(response, 200);
    expect((response.json() as { warnings: string[] }).warnings).toEqual([
      partChangeEditorMessages.replacementDoesNotFit(current.number, `2016 ${make} Warnmodel Sport`, old.number),
      partChangeEditorMessages.replacementDoesNotFit(current.number, `2016 ${make} Warnmodel Touring`, old.number),
    ]);
  });

  it('warns of the current part at the end of the chain, and of nothing when it fits them all, for a part no longer made, or for a change that names no replacement', async () => {
    const [old, middle, current, ended, priced] = [await aPart(), await aPart(), await aPart(), await aPart(), await aPart()];
    const vehicle = await aVehicle(`Chain${Math.random().toString(36).slice(2, 6)}`, 2018);
    for (const part of [old, ended, priced]) await listFitment(app.db, part.id, vehicle);
    await listFitment(app.db, middle.id, vehicle);
    expectReply(await patch(middle.id, { lifecycle: '6', replacedBy: current.number }), 200);
    const chained = await patch(old.id, { lifecycle: '6', replacedBy: middle.number });
    expectReply(chained, 200);
    expect((chained.json() as { warnings: string[] }).warnings).toEqual([expect.stringMatching(new RegExp(`^${current.number} does not fit 2018 Chain`))]);

    await listFitment(app.db, current.id, vehicle);
    expect((await patch(old.id, { lifecycle: '7', replacedBy: middle.number })).json()).toEqual({ acknowledged: true, warnings: [] });
    expect((await patch(ended.id, { lifecycle: '8', replacedBy: priced.number })).json()).toEqual({ acknowledged: true, warnings: [] });
    expect((await patch(priced.id, { name: 'Renamed only' })).json()).toEqual({ acknowledged: true, warnings: [] });
  });
});

describe('a replacement that is no longer made (decision 152)', () => {
  it('is saved with a warning, when a part is superseded by it, and when the part replacing others stops being made', async () => {
    const [old, ended, older, current] = [await aPart(), await aPart(), await aPart(), await aPart()];
    expectReply(await patch(ended.id, { lifecycle: '8' }), 200);
    const superseded = await patch(old.id, { lifecycle: '7', replacedBy: ended.number });
    expectReply(superseded, 200);
    expect((superseded.json() as { warnings: string[] }).warnings).toEqual([partChangeEditorMessages.replacementNoLongerMade(ended.number, old.number)]);

    // Through a chain: the old number's buyers are sent to its end.
    expectReply(await patch(older.id, { lifecycle: '6', replacedBy: current.number }), 200);
    const discontinued = await patch(current.id, { lifecycle: '9' });
    expectReply(discontinued, 200);
    expect((discontinued.json() as { warnings: string[] }).warnings).toEqual([partChangeEditorMessages.replacesNoLongerMade([older.number])]);
    expect(partChangeEditorMessages.replacesNoLongerMade(['BRK-3006'])).toBe(
      'BRK-3006 is replaced by this part, which is no longer made: its buyers cannot order it now. Give that part a replacement on sale.',
    );
  });
});
