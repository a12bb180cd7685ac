import { describe, expect, it } from 'vitest';
import { twoInstances } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { insertPart } from '../../test/orders';

// Runs in the PostgreSQL pass only (decision 115): a part number is one part's, current or former
// (decision 112), also when two instances write it at the same moment. Instance two corrects a
// part's number X away (X becomes its former number, as the catalogue page's Details does) while
// instance one adds a new part under X (as a catalogue import or Add a Product does). The new part
// waits on the unique index for the correction; it must then be refused, not land beside the
// former number (it did while the triggers of migration 0054 looked before that wait).
const shops = twoInstances({}, { bareSecond: true });

describe('a number corrected away while another instance adds a part under it', () => {
  it('refuses the new part (23505), so the number is not both a current and a former one', async () => {
    const id = await insertPart(shops.second);
    const number = `RACE-${Date.now().toString(36).toUpperCase()}`;
    await shops.second.db.updateTable('parts').set({ part_number: number }).where('id', '=', id).execute();

    let added: Promise<unknown> | undefined;
    await shops.second.db.transaction().execute(async (trx) => {
      // The correction, as admin-repository's update writes it.
      await trx.updateTable('parts').set({ part_number: `${number}X` }).where('id', '=', id).execute();
      added = shops.first.db
        .insertInto('parts')
        .values({ name: 'Raced part', description: 'Added under a number being corrected away.', img: '/images/parts/test-part.png', price_cents: 100, available_quantity: 0, part_number: number })
        .execute();
      added.catch(() => undefined);
      await someoneWaits(shops.second, { query: 'insert into "parts"' });
      await trx.insertInto('part_former_numbers').values({ part_number: number, part_id: id }).execute();
    });

    await expect(added).rejects.toMatchObject({ code: '23505' });
    const holders = await shops.first.db.selectFrom('parts').select('id').where('part_number', '=', number).execute();
    const former = await shops.first.db.selectFrom('part_former_numbers').select('part_id').where('part_number', '=', number).execute();
    expect({ holders, former }).toEqual({ holders: [], former: [{ part_id: id }] });
  }, 60_000);
});
