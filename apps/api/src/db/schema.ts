import type { ColumnType, Generated } from 'kysely';

/** The shop's tables as Kysely sees them; the migrations are the source of truth. */
export interface Database {
  parts: PartsTable;
  reviews: ReviewsTable;
}

type CreatedAt = ColumnType<Date, never, never>;
/** An identity column: ordering only, never written. */
type Sequence = ColumnType<string, never, never>;

export interface PartsTable {
  id: Generated<string>;
  name: string;
  description: string;
  img: string;
  price_cents: number;
  available_quantity: number;
  min_order_quantity: Generated<number>;
  archived_at: Date | null;
  seq: Generated<Sequence>;
  created_at: Generated<CreatedAt>;
}

export interface ReviewsTable {
  id: Generated<string>;
  email: string;
  name: string;
  description: string;
  rating: string | null;
  hidden_at: Date | null;
  seq: Generated<Sequence>;
  created_at: Generated<CreatedAt>;
}
