import { type AdminCatalogue } from '@autoparts/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { insertPart, signUpAdmin, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only (decision 112): two admins, on two instances, save one part's
// catalogue page from the same load at the same moment. One save lands; the other is a 409 naming
// the field, never a silent overwrite of the first (the row is locked before the look and the write).
const shops = twoInstances({}, { bareSecond: true });
let one: Customer;
let two: Customer;

beforeAll(async () => {
  [one, two] = await Promise.all([signUpAdmin(shops.first, 'race-catalogue-one'), signUpAdmin(shops.first, 'race-catalogue-two')]);
}, 180_000);

const load = async (id: string) => (await call(shops.first, byToken(one), { method: 'GET', url: `/api/admin/part/${id}/catalogue` })).json() as AdminCatalogue;

describe('two admins save one part at once', () => {
  it('lands one interchange list and refuses the other, whichever comes first', async () => {
    const zimmermann = { brand: 'Zimmermann', brandKind: 'label', partNumber: '150.3405.20', quantity: 1 };
    const bosch = { brand: 'Bosch', brandKind: 'label', partNumber: '0 986 479 B94', quantity: 1 };
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const id = await insertPart(shops.first);
      expectReply(await call(shops.first, byToken(one), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { interchange: [zimmermann], expected: { interchange: [] } } }), 200);
      const loaded = (await load(id)).changes.interchange;
      // Admin one adds Bosch; admin two, from the same load, removes Zimmermann.
      const [added, removed] = await Promise.all([
        call(shops.first, byToken(one), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { interchange: [zimmermann, bosch], expected: { interchange: loaded } } }),
        call(shops.second, byToken(two), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { interchange: [], expected: { interchange: loaded } } }),
      ]);
      expect([added.statusCode, removed.statusCode].sort()).toEqual([200, 409]);
      const stored = (await load(id)).changes.interchange;
      expect({ round, stored }).toEqual({ round, stored: added.statusCode === 200 ? [zimmermann, bosch] : [] });
      expect((added.statusCode === 409 ? added : removed).json()).toMatchObject({ field: 'interchange' });
      outcomes.push(added.statusCode === 200 ? 'added' : 'removed');
    }
    expect(outcomes).toHaveLength(6);
  }, 120_000);

  it('lands one Details save and refuses the other', async () => {
    for (let round = 0; round < 6; round += 1) {
      const id = await insertPart(shops.first);
      const { category, partNumber, oemNumbers, specs } = await load(id);
      const expected = { category, partNumber, oemNumbers, specs };
      const [oem, spec] = await Promise.all([
        call(shops.first, byToken(one), { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { ...expected, oemNumbers: ['0 986 494 123'], expected } }),
        call(shops.second, byToken(two), { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { ...expected, specs: [{ name: 'Diameter', value: '300 mm' }], expected } }),
      ]);
      expect([oem.statusCode, spec.statusCode].sort()).toEqual([200, 409]);
      const now = await load(id);
      expect({ round, oemNumbers: now.oemNumbers, specs: now.specs }).toEqual(
        oem.statusCode === 200 ? { round, oemNumbers: ['0 986 494 123'], specs: [] } : { round, oemNumbers: [], specs: [{ name: 'Diameter', value: '300 mm' }] },
      );
    }
  }, 120_000);
});
