import { sql, type Kysely } from 'kysely';

/**
 * A message's one-time token (a password reset's, an address confirmation's, a company
 * invitation's) is kept in the outbox only until the message is sent (decision 151): `secret` is
 * the token as its link writes it, and marking the message sent takes it out of the stored HTML
 * and text and clears it. The tables the tokens are checked against keep only their hashes; a
 * sent message's body, kept 30 days, had the token itself, readable to anyone with the database
 * or a backup of it. Messages sent before this migration lose theirs here, by the links' shapes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('secret', 'text').execute();
  await sql`
    update mail_outbox
    set text = regexp_replace(text, '(token=|/company/invitations/)[A-Za-z0-9._~%-]+', '\\1[removed once sent]', 'g'),
        html = regexp_replace(html, '(token=|/company/invitations/)[A-Za-z0-9._~%-]+', '\\1[removed once sent]', 'g')
    where sent_at is not null and kind in ('reset-password', 'verify-email', 'company-invitation')
  `.execute(db);
}
