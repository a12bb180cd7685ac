import { CERTIFICATE_ROLES, CERTIFICATES_PAGE_SIZE, CERTIFICATE_NOTICE_DAYS, certificateStatus, type AdminCertificate, type Certificate, type CertificateFields, type CertificateStatus } from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import type { ResaleCertificatesTable } from '../../db/schema';
import type { Mail } from '../mail/outbox';

type CertificateRow = Omit<Selectable<ResaleCertificatesTable>, 'document' | 'uploaded_by' | 'verified_by' | 'expiry_notice_for' | 'rejected_by'>;

/** What an admin's verify, reject or revoke came to (decision 105). */
export type CertificateDecisionOutcome =
  | { outcome: 'done' | 'unchanged'; certificate: Certificate }
  | { outcome: 'not-found' | 'changed' | 'verified' | 'not-verified' };

const bareColumns = [
  'id',
  'location_id',
  'state',
  'number',
  'expires_on',
  'document_type',
  'document_name',
  'uploaded_at',
  'verified_at',
  'version',
  'rejected_at',
  'rejection_reason',
] as const satisfies readonly (keyof ResaleCertificatesTable)[];
const columns = bareColumns.map((column) => `resale_certificates.${column}` as const);

/** Today as the shop counts days: UTC. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

const toCertificate = (row: CertificateRow, today: string): Certificate => ({
  id: row.id,
  locationId: row.location_id,
  state: row.state,
  number: row.number,
  expiresOn: row.expires_on,
  status: certificateStatus({ verifiedAt: row.verified_at?.toISOString() ?? null, rejectedAt: row.rejected_at?.toISOString() ?? null, expiresOn: row.expires_on }, today),
  documentName: row.document_name,
  uploadedAt: row.uploaded_at.toISOString(),
  verifiedAt: row.verified_at?.toISOString() ?? null,
  version: row.version,
  rejectedAt: row.rejected_at?.toISOString() ?? null,
  rejectionReason: row.rejection_reason,
});

/** One certificate, as its company sees it. */
/**
 * The members of the company a location belongs to who may upload its certificates (owners and
 * accounts members, `CERTIFICATE_ROLES`), named with it: who a certificate's e-mails go to, as
 * they are who can act on them (decision 221).
 */
function certificateKeepers(db: Db, locationId: string) {
  return db
    .selectFrom('company_locations')
    .innerJoin('companies', 'companies.id', 'company_locations.company_id')
    .innerJoin('company_members', 'company_members.company_id', 'companies.id')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select(['users.email', 'users.name', 'companies.name as company_name', 'company_locations.name as location_name'])
    .where('company_locations.id', '=', locationId)
    .where('company_members.role', 'in', CERTIFICATE_ROLES)
    .execute();
}

async function one(db: Db, id: string): Promise<Certificate> {
  const row = await db.selectFrom('resale_certificates').select(columns).where('id', '=', id).executeTakeFirstOrThrow();
  return toCertificate(row, utcDay());
}

