import { apiErrors, CART_MAX_LINES, cartLineSetMessages, cartMessages, QUICK_ORDER_MAX_CHARS, type Cart, type QuickOrderReply } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let alice: Customer;
let bob: Customer;
let carol: Customer;
let dave: Customer;
let erin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob, carol, dave, erin] = await Promise.all([
    signUpCustomer(app, 'cart-alice'),
    signUpCustomer(app, 'cart-bob'),
    signUpCustomer(app, 'cart-carol'),
    signUpCustomer(app, 'cart-dave'),
    signUpCustomer(app, 'cart-erin'),
  ]);
});

afterAll(async () => {
  await app?.close();
});

let serial = 0;

/** A part of the test's own, with its number, OEM numbers and price breaks (cents). */
async function part(
  fields: { cents?: number; available?: number; minimum?: number; oem?: string[]; breaks?: Array<[number, number]>; archived?: boolean } = {},
) {
  serial += 1;
  const partNumber = `CRT-${process.pid % 1000}-${serial}`;
  const { id } = await app.db
    .insertInto('parts')
    .values({
      name: `Cart test part ${serial}`,
      description: 'A part made for a cart test.',
      img: '/images/parts/test-part.png',
      price_cents: fields.cents ?? 1000,
      available_quantity: fields.available ?? 100,
      min_order_quantity: fields.minimum ?? 1,
      archived_at: fields.archived ? new Date() : null,
      part_number: partNumber,
      oem_numbers: fields.oem ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fields.breaks?.length) {
    await app.db
      .insertInto('part_price_breaks')
      .values(fields.breaks.map(([min, cents]) => ({ part_id: id, min_quantity: min, unit_price_cents: cents })))
      .execute();
  }
  return { id, partNumber };
}

const getCart = (who: Credential) => call(app, who, { method: 'GET', url: '/api/cart' });
const put = (who: Credential, partId: string, quantity: unknown) =>
  call(app, who, { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity } });
const remove = (who: Credential, partId: string) => call(app, who, { method: 'DELETE', url: `/api/cart/lines/${partId}` });
const merge = (who: Credential, lines: unknown) => call(app, who, { method: 'POST', url: '/api/cart/merge', payload: { lines } });
const quick = (who: Credential, text: string) => call(app, who, { method: 'POST', url: '/api/cart/quick-order', payload: { text } });

async function cartOf(who: Credential): Promise<Cart> {
  const response = await getCart(who);
  expectReply(response, 200);
  return response.json();
}

async function empty(who: Customer) {
  await app.db.deleteFrom('cart_lines').where('user_id', '=', (await userId(who)) ?? '').execute();
}

async function userId(who: Customer) {
  return (await app.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirst())?.id;
}

describe('GET /api/cart', () => {
  it('answers 401 to a visitor on every cart route, and is empty at first', async () => {
    const { id } = await part();
    expectReply(await getCart(anonymous), 401);
    expectReply(await put(anonymous, id, 1), 401);
    expectReply(await remove(anonymous, id), 401);
    expectReply(await merge(anonymous, [{ partId: id, quantity: 1 }]), 401);
    expectReply(await quick(anonymous, `X 1`), 401);

    expect(await cartOf(byToken(erin))).toEqual({ lines: [], subtotal: 0, count: 0 });
  });
});

