import type { ColumnType, Generated } from 'kysely';

/** The shop's tables as Kysely sees them; the migrations are the source of truth. */
export interface Database {
  parts: PartsTable;
  reviews: ReviewsTable;
  users: UsersTable;
  sessions: SessionsTable;
  access_tokens: AccessTokensTable;
  auth_attempts: AuthAttemptsTable;
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

/** Better Auth writes users, sessions, accounts and verifications; the shop reads them. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  role: Generated<'customer' | 'admin'>;
  education: Generated<string>;
  location: Generated<string>;
  phone: Generated<string>;
  linkedin: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AccessTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Date;
  created_at: Generated<CreatedAt>;
}

export interface AuthAttemptsTable {
  key: string;
  window_started_at: Date;
  count: number;
}