/** Resale certificates of company locations (decision 082). */
export function createCertificatesRepository(db: Db) {
  return {
    /** A location's certificates, by state; undefined when the location is not the company's. */
    async ofLocation(companyId: string, locationId: string): Promise<Certificate[] | undefined> {
      if (!isId(locationId)) return undefined;
      const location = await db.selectFrom('company_locations').select('id').where('id', '=', locationId).where('company_id', '=', companyId).executeTakeFirst();
      if (!location) return undefined;
      const rows = await db.selectFrom('resale_certificates').select(columns).where('location_id', '=', locationId).orderBy('state').execute();
      const today = utcDay();
      return rows.map((row) => toCertificate(row, today));
    },

    /**
     * Stores a location's certificate for a state, replacing any earlier one of that state (which
     * then needs verifying again: one more `version`, no decision); undefined when the location is
     * not the company's.
     */
    async upload(companyId: string, locationId: string, fields: CertificateFields, document: { bytes: Buffer; type: string; name: string }, userId: string): Promise<Certificate | undefined> {
      if (!isId(locationId)) return undefined;
      const location = await db.selectFrom('company_locations').select('id').where('id', '=', locationId).where('company_id', '=', companyId).executeTakeFirst();
      if (!location) return undefined;
      const values = {
        number: fields.number,
        expires_on: fields.expiresOn,
        document: document.bytes,
        document_type: document.type,
        document_name: document.name,
        uploaded_by: userId,
        uploaded_at: new Date(),
        verified_by: null,
        verified_at: null,
        expiry_notice_for: null,
        rejected_at: null,
        rejected_by: null,
        rejection_reason: null,
      };
      const row = await db
        .insertInto('resale_certificates')
        .values({ location_id: locationId, state: fields.state, ...values })
        // One more version, in the same statement: an admin's decision on the one before is refused.
        .onConflict((conflict) => conflict.columns(['location_id', 'state']).doUpdateSet({ ...values, version: sql<number>`resale_certificates.version + 1` }))
        .returning(bareColumns)
        .executeTakeFirstOrThrow();
      return toCertificate(row, utcDay());
    },

    /** The document of a certificate: a member's (of `companyId`) or, without one, an admin's. */
    async document(id: string, companyId?: string) {
      if (!isId(id)) return undefined;
      let query = db
        .selectFrom('resale_certificates')
        .innerJoin('company_locations', 'company_locations.id', 'resale_certificates.location_id')
        .select(['resale_certificates.document', 'resale_certificates.document_type', 'resale_certificates.document_name'])
        .where('resale_certificates.id', '=', id);
      if (companyId) query = query.where('company_locations.company_id', '=', companyId);
      return query.executeTakeFirst();
    },

    /** The admins' list, newest upload first; `status` narrows it. */
    async list(status: CertificateStatus | undefined, page: number): Promise<AdminCertificate[]> {
      const today = utcDay();
      let query = db
        .selectFrom('resale_certificates')
        .innerJoin('company_locations', 'company_locations.id', 'resale_certificates.location_id')
        .innerJoin('companies', 'companies.id', 'company_locations.company_id')
        .select([...columns, 'companies.id as company_id', 'companies.name as company_name', 'company_locations.name as location_name'])
        .orderBy('resale_certificates.uploaded_at', 'desc')
        .orderBy('resale_certificates.id')
        .limit(CERTIFICATES_PAGE_SIZE)
        .offset((page - 1) * CERTIFICATES_PAGE_SIZE);
      if (status === 'expired') query = query.where('resale_certificates.expires_on', '<', today);
      else if (status === 'rejected') query = query.where('resale_certificates.expires_on', '>=', today).where('resale_certificates.rejected_at', 'is not', null);
      else if (status)
        query = query
          .where('resale_certificates.expires_on', '>=', today)
          .where('resale_certificates.rejected_at', 'is', null)
          .where('resale_certificates.verified_at', status === 'verified' ? 'is not' : 'is', null);
      const rows = await query.execute();
      return rows.map((row) => ({ ...toCertificate(row, today), companyId: row.company_id, companyName: row.company_name, locationName: row.location_name }));
    },

    /**
     * An admin's decision on the upload they saw, `version` (decision 105): verify it (again: no
     * change), reject it (not verified) or revoke it (verified), with a reason. The row is locked, so
     * a re-upload waits for the decision or the decision sees the new version and is refused
     * ('changed'). A rejection or revocation queues an e-mail to each owner and accounts member of the company, in the
     * same transaction.
     */
    async decide(
      id: string,
      version: number,
      decision: { action: 'verify' } | { action: 'reject' | 'revoke'; reason: string; mail: Mail; companyUrl: string },
      adminId: string,
    ): Promise<CertificateDecisionOutcome> {
      if (!isId(id)) return { outcome: 'not-found' };
      return withTransaction(db, async (trx) => {
        const current = await trx.selectFrom('resale_certificates').select(['version', 'verified_at', 'rejected_at']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!current) return { outcome: 'not-found' };
        if (current.version !== version) return { outcome: 'changed' };
        const update = trx.updateTable('resale_certificates').where('id', '=', id).where('version', '=', version);
        let row;
        if (decision.action === 'verify') {
          if (current.verified_at) return { outcome: 'unchanged', certificate: await one(trx, id) };
          row = await update.set({ verified_at: new Date(), verified_by: adminId, rejected_at: null, rejected_by: null, rejection_reason: null }).returning(bareColumns).executeTakeFirstOrThrow();
        } else {
          if (decision.action === 'reject' && current.verified_at) return { outcome: 'verified' };
          if (decision.action === 'revoke' && !current.verified_at) return { outcome: 'not-verified' };
          if (decision.action === 'reject' && current.rejected_at) return { outcome: 'unchanged', certificate: await one(trx, id) };
          row = await update
            .set({ verified_at: null, verified_by: null, rejected_at: new Date(), rejected_by: adminId, rejection_reason: decision.reason, expiry_notice_for: null })
            .returning(bareColumns)
            .executeTakeFirstOrThrow();
          const keepers = await certificateKeepers(trx, row.location_id);
          for (const keeper of keepers)
            await decision.mail.queue(trx, {
              kind: 'certificate-rejected',
              to: keeper.email,
              name: keeper.name,
              companyName: keeper.company_name,
              locationName: keeper.location_name,
              state: row.state,
              number: row.number,
              revoked: decision.action === 'revoke',
              reason: decision.reason,
              url: decision.companyUrl,
            });
        }
        return { outcome: 'done', certificate: toCertificate(row, utcDay()) };
      });
    },

    /**
     * The certificate that makes an order to `locationId` in `state` tax-free on `day`: verified and
     * not expired. What checkout asks (of a repository on its transaction).
     */
    async exemption(locationId: string | null | undefined, state: string, day = utcDay()) {
      if (!locationId || !isId(locationId) || !state) return undefined;
      return db
        .selectFrom('resale_certificates')
        .select(['id', 'state', 'number', 'expires_on'])
        .where('location_id', '=', locationId)
        .where('state', '=', state)
        .where('verified_at', 'is not', null)
        .where('expires_on', '>=', day)
        .executeTakeFirst();
    },

    /**
     * Queues one e-mail to each owner and accounts member of every company with a verified certificate expiring within
     * CERTIFICATE_NOTICE_DAYS, once per certificate and expiry date: the claim (`expiry_notice_for`)
     * and the mail are one transaction, so two instances running the job send it once.
     */
    async sendExpiryNotices(mail: Mail, baseUrl: string, companyPath: string, day = utcDay()) {
      const until = utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + CERTIFICATE_NOTICE_DAYS * 86_400_000));
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .updateTable('resale_certificates')
          .set({ expiry_notice_for: sql<string>`expires_on` })
          .where('verified_at', 'is not', null)
          .where('expires_on', '>=', day)
          .where('expires_on', '<=', until)
          .where((eb) => eb.or([eb('expiry_notice_for', 'is', null), eb('expiry_notice_for', '<>', eb.ref('expires_on'))]))
          .returning(['id', 'location_id', 'state', 'number', 'expires_on'])
          .execute();
        for (const certificate of due) {
          const keepers = await certificateKeepers(trx, certificate.location_id);
          for (const keeper of keepers)
            await mail.queue(trx, {
              kind: 'certificate-expiring',
              to: keeper.email,
              name: keeper.name,
              companyName: keeper.company_name,
              locationName: keeper.location_name,
              state: certificate.state,
              number: certificate.number,
              expiresOn: certificate.expires_on,
              url: `${baseUrl}${companyPath}`,
            });
        }
        return due.length;
      });
    },
  };
}
