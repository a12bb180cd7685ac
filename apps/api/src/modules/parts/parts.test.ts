import { apiErrors, type Part } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

async function listParts(): Promise<Part[]> {
  const response = await app.inject({ method: 'GET', url: '/api/parts' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/parts', () => {
  it('lists the demo catalogue with exactly the fields of SPEC §3 and the part number (its public page)', async () => {
    const parts = await listParts();

    expect(parts.length).toBeGreaterThanOrEqual(12);
    for (const part of parts) {
      expect(Object.keys(part).sort()).toEqual(
        ['_id', 'availableQuantity', 'description', 'img', 'minOrderQuantity', 'name', 'price', 'partNumber'].sort(),
      );
      expect(part).toEqual({
        _id: expect.any(String),
        name: expect.stringMatching(/\S/),
        description: expect.stringMatching(/\S/),
        img: expect.any(String),
        price: expect.any(Number),
        availableQuantity: expect.any(Number),
        minOrderQuantity: expect.any(Number),
        partNumber: expect.any(String),
      });
      expect(Number.isInteger(part.availableQuantity)).toBe(true);
      expect(part.minOrderQuantity).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(parts.map((part) => part._id)).size).toBe(parts.length);
  });

  it('points every image at a file shipped with the shop, never another site', async () => {
    for (const { img } of await listParts()) {
      expect(img).toMatch(/^\/images\/[\w\-/]+\.(svg|png|jpe?g|webp)$/);
      expect(img).not.toMatch(/\/\/|https?:/);
    }
  });

  it('sends the stored cents as dollars', async () => {
    const parts = await listParts();
    const rows = await app.db.selectFrom('parts').select(['id', 'price_cents']).execute();
    const centsById = new Map(rows.map((row) => [row.id, row.price_cents]));

    for (const part of parts) {
      const cents = centsById.get(part._id);
      expect(cents).toBeDefined();
      expect(part.price).toBe((cents ?? Number.NaN) / 100);
      // At most two decimals on the wire (DESIGN §5).
      expect(Math.round(part.price * 100) / 100).toBe(part.price);
    }
    // Guards the conversion itself: the seed has prices such as $49.99, not only round dollars.
    expect(parts.some((part) => !Number.isInteger(part.price))).toBe(true);
  });

  it('leaves archived parts out', async () => {
    const [first] = await listParts();
    if (!first) throw new Error('no parts');
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', first._id).execute();
    try {
      const ids = (await listParts()).map((part) => part._id);
      expect(ids).not.toContain(first._id);
      const response = await app.inject({ method: 'GET', url: `/api/part/${first._id}` });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.db.updateTable('parts').set({ archived_at: null }).where('id', '=', first._id).execute();
    }
  });
});

describe('GET /api/part/{id}', () => {
  it('answers the part of a real id', async () => {
    const parts = await listParts();
    const part = parts[3];
    if (!part) throw new Error('no parts');

    const response = await app.inject({ method: 'GET', url: `/api/part/${part._id}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // SPEC's fields as listed, and the catalogue's (search.test.ts checks their values).
    expect(response.json()).toEqual({
      ...part,
      category: { slug: expect.any(String), name: expect.any(String) },
      partNumber: expect.any(String),
      oemNumbers: expect.any(Array),
      specs: expect.any(Array),
      weightKg: expect.any(Number),
      priceBreaks: expect.any(Array),
      applications: expect.any(Array),
      coreDeposit: null,
      // The demo's parts carry the 12-month warranty the home page promises (decision 066).
      warrantyMonths: 12,
      lifecycle: { code: '2', label: 'Available to order' },
      replacedBy: null,
      replaces: [],
      interchange: [],
      kit: null,
      inKits: [],
      formerNumbers: [],
      // PIES fields (issue 29): a demo part has no GTIN nor package size; its name and description are its DES and MKT.
      gtin: null,
      package: { weightGrams: expect.any(Number), lengthMm: null, widthMm: null, heightMm: null },
      descriptions: [
        { code: 'DES', text: part.name },
        { code: 'MKT', text: part.description },
      ],
    });
  });

  it('answers 404 with a message for a well-formed id that names no part', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/part/00000000-0000-4000-8000-000000000000',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: apiErrors.partNotFound });
  });

  // The original crashed on malformed ids (DESIGN §7): each of these must be a plain 404.
  // The very long one is turned away by the router before the route runs, hence any message.
  it.each([
    ['a word', 'abc'],
    ['SQL injection', "1' or '1'='1"],
    ['a very long string', 'a'.repeat(5_000)],
    ['an uppercase uuid with junk', '00000000-0000-4000-8000-000000000000x'],
    ['a 24-hex Mongo id', '62a1f0c2b7e4a9d3c1e5f7a8'],
  ])('answers 404, never 500, for %s', async (_label, id) => {
    const response = await app.inject({ method: 'GET', url: `/api/part/${encodeURIComponent(id)}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 400 with a message, never 500, for a NUL byte or a lone surrogate', async () => {
    for (const id of ['\u0000', 'ab\u0000cd', '%ED%A0%80']) {
      const response = await app.inject({ method: 'GET', url: `/api/part/${id.startsWith('%') ? id : encodeURIComponent(id)}` });
      expect(response.statusCode, id).toBeLessThan(500);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers a 4xx JSON message, not a 500, for a broken percent-escape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/part/%E0%A4%A' });

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
