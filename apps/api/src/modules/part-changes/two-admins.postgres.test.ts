import { partChangeMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { insertPart, signUpAdmin, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only (decision 152): two admins, on two instances, each name the
// other's part at the same moment, as a replacement or a kit component. One change lands; the
// other is refused by the rule it would break (a circle, a kit in a kit), never a 500 from a
// deadlock and never both, which would leave the circle or the two-level kit the rules forbid.
const shops = twoInstances({}, { bareSecond: true });
let one: Customer;
let two: Customer;

beforeAll(async () => {
  [one, two] = await Promise.all([signUpAdmin(shops.first, 'race-changes-one'), signUpAdmin(shops.first, 'race-changes-two')]);
}, 180_000);

async function aPart(): Promise<{ id: string; number: string }> {
  const id = await insertPart(shops.first);
  const row = await shops.first.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number: row.part_number };
}

const supersede = (app: FastifyInstance, admin: Customer, id: string, by: string) =>
  call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { lifecycle: '7', replacedBy: by, expected: { lifecycle: '2', replacedBy: null } } });
const makeKit = (app: FastifyInstance, admin: Customer, id: string, component: string) =>
  call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { kit: [{ partNumber: component, quantity: 1 }], expected: { kit: [] } } });

describe('two admins name each other’s part at once', () => {
  it('supersede A by B and B by A: one lands, the other is the circle, never both and never a 500', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = [await aPart(), await aPart()];
      const replies = await Promise.all([supersede(shops.first, one, a.id, b.number), supersede(shops.second, two, b.id, a.number)]);
      expect({ round, statuses: replies.map((reply) => reply.statusCode).sort() }).toEqual({ round, statuses: [200, 400] });
      const refused = replies.find((reply) => reply.statusCode === 400);
      expect(refused?.json()).toEqual({ message: expect.stringContaining('That replacement would go round in a circle') as unknown, field: 'replacedBy' });
      const rows = await shops.first.db.selectFrom('parts').select(['id', 'replaced_by']).where('id', 'in', [a.id, b.id]).execute();
      expect(rows.filter((row) => row.replaced_by !== null)).toHaveLength(1);
    }
  }, 120_000);

  it('supersede A by B and C by D, with B → C and D → A already: one lands, the other is the circle the two would close (decision 175)', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b, c, d] = [await aPart(), await aPart(), await aPart(), await aPart()];
      expectReply(await supersede(shops.first, one, b.id, c.number), 200);
      expectReply(await supersede(shops.first, one, d.id, a.number), 200);
      // Neither change names a part the other names: their row locks never meet.
      const replies = await Promise.all([supersede(shops.first, one, a.id, b.number), supersede(shops.second, two, c.id, d.number)]);
      expect({ round, statuses: replies.map((reply) => reply.statusCode).sort() }).toEqual({ round, statuses: [200, 400] });
      expect(replies.find((reply) => reply.statusCode === 400)?.json()).toEqual({ message: expect.stringContaining('That replacement would go round in a circle') as unknown, field: 'replacedBy' });
    }
  }, 120_000);

  it('make X a kit of Y and Y a kit of Z: one lands, the other says why, never a kit in a kit', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [x, y, z] = [await aPart(), await aPart(), await aPart()];
      const replies = await Promise.all([makeKit(shops.first, one, x.id, y.number), makeKit(shops.second, two, y.id, z.number)]);
      expect({ round, statuses: replies.map((reply) => reply.statusCode).sort() }).toEqual({ round, statuses: [200, 400] });
      const [ofX, ofY] = replies;
      if (ofX?.statusCode === 400) expect(ofX.json()).toEqual({ message: partChangeMessages.componentIsKit(y.number), field: 'kit.0' });
      else expect(ofY?.json()).toEqual({ message: partChangeMessages.partIsComponent, field: 'kit' });
    }
  }, 120_000);

  it('make X a kit of Y and Y a kit of X: one lands, never a 500', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [x, y] = [await aPart(), await aPart()];
      const replies = await Promise.all([makeKit(shops.first, one, x.id, y.number), makeKit(shops.second, two, y.id, x.number)]);
      expect({ round, statuses: replies.map((reply) => reply.statusCode).sort() }).toEqual({ round, statuses: [200, 400] });
      expectReply(replies.find((reply) => reply.statusCode === 200) ?? replies[0]!, 200);
    }
  }, 120_000);
});
