import { certificateMessages, type AdminCertificate, type CompanyLocation } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { byToken, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, signUpCustomer } from '../../test/orders';

// Runs in the PostgreSQL pass only (decision 105): an admin verifies the upload they saw while its
// owner uploads another, on two instances. Whichever comes first, the new upload is never left
// verified: the verify is refused (409, it names a version gone), or it lands first and the
// re-upload resets it. The audit row of a verify names the number the admin saw.
const shops = twoInstances({}, { bareSecond: true });

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('a verify and a re-upload at once', () => {
  it('never leaves the re-upload verified, however the two meet', async () => {
    const [admin, owner] = await Promise.all([signUpAdmin(shops.first, 'race-cert-admin'), signUpCustomer(shops.first, 'race-cert-owner')]);
    // Only a confirmed address is made owner at once (decision 144).
    await confirmAddress(shops.first, owner.email);
    expectReply(await call(shops.first, byToken(admin), { method: 'POST', url: '/api/admin/companies', payload: { name: 'Race Certs', ownerEmail: owner.email } }), 200);
    const added = await call(shops.first, byToken(owner), {
      method: 'POST',
      url: '/api/company/locations',
      payload: { name: 'Race depot', line1: '1 Race Road', city: 'Chicago', region: 'IL', postalCode: '60601', country: 'US' },
    });
    expectReply(added, 200);
    const location = added.json() as CompanyLocation;
    const upload = (app: FastifyInstance, number: string) => {
      const { payload, headers } = multipartForm({ state: 'IL', number, expiresOn: '2030-06-30' }, { name: `${number}.pdf`, bytes: PDF });
      return call(app, byToken(owner), { method: 'POST', url: `/api/company/locations/${location.id}/certificates`, payload, headers });
    };

    const verifies: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      expectReply(await upload(shops.first, `SEEN-${round}`), 200);
      const seen = ((await call(shops.first, byToken(admin), { method: 'GET', url: '/api/admin/certificates?status=unverified' })).json() as AdminCertificate[]).find(
        (row) => row.locationId === location.id,
      );
      if (!seen) throw new Error(`round ${round}: the admin's list has no certificate`);
      expect(seen.number).toBe(`SEEN-${round}`);
      const [verified, uploaded] = await Promise.all([
        call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/certificates/${seen.id}/verify`, payload: { version: seen.version } }),
        upload(shops.second, `FAKE-${round}`),
      ]);
      expectReply(uploaded, 200);
      expect([200, 409]).toContain(verified.statusCode);
      if (verified.statusCode === 409) expect(verified.json()).toEqual({ message: certificateMessages.changed });
      verifies.push(verified.statusCode);
      const row = await shops.first.db.selectFrom('resale_certificates').select(['number', 'verified_at', 'version']).where('id', '=', seen.id).executeTakeFirstOrThrow();
      expect({ round, row }).toEqual({ round, row: { number: `FAKE-${round}`, verified_at: null, version: seen.version + 1 } });
      // Reject it, so that the next round's list of unverified ones starts from its own upload.
      expectReply(await call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/certificates/${seen.id}/reject`, payload: { version: row.version, reason: 'Not ours' } }), 200);
    }
    const audited = await shops.first.db.selectFrom('audit_log').select('details').where('action', '=', 'certificate.verify').execute();
    for (const { details } of audited) expect(JSON.stringify(details)).toMatch(/"SEEN-\d"/);
    expect(audited).toHaveLength(verifies.filter((status) => status === 200).length);
  }, 120_000);
});