describe('PUT/DELETE /api/cart/lines/{partId}', () => {
  it('sets a line, prices it by its price break on the server, and answers the cart', async () => {
    const { id, partNumber } = await part({ cents: 1000, available: 80, breaks: [[10, 850], [50, 790]] });

    const response = await put(byCookie(alice), id, 12);

    expectReply(response, 200);
    const cart = response.json() as Cart;
    expect(cart).toEqual({
      lines: [
        {
          kind: 'part',
          partId: id,
          partNumber,
          name: expect.stringContaining('Cart test part') as string,
          img: '/images/parts/test-part.png',
          quantity: 12,
          unitPrice: 8.5,
          lineTotal: 102,
          minOrderQuantity: 1,
          availableQuantity: 80,
          problem: null,
          replaced: null,
        },
      ],
      subtotal: 102,
      count: 12,
    });
    expect(await cartOf(byToken(alice))).toEqual(cart);

    const deeper = (await put(byToken(alice), id, 50)).json() as Cart;
    expect(deeper.lines[0]).toMatchObject({ quantity: 50, unitPrice: 7.9, lineTotal: 395 });
    const list = (await put(byToken(alice), id, 9)).json() as Cart;
    expect(list.lines[0]).toMatchObject({ quantity: 9, unitPrice: 10, lineTotal: 90 });
  });

  it('adds up several lines to the cent, counts units, and is the same after the same PUT twice', async () => {
    await empty(bob);
    const a = await part({ cents: 333 });
    const b = await part({ cents: 1999, breaks: [[3, 1850]] });
    expectReply(await put(byToken(bob), a.id, 3), 200);
    expectReply(await put(byToken(bob), b.id, 3), 200);
    const once = await cartOf(byToken(bob));
    expectReply(await put(byToken(bob), b.id, 3), 200);

    expect(await cartOf(byToken(bob))).toEqual(once);
    expect(once.subtotal).toBe(65.49);
    expect(once.count).toBe(6);
    expect(once.lines.map((line) => line.partId)).toEqual([a.id, b.id]);
  });

  it('removes a line with quantity 0 and with DELETE, twice as well as once', async () => {
    await empty(bob);
    const a = await part();
    const b = await part();
    await put(byToken(bob), a.id, 2);
    await put(byToken(bob), b.id, 2);

    expect(((await put(byToken(bob), a.id, 0)).json() as Cart).lines.map((line) => line.partId)).toEqual([b.id]);
    const removed = await remove(byCookie(bob), b.id);
    expectReply(removed, 200);
    expect(removed.json()).toEqual({ lines: [], subtotal: 0, count: 0 });
    expectReply(await remove(byCookie(bob), b.id), 200);
    expectReply(await put(byToken(bob), a.id, 0), 200);
  });

  it('refuses a quantity below the minimum or above the stock, naming them, and keeps the cart', async () => {
    await empty(bob);
    const { id } = await part({ available: 3, minimum: 2 });
    expectReply(await put(byToken(bob), id, 2), 200);

    expectReply(await put(byToken(bob), id, 1), 400, cartMessages.belowMinimum(2));
    expect(cartMessages.belowMinimum(4)).toBe('The minimum order for this part is 4');
    expectReply(await put(byToken(bob), id, 4), 400, cartMessages.aboveStock(3));
    expect(cartMessages.aboveStock(3)).toBe('Only 3 in stock');

    expect((await cartOf(byToken(bob))).lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('refuses archived, sold-out and unknown parts and quantities that are no whole number', async () => {
    const archived = await part({ archived: true });
    const soldOut = await part({ available: 0 });
    const fine = await part();

    // In words for adding a part or changing its line, not the cart line's "Remove it to check out".
    expectReply(await put(byToken(bob), archived.id, 1), 409, cartLineSetMessages.archived);
    expectReply(await put(byToken(bob), soldOut.id, 1), 409, cartLineSetMessages.soldOut);
    expect(cartLineSetMessages.soldOut).toBe('This part is sold out, so it cannot be added to the cart or its quantity changed.');
    expectReply(await put(byToken(bob), '00000000-0000-4000-8000-000000000000', 1), 404, cartMessages.partNotFound);
    expectReply(await put(byToken(bob), 'brake-pads', 1), 404, cartMessages.partNotFound);
    expectInvalid(await put(byToken(bob), fine.id, 1.5), cartMessages.quantityWhole);
    expectInvalid(await put(byToken(bob), fine.id, -1), cartMessages.quantityWhole);
    expectInvalid(await put(byToken(bob), fine.id, '2'), cartMessages.quantityWhole);
    expectInvalid(await put(byToken(bob), fine.id, 2_000_000), cartMessages.quantityTooLarge);
  });

  it('says on each line what blocks checkout once its part is archived, sold out or short of stock', async () => {
    await empty(carol);
    const archived = await part();
    const soldOut = await part();
    const short = await part({ available: 10 });
    const raised = await part({ minimum: 1 });
    for (const { id } of [archived, soldOut, short, raised]) expectReply(await put(byToken(carol), id, 5), 200);

    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
    await app.db.updateTable('parts').set({ available_quantity: 0 }).where('id', '=', soldOut.id).execute();
    await app.db.updateTable('parts').set({ available_quantity: 3 }).where('id', '=', short.id).execute();
    await app.db.updateTable('parts').set({ min_order_quantity: 8 }).where('id', '=', raised.id).execute();

    const problems = Object.fromEntries((await cartOf(byToken(carol))).lines.map((line) => [line.partId, line.problem]));
    expect(problems).toEqual({
      [archived.id]: cartMessages.archived,
      [soldOut.id]: cartMessages.soldOut,
      [short.id]: 'Only 3 in stock',
      [raised.id]: 'The minimum order for this part is 8',
    });
    // The line says to remove it; setting its quantity says why that cannot be, without asking for a removal.
    expectReply(await put(byToken(carol), soldOut.id, 2), 409, cartLineSetMessages.soldOut);
    expectReply(await put(byToken(carol), archived.id, 2), 409, cartLineSetMessages.archived);
  });

  it('is each customer’s own', async () => {
    const { id } = await part();
    await put(byToken(dave), id, 7);

    expect((await cartOf(byToken(erin))).lines.map((line) => line.partId)).not.toContain(id);
    expect((await cartOf(byToken(dave))).lines.find((line) => line.partId === id)?.quantity).toBe(7);
  });

  it('refuses a write with the session cookie from a foreign origin', async () => {
    const { id } = await part();
    const response = await app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${id}`,
      headers: { cookie: dave.cookie, origin: 'https://evil.example' },
      payload: { quantity: 1 },
    });
    expectReply(response, 403, apiErrors.crossOrigin);
    expect((await cartOf(byToken(dave))).lines.map((line) => line.partId)).not.toContain(id);
  });
});

describe('the 100-line limit', () => {
  it('refuses a 101st part, on PUT, merge and quick order, and still changes the lines there', async () => {
    await empty(erin);
    const parts = await Promise.all(Array.from({ length: CART_MAX_LINES + 1 }, () => part()));
    const uid = (await userId(erin)) ?? '';
    await app.db
      .insertInto('cart_lines')
      .values(parts.slice(0, CART_MAX_LINES).map((one) => ({ user_id: uid, part_id: one.id, quantity: 1 })))
      .execute();
    const extra = parts[CART_MAX_LINES];
    if (!extra) throw new Error('no extra part');

    expectReply(await put(byToken(erin), extra.id, 1), 409, cartMessages.tooManyLines);
    const merged = (await merge(byToken(erin), [{ partId: extra.id, quantity: 1 }, { partId: parts[0]?.id, quantity: 2 }])).json() as Cart;
    expect(merged.lines).toHaveLength(CART_MAX_LINES);
    expect(merged.lines.find((line) => line.partId === parts[0]?.id)?.quantity).toBe(3);
    const quickly = (await quick(byToken(erin), `${extra.partNumber} 1\n${parts[1]?.partNumber} 1`)).json() as QuickOrderReply;
    expect(quickly.problems).toEqual([{ line: 1, text: `${extra.partNumber} 1`, message: cartMessages.tooManyLines }]);
    expect(quickly.added).toBe(1);
    expect(quickly.cart.lines).toHaveLength(CART_MAX_LINES);
    expectReply(await put(byToken(erin), parts[2]?.id ?? '', 4), 200);
  });
});

describe('two writes at once', () => {
  it('are counted one after the other: one of two new parts fits the 100th line, and quantities both add', async () => {
    await empty(erin);
    const parts = await Promise.all(Array.from({ length: CART_MAX_LINES + 1 }, () => part()));
    const uid = (await userId(erin)) ?? '';
    await app.db
      .insertInto('cart_lines')
      .values(parts.slice(0, CART_MAX_LINES - 1).map((one) => ({ user_id: uid, part_id: one.id, quantity: 1 })))
      .execute();
    const [a, b] = parts.slice(CART_MAX_LINES - 1);
    if (!a || !b) throw new Error('no parts');

    const statuses = (await Promise.all([put(byToken(erin), a.id, 1), put(byCookie(erin), b.id, 1)])).map((reply) => reply.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await cartOf(byToken(erin))).lines).toHaveLength(CART_MAX_LINES);

    const first = parts[0];
    if (!first) throw new Error('no part');
    await Promise.all([quick(byToken(erin), `${first.partNumber} 2`), quick(byCookie(erin), `${first.partNumber} 3`)]);
    expect((await cartOf(byToken(erin))).lines.find((line) => line.partId === first.id)?.quantity).toBe(6);
  });
});

describe('POST /api/cart/merge', () => {
  it('adds a visitor’s quantities to the lines there, capped by stock, and skips unknown, archived and sold-out parts', async () => {
    await empty(carol);
    const had = await part({ available: 10 });
    const fresh = await part({ available: 50 });
    const capped = await part({ available: 4 });
    const archived = await part({ archived: true });
    const soldOut = await part({ available: 0 });
    await put(byToken(carol), had.id, 6);

    const response = await merge(byCookie(carol), [
      { partId: had.id, quantity: 3 },
      { partId: fresh.id, quantity: 2 },
      { partId: fresh.id, quantity: 1 },
      { partId: capped.id, quantity: 9 },
      { partId: archived.id, quantity: 1 },
      { partId: soldOut.id, quantity: 1 },
      { partId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ]);

    expectReply(response, 200);
    const quantities = Object.fromEntries((response.json() as Cart).lines.map((line) => [line.partId, line.quantity]));
    expect(quantities).toEqual({ [had.id]: 9, [fresh.id]: 3, [capped.id]: 4 });

    const again = (await merge(byCookie(carol), [{ partId: had.id, quantity: 5 }])).json() as Cart;
    expect(again.lines.find((line) => line.partId === had.id)?.quantity).toBe(10);
  });

  it('refuses more than 100 lines and ids that are no part id, naming the field', async () => {
    const { id } = await part();
    expectInvalid(await merge(byToken(carol), Array.from({ length: CART_MAX_LINES + 1 }, () => ({ partId: id, quantity: 1 }))), cartMessages.mergeTooManyLines);
    expectInvalid(await merge(byToken(carol), [{ partId: 'x', quantity: 1 }]), cartMessages.badPartId);
    expectInvalid(await merge(byToken(carol), [{ partId: id, quantity: 0 }]), cartMessages.badQuantity);
  });
});

describe('POST /api/cart/preview', () => {
  it('prices a visitor’s cart as an account’s, keeps nothing, and leaves unknown parts out', async () => {
    const { id } = await part({ cents: 1000, available: 2, breaks: [[2, 900]] });

    const response = await call(app, anonymous, {
      method: 'POST',
      url: '/api/cart/preview',
      payload: { lines: [{ partId: id, quantity: 3 }, { partId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
    });

    expectReply(response, 200);
    const cart = response.json() as Cart;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ partId: id, quantity: 3, unitPrice: 9, lineTotal: 27, problem: 'Only 2 in stock' });
    expect(cart).toMatchObject({ subtotal: 27, count: 3 });
    expect(await app.db.selectFrom('cart_lines').select('user_id').where('part_id', '=', id).execute()).toEqual([]);
  });
});

describe('POST /api/cart/quick-order', () => {
  it('adds known lines by part or OEM number as typed and reports every other line with its number and why', async () => {
    await empty(dave);
    const oem = `77${process.pid % 1000}-5 0`;
    const pads = await part({ oem: [oem], available: 40 });
    const rotor = await part({ available: 20, minimum: 2 });
    const few = await part({ available: 3 });
    const min = await part({ minimum: 4 });
    const gone = await part({ archived: true });
    await put(byToken(dave), rotor.id, 2);
    const text = [
      'Part number,Quantity',
      `${pads.partNumber.toLowerCase()}\t2`,
      '',
      `${oem.replace(/[- ]/g, '')};3`,
      `${rotor.partNumber.replaceAll('-', ' ')}, 4`,
      'NOPE-404 1',
      `${few.partNumber} 5`,
      `${min.partNumber} 1`,
      `${gone.partNumber} 1`,
      `${pads.partNumber} x`,
      `${pads.partNumber}`,
      '  ',
      `"${pads.partNumber}","1"`,
    ].join('\n');

    const response = await quick(byCookie(dave), text);

    expectReply(response, 200);
    const reply = response.json() as QuickOrderReply;
    expect(reply.problems).toEqual([
      { line: 6, text: 'NOPE-404 1', message: cartMessages.unknownNumber('NOPE-404') },
      { line: 7, text: `${few.partNumber} 5`, message: 'Only 3 in stock' },
      { line: 8, text: `${min.partNumber} 1`, message: 'The minimum order for this part is 4' },
      { line: 9, text: `${gone.partNumber} 1`, message: cartMessages.notAdded.archived },
      { line: 10, text: `${pads.partNumber} x`, message: cartMessages.badQuantity },
      { line: 11, text: pads.partNumber, message: cartMessages.missingQuantity },
    ]);
    expect(reply.added).toBe(4);
    const quantities = Object.fromEntries(reply.cart.lines.map((line) => [line.partId, line.quantity]));
    expect(quantities).toEqual({ [pads.id]: 6, [rotor.id]: 6 });
    expect(await cartOf(byToken(dave))).toEqual(reply.cart);
  });

  it('reports an OEM number of several parts, and prefers a part number to another part’s OEM number', async () => {
    const first = await part({ oem: ['SHARED-9'] });
    const second = await part({ oem: ['SHARED 9'] });
    const own = await part();
    await part({ oem: [own.partNumber] });

    const reply = (await quick(byToken(dave), `shared9 1\n${own.partNumber} 1`)).json() as QuickOrderReply;

    expect(reply.problems).toEqual([
      { line: 1, text: 'shared9 1', message: cartMessages.ambiguousNumber('shared9', [first.partNumber, second.partNumber].sort()) },
    ]);
    expect(reply.cart.lines.find((line) => line.partId === own.id)?.quantity).toBeGreaterThanOrEqual(1);
  });

  it('refuses more than 200 lines, too much text and nothing at all, naming why', async () => {
    const { partNumber } = await part();
    expectReply(await quick(byToken(dave), Array.from({ length: 201 }, () => `${partNumber} 1`).join('\n')), 400, cartMessages.quickOrderTooManyLines);
    expectInvalid(await quick(byToken(dave), 'x'.repeat(QUICK_ORDER_MAX_CHARS + 1)), cartMessages.quickOrderTooLong);
    expectReply(await quick(byToken(dave), '\n  \n'), 400, cartMessages.quickOrderEmpty);
  });

  it('takes 200 lines in one go', async () => {
    await empty(bob);
    const { id, partNumber } = await part({ available: 1000 });
    const reply = (await quick(byToken(bob), Array.from({ length: 200 }, () => `${partNumber} 2`).join('\r\n'))).json() as QuickOrderReply;
    expect(reply.problems).toEqual([]);
    expect(reply.added).toBe(200);
    expect(reply.cart.lines).toEqual([expect.objectContaining({ partId: id, quantity: 400 })]);
  });
});

describe('/api/docs', () => {
  it('lists the cart routes', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, object> };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/cart', '/cart/lines/{partId}', '/cart/merge', '/cart/quick-order', '/cart/preview']),
    );
  });
});

describe('rate limits', () => {
  it('counts quick orders per account: the 61st in an hour is refused, another account is not', async () => {
    const limited = await createTestApp({ realLimits: true });
    try {
      const [first, second] = await Promise.all([signUpCustomer(limited, 'cart-limit-1'), signUpCustomer(limited, 'cart-limit-2')]);
      const send = (who: Customer) => call(limited, byToken(who), { method: 'POST', url: '/api/cart/quick-order', payload: { text: 'NOPE 1' } });
      for (let attempt = 0; attempt < 60; attempt += 1) expectReply(await send(first), 200);

      const refused = await send(first);

      expectReply(refused, 429);
      expect((refused.json() as { message: string }).message).toMatch(/^Too many requests/);
      expectReply(await send(second), 200);
    } finally {
      await limited.close();
    }
  });
});
