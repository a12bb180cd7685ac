import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNTS_ROLES,
  ENDED_STATUSES,
  centsToDollars,
  COMPANIES_PAGE_SIZE,
  COMPANY_LOCATIONS_MAX,
  COMPANY_MEMBERS_MAX,
  companyFieldChangedMessage,
  companyRoleLabels,
  dollarsToCents,
  INVITATION_DAYS,
  MY_ORDERS_PAGE_SIZE,
  paths,
  type AddressFields,
  type AdminCompany,
  type CompanyExpected,
  type CompanyLocation,
  type CompanyMember,
  type CompanyOrder,
  type CompanyRole,
  type CompanySummary,
  type MyCompany,
  type InvitationAccepted,
  type PaymentTerms,
  type PendingInvitation,
  availableCreditCents,
} from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CompaniesTable, CompanyLocationsTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { balanceOf, givenBackOf } from '../ledger/entries';
import { withTransaction } from '../../lib/transaction';
import type { Mail } from '../mail/outbox';
import { withLines } from '../orders/shape';
import { addressColumns, addressFieldsOf } from '../addresses/repository';
import { createPriceListsRepository } from '../price-lists/repository';

type CompanyRow = Selectable<CompaniesTable>;
export type LocationRow = Selectable<CompanyLocationsTable>;

/** What the admin sends to create a company, read by the shared schema (money in dollars). */
export interface NewCompany {
  name: string;
  ownerEmail: string;
  taxId?: string | undefined;
  paymentTerms?: PaymentTerms | null | undefined;
  creditLimit?: number | null | undefined;
  poRequired?: boolean | undefined;
}

export type CompanyChanges = Partial<Omit<NewCompany, 'ownerEmail'> & { status: 'active' | 'on-hold' }>;

/** Who sends an invitation, as its e-mail names them. */
export interface Inviter {
  userId: string;
  name: string;
}

export type AcceptOutcome =
  | { accepted: InvitationAccepted }
  | { refused: 'not-found' | 'expired' | 'used' | 'revoked' | 'too-many' }
  | { refused: 'other-email' | 'in-other-company'; email: string };

/** The link's token: 32 random bytes; the table keeps only its SHA-256. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function companyFields(row: CompanyRow) {
  return {
    id: row.id,
    name: row.name,
    taxId: row.tax_id,
    status: row.status,
    paymentTerms: row.payment_terms,
    creditLimit: row.credit_limit_cents === null ? null : centsToDollars(row.credit_limit_cents),
    poRequired: row.po_required,
  };
}

function toLocation(row: LocationRow): CompanyLocation {
  return { id: row.id, ...addressFieldsOf(row) };
}

/** The table's columns of the changes sent; money to cents. */
function companyColumns(changes: CompanyChanges) {
  return {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.taxId !== undefined && { tax_id: changes.taxId }),
    ...(changes.status !== undefined && { status: changes.status }),
    ...(changes.paymentTerms !== undefined && { payment_terms: changes.paymentTerms }),
    ...(changes.creditLimit !== undefined && { credit_limit_cents: changes.creditLimit === null ? null : dollarsToCents(changes.creditLimit) }),
    ...(changes.poRequired !== undefined && { po_required: changes.poRequired }),
  };
}

/** A company's field as a form loaded it and as stored: money in cents, price lists as a set. */
function sameValue(field: keyof CompanyExpected, was: unknown, now: unknown): boolean {
  if (field === 'creditLimit') return (was === null ? null : dollarsToCents(was as number)) === (now === null ? null : dollarsToCents(now as number));
  if (field === 'priceListIds') return [...(was as string[])].sort().join() === [...(now as string[])].sort().join();
  return was === now;
}

/** The advisory lock two admins naming companies take turns on (decision 107): one name check at a time. */
const COMPANY_NAME_LOCK_KEY = 107_001;

/**
 * Whether another company than `exceptId` has `name`, letter case and outer spaces aside. Taken
 * inside the transaction that names a company, after the names' lock, so that two admins creating
 * "Fleetco" at once cannot both pass the check (no unique index: old rows may share a name).
 */
