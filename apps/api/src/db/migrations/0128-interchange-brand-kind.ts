import { sql, type Kysely } from 'kysely';

/**
 * Decision 206. Whether an interchange row's `brand` is a brand's name (`label`, PIES `BrandLabel`)
 * or its Auto Care brand code (`code`, `BrandAAIAID`: four capitals or digits, as the parts' own,
 * migration 0040), so that the PIES export writes it as it was read or typed. Every row stored
 * before is a label: the export wrote them all so. No default after that: each write says which.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table part_interchange
      add column brand_kind text not null default 'label' check (brand_kind in ('label', 'code')),
      add constraint part_interchange_brand_code check (brand_kind = 'label' or brand ~ '^[A-Z0-9]{4}$')
  `.execute(db);
  await sql`alter table part_interchange alter column brand_kind drop default`.execute(db);
}