async function nameTaken(trx: Db, name: string, exceptId?: string): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(${COMPANY_NAME_LOCK_KEY})`.execute(trx);
  let query = trx.selectFrom('companies').select('id').where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

async function lockCompany(trx: Db, companyId: string) {
  await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
}

/**
 * Inside the transaction that removes an account: the name of the company it is the only owner
 * of, if any, which would be left without one. The account's row must be locked already (as an
 * invitation's acceptance locks it before the company); then the company's row and its owners'
 * rows are locked, in `removeMember`'s order, so an owner removed meanwhile is counted.
 */
export async function companyOnlyOwnedBy(trx: Db, userId: string): Promise<string | undefined> {
  const membership = await trx.selectFrom('company_members').select('company_id').where('user_id', '=', userId).executeTakeFirst();
  if (!membership) return undefined;
  await lockCompany(trx, membership.company_id);
  const owners = await trx
    .selectFrom('company_members')
    .select('user_id')
    .where('company_id', '=', membership.company_id)
    .where('role', '=', 'owner')
    .forUpdate()
    .execute();
  if (owners.length !== 1 || owners[0]?.user_id !== userId) return undefined;
  const company = await trx.selectFrom('companies').select('name').where('id', '=', membership.company_id).executeTakeFirstOrThrow();
  return company.name;
}

/**
 * Companies, members, invitations and locations (decision 075). Changes of one company's members
 * lock its row first, so that two owners removing each other cannot leave it without an owner.
 */
export function createCompaniesRepository(db: Db, mail: Mail, baseUrl: string) {

  /** A new invitation (a former pending one for the address goes) and its e-mail, in `trx`. */
  async function invite(trx: Db, company: { id: string; name: string }, email: string, role: CompanyRole, inviter: Inviter) {
    const token = randomBytes(32).toString('base64url');
    await trx
      .deleteFrom('company_invitations')
      .where('company_id', '=', company.id)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      // A withdrawn one stays, so that its link keeps saying it was withdrawn.
      .where('revoked_at', 'is', null)
      .execute();
    const invitation = await trx
      .insertInto('company_invitations')
      .values({
        company_id: company.id,
        email,
        role,
        token_hash: tokenHash(token),
        expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_DAYS})`,
        invited_by: inviter.userId,
      })
      .returning(['expires_at'])
      .executeTakeFirstOrThrow();
    await mail.queue(trx, {
      kind: 'company-invitation',
      to: email,
      companyName: company.name,
      role: companyRoleLabels[role].toLowerCase(),
      invitedBy: inviter.name,
      url: `${baseUrl}${paths.companyInvitation(token)}`,
      days: INVITATION_DAYS,
    });
    return { expiresAt: invitation.expires_at };
  }

  /**
   * Withdraws the pending invitations `userId` sent for the company, when they stop being its owner
   * (removed, left, or given another role): an invitation is an owner's act, and one left standing
   * would let a former owner bring an account in — even as an owner — after they were put out.
   * Their links then say the invitation was withdrawn, and the owners' list no longer shows them.
   */
  async function withdrawInvitationsOf(trx: Db, companyId: string, userId: string) {
    await trx
      .updateTable('company_invitations')
      .set({ revoked_at: sql<Date>`now()` })
      .where('company_id', '=', companyId)
      .where('invited_by', '=', userId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async function pendingOf(trx: Db, companyId: string): Promise<PendingInvitation[]> {
    const rows = await trx
      .selectFrom('company_invitations')
      .select(['id', 'email', 'role', 'expires_at'])
      .where('company_id', '=', companyId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, expiresAt: row.expires_at.toISOString() }));
  }

  async function membersOf(trx: Db, companyId: string): Promise<CompanyMember[]> {
    const rows = await trx
      .selectFrom('company_members')
      .innerJoin('users', 'users.id', 'company_members.user_id')
      .select(['company_members.user_id', 'company_members.role', 'company_members.joined_at', 'users.name', 'users.email'])
      .where('company_members.company_id', '=', companyId)
      .orderBy('company_members.joined_at')
      .orderBy('users.email')
      .execute();
    return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email, role: row.role, joinedAt: row.joined_at.toISOString() }));
  }

  return {
    /**
     * Creates a company. An existing user with `ownerEmail` whose address is confirmed becomes its
     * owner at once ('member'); any other address, an account's that nobody confirmed too, is sent
     * an owner invitation ('invited'): anyone can sign up with an address they do not hold, and
     * only its holder reads the link (decision 144). A user already in a company belongs to no
     * second one.
     */
    async create(input: NewCompany, inviter: Inviter): Promise<{ id: string; owner: 'member' | 'invited' } | 'in-other-company' | 'name-taken'> {
      return withTransaction(db, async (trx) => {
        if (await nameTaken(trx, input.name)) return 'name-taken' as const;
        const email = input.ownerEmail.toLowerCase();
        const user = await trx.selectFrom('users').select(['id', 'email_verified']).where(sql<string>`lower(email)`, '=', email).forUpdate().executeTakeFirst();
        if (user && (await trx.selectFrom('company_members').select('user_id').where('user_id', '=', user.id).executeTakeFirst())) {
          return 'in-other-company' as const;
        }
        const company = await trx
          .insertInto('companies')
          .values({ name: input.name, ...companyColumns({ ...input, name: input.name }) })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow();
        if (user?.email_verified) {
          await trx.insertInto('company_members').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
          return { id: company.id, owner: 'member' as const };
        }
        await invite(trx, company, email, 'owner', inviter);
        return { id: company.id, owner: 'invited' as const };
      });
    },

    /** A page of companies, newest first, with their members counted. */
    async list(page: number): Promise<CompanySummary[]> {
      const rows = await db
        .selectFrom('companies')
        .selectAll('companies')
        .select((eb) =>
          eb.selectFrom('company_members').select((inner) => inner.fn.countAll<string>().as('n')).whereRef('company_members.company_id', '=', 'companies.id').as('members'),
        )
        .orderBy('seq', 'desc')
        .limit(COMPANIES_PAGE_SIZE)
        .offset((page - 1) * COMPANIES_PAGE_SIZE)
        .execute();
      return rows.map((row) => ({ ...companyFields(row), members: Number(row.members ?? 0), createdAt: row.created_at.toISOString() }));
    },

    async find(id: string): Promise<AdminCompany | undefined> {
      if (!isId(id)) return undefined;
      const row = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const [members, priceListIds, invitations] = await Promise.all([
        membersOf(db, id),
        createPriceListsRepository(db).ofCompany(id),
        pendingOf(db, id),
      ]);
      return {
        ...companyFields(row),
        createdAt: row.created_at.toISOString(),
        members,
        priceListIds,
        invitations,
      };
    },

    /**
     * The first field of `expected` (what the admin's form loaded) that is no longer so, with its
     * value now; 'not-found' for no such company; undefined when all still hold. Locks the company's
     * row, so the values stay so until the caller's transaction writes its change (decision 125).
     */
    async changedSince(id: string, expected: CompanyExpected): Promise<'not-found' | { changed: { message: string; field: string; current: unknown } } | undefined> {
      if (!isId(id)) return 'not-found';
      const row = await db.selectFrom('companies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return 'not-found';
      const stored: Required<CompanyExpected> = {
        ...companyFields(row),
        priceListIds: expected.priceListIds === undefined ? [] : await createPriceListsRepository(db).ofCompany(id),
      };
      for (const field of Object.keys(expected) as Array<keyof CompanyExpected>) {
        const was = expected[field];
        if (was === undefined || sameValue(field, was, stored[field])) continue;
        return { changed: { message: companyFieldChangedMessage(field, stored[field]), field, current: stored[field] } };
      }
      return undefined;
    },

    /**
     * Changes the fields sent; the company's name as it is after, for the audit log. A name another
     * company has already is refused ('name-taken'), nothing changed.
     */
    async update(id: string, changes: CompanyChanges): Promise<{ name: string } | 'name-taken' | undefined> {
      if (!isId(id)) return undefined;
      const columns = companyColumns(changes);
      if (Object.keys(columns).length === 0) return db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst();
      return withTransaction(db, async (trx) => {
        if (changes.name !== undefined && (await nameTaken(trx, changes.name, id))) return 'name-taken' as const;
        return trx.updateTable('companies').set(columns).where('id', '=', id).returning('name').executeTakeFirst();
      });
    },

    /**
     * Runs `work` in one transaction with the company's row locked and the caller's role read
     * again under that lock: an owner demoted or removed by another owner after the route's check
     * (member-of.ts) acts on nothing. `roles` undefined: any member.
     */
    async asMember<T>(
      companyId: string,
      userId: string,
      roles: readonly CompanyRole[] | undefined,
      work: (trx: Db) => Promise<T>,
    ): Promise<{ value: T } | { refused: 'not-member' | 'not-allowed' }> {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, companyId);
        const member = await trx.selectFrom('company_members').select('role').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst();
        if (!member) return { refused: 'not-member' as const };
        if (roles && !roles.includes(member.role)) return { refused: 'not-allowed' as const };
        return { value: await work(trx) };
      });
    },

    /** The user's company and role, if they belong to one. */
    async membership(userId: string): Promise<{ company: CompanyRow; role: CompanyRole } | undefined> {
      const row = await db
        .selectFrom('company_members')
        .innerJoin('companies', 'companies.id', 'company_members.company_id')
        .selectAll('companies')
        .select('company_members.role')
        .where('company_members.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { role, ...company } = row;
      return { company, role };
    },

    /**
     * `GET /api/company`: the balance is the ledger's sum (decision 081); `available` what the limit
     * leaves, never below 0; to owners and accounts members, who see the company's payments, the
     * card payments given back whole too (decision 228).
     */
    async mine(company: CompanyRow, role: CompanyRole): Promise<MyCompany> {
      const fields = companyFields(company);
      const [balanceCents, givenBack] = await Promise.all([balanceOf(db, company.id), ACCOUNTS_ROLES.includes(role) ? givenBackOf(db, company.id) : undefined]);
      const availableCents = availableCreditCents(company.credit_limit_cents, balanceCents);
      const available = availableCents === null ? null : centsToDollars(availableCents);
      return { ...fields, role, balance: centsToDollars(balanceCents), available, ...(givenBack && { givenBack }) };
    },

    /** An owner invites `email`; refused for a member of the company already. */
    async invite(company: { id: string; name: string }, email: string, role: CompanyRole, inviter: Inviter) {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, company.id);
        const member = await trx
          .selectFrom('company_members')
          .innerJoin('users', 'users.id', 'company_members.user_id')
          .select('users.id')
          .where('company_members.company_id', '=', company.id)
          .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
          .executeTakeFirst();
        if (member) return 'already-member' as const;
        return invite(trx, company, email.toLowerCase(), role, inviter);
      });
    },

    /**
     * Accepts an invitation for the signed-in user, whose e-mail must be the invitation's. The same
     * user accepting again is answered as the first time (idempotent). Accepting confirms the
     * account's address: the link was mailed to it alone, as Better Auth's confirmation link is
     * (decision 144).
     */
    async accept(token: string, user: { userId: string; email: string }): Promise<AcceptOutcome> {
      return withTransaction(db, async (trx) => {
        const invitation = await trx
          .selectFrom('company_invitations')
          .innerJoin('companies', 'companies.id', 'company_invitations.company_id')
          .select([
            'company_invitations.id',
            'company_invitations.company_id',
            'company_invitations.email',
            'company_invitations.role',
            'company_invitations.expires_at',
            'company_invitations.accepted_at',
            'company_invitations.accepted_by',
            'company_invitations.revoked_at',
            'companies.name as company_name',
          ])
          .where('company_invitations.token_hash', '=', tokenHash(token))
          .forUpdate()
          .executeTakeFirst();
        if (!invitation) return { refused: 'not-found' };
        const accepted = { companyId: invitation.company_id, companyName: invitation.company_name, role: invitation.role };
        if (invitation.accepted_at) {
          // Accepting twice answers the same, while the membership it gave lasts: a member removed since is not one again.
          if (invitation.accepted_by !== user.userId) return { refused: 'used' };
          const still = await trx.selectFrom('company_members').select('role').where('user_id', '=', user.userId).where('company_id', '=', invitation.company_id).executeTakeFirst();
          return still ? { accepted: { ...accepted, role: still.role } } : { refused: 'used' };
        }
        if (invitation.revoked_at) return { refused: 'revoked' };
        if (invitation.expires_at.getTime() <= Date.now()) return { refused: 'expired' };
        if (invitation.email !== user.email.toLowerCase()) return { refused: 'other-email', email: invitation.email };
        // The account first, then the company: two invitations of one account accepted at once
        // (from two companies) take their turns, and the second finds the first's membership.
        await trx.selectFrom('users').select('id').where('id', '=', user.userId).forUpdate().execute();
        await lockCompany(trx, invitation.company_id);
        const current = await trx.selectFrom('company_members').select(['company_id']).where('user_id', '=', user.userId).executeTakeFirst();
        if (current && current.company_id !== invitation.company_id) return { refused: 'in-other-company', email: invitation.email };
        if (current) {
          await trx.updateTable('company_members').set({ role: invitation.role }).where('user_id', '=', user.userId).execute();
        } else {
          const { n } = await trx
            .selectFrom('company_members')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('company_id', '=', invitation.company_id)
            .executeTakeFirstOrThrow();
          if (Number(n) >= COMPANY_MEMBERS_MAX) return { refused: 'too-many' };
          await trx.insertInto('company_members').values({ company_id: invitation.company_id, user_id: user.userId, role: invitation.role }).execute();
        }
        await trx
          .updateTable('company_invitations')
          .set({ accepted_at: sql<Date>`now()`, accepted_by: user.userId })
          .where('id', '=', invitation.id)
          .execute();
        await trx.updateTable('users').set({ email_verified: true }).where('id', '=', user.userId).where('email_verified', '=', false).execute();
        return { accepted };
      });
    },

    members: (companyId: string) => membersOf(db, companyId),

    /** The invitations not yet accepted, withdrawn or expired, oldest first. */
    pendingInvitations: (companyId: string) => pendingOf(db, companyId),

    /** Withdraws a pending invitation: its link then says so. */
    async revokeInvitation(companyId: string, id: string): Promise<{ email: string } | undefined> {
      if (!isId(id)) return undefined;
      return db
        .updateTable('company_invitations')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('email')
        .executeTakeFirst();
    },

    /**
     * Changes a member's role; the last owner stays an owner (the company's row is locked meanwhile).
     * An owner given another role loses the invitations they sent (`withdrawInvitationsOf`).
     */
    async changeRole(companyId: string, userId: string, role: CompanyRole): Promise<'changed' | 'not-found' | 'last-owner'> {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, companyId);
        const members = await trx.selectFrom('company_members').select(['user_id', 'role']).where('company_id', '=', companyId).execute();
        const target = members.find((member) => member.user_id === userId);
        if (!target) return 'not-found';
        if (target.role === 'owner' && role !== 'owner' && members.filter((member) => member.role === 'owner').length <= 1) return 'last-owner';
        await trx.updateTable('company_members').set({ role }).where('user_id', '=', userId).where('company_id', '=', companyId).execute();
        if (role !== 'owner') await withdrawInvitationsOf(trx, companyId, userId);
        return 'changed';
      });
    },

    /**
     * Removes a member (or one leaves); the last owner stays. Their past orders stay the company's;
     * the invitations they sent are withdrawn (`withdrawInvitationsOf`).
     */
    async removeMember(companyId: string, userId: string): Promise<'removed' | 'not-found' | 'last-owner'> {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, companyId);
        const members = await trx.selectFrom('company_members').select(['user_id', 'role']).where('company_id', '=', companyId).execute();
        const target = members.find((member) => member.user_id === userId);
        if (!target) return 'not-found';
        if (target.role === 'owner' && members.filter((member) => member.role === 'owner').length <= 1) return 'last-owner';
        await trx.deleteFrom('company_members').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
        await withdrawInvitationsOf(trx, companyId, userId);
        return 'removed';
      });
    },

    async locations(companyId: string): Promise<CompanyLocation[]> {
      const rows = await db.selectFrom('company_locations').selectAll().where('company_id', '=', companyId).orderBy('seq').execute();
      return rows.map(toLocation);
    },

    /** One location of the company; another company's is as unknown as a missing one. */
    async location(companyId: string, id: string): Promise<LocationRow | undefined> {
      if (!isId(id)) return undefined;
      return db.selectFrom('company_locations').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
    },

    async addLocation(companyId: string, fields: AddressFields): Promise<CompanyLocation | 'too-many'> {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, companyId);
        const { n } = await trx
          .selectFrom('company_locations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= COMPANY_LOCATIONS_MAX) return 'too-many';
        const row = await trx.insertInto('company_locations').values({ company_id: companyId, ...addressColumns(fields) }).returningAll().executeTakeFirstOrThrow();
        return toLocation(row);
      });
    },

    async replaceLocation(companyId: string, id: string, fields: AddressFields): Promise<CompanyLocation | undefined> {
      if (!isId(id)) return undefined;
      const row = await db
        .updateTable('company_locations')
        .set(addressColumns(fields))
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .returningAll()
        .executeTakeFirst();
      return row && toLocation(row);
    },

    /** Deletes a location; the orders placed for it keep their ship-to (the column goes null). */
    async removeLocation(companyId: string, id: string): Promise<boolean> {
      if (!isId(id)) return false;
      const removed = await db.deleteFrom('company_locations').where('id', '=', id).where('company_id', '=', companyId).returning('id').executeTakeFirst();
      return removed !== undefined;
    },

    /** A page of the company's orders, newest first, each with who placed it, for which location, and how it was paid. */
    /** A page of the company's orders, newest first; with `poNumber`, only those not ended that carry it (decision 187). */
    async orders(companyId: string, page: number, poNumber?: string): Promise<CompanyOrder[]> {
      // The page's orders are picked by their `seq` alone (the index `orders_company`, or
      // `orders_company_po_number`), then read whole: a page deep in a big account's 100,000
      // orders skipped the rows before it, not just their index entries (decision 230).
      let pick = db.selectFrom('orders').select('seq').where('company_id', '=', companyId);
      if (poNumber) pick = pick.where('po_number', '=', poNumber).where('status', 'not in', [...ENDED_STATUSES]);
      const rows = await db
        .selectFrom('orders')
        .leftJoin('company_locations', 'company_locations.id', 'orders.company_location_id')
        .selectAll('orders')
        .select('company_locations.name as location_name')
        // The company named again: the page's rows are found by `orders_company` too (orders has no index of `seq` alone).
        .where('orders.company_id', '=', companyId)
        .where('orders.seq', 'in', pick.orderBy('seq', 'desc').limit(MY_ORDERS_PAGE_SIZE).offset((page - 1) * MY_ORDERS_PAGE_SIZE))
        .orderBy('orders.seq', 'desc')
        .execute();
      const orders = await withLines(db, rows.map(({ location_name: _, ...row }) => row));
      return orders.map((order, index) => {
        const row = rows[index];
        return {
          ...order,
          placedBy: row ? `${row.customer_name} (${row.email})` : '',
          location: row?.location_name ?? null,
          paymentMethod: row?.payment_method ?? 'card',
          dueOn: row?.due_on ?? null,
        };
      });
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
