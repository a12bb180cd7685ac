import type { OrderStatus } from '@autoparts/shared';
import type { ColumnType, Generated } from 'kysely';

/** The shop's tables as Kysely sees them; the migrations are the source of truth. */
export interface Database {
  parts: PartsTable;
  reviews: ReviewsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  access_tokens: AccessTokensTable;
  rate_counters: RateCountersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_events: PaymentEventsTable;
  audit_log: AuditLogTable;
  categories: CategoriesTable;
  vehicles: VehiclesTable;
  fitments: FitmentsTable;
  legacy_fitments: LegacyFitmentsTable;
  garage_vehicles: GarageVehiclesTable;
  search_words: { word: string };
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  mail_outbox: MailOutboxTable;
  verifications: VerificationsTable;
  part_price_breaks: PartPriceBreaksTable;
  part_descriptions: PartDescriptionsTable;
  cart_lines: CartLinesTable;
  addresses: AddressesTable;
  shipping_methods: ShippingMethodsTable;
  tax_rates: TaxRatesTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  document_numbers: DocumentNumbersTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  credit_notes: CreditNotesTable;
  fitment_reports: FitmentReportsTable;
  shop_settings: ShopSettingsTable;
  part_interchange: PartInterchangeTable;
  part_former_numbers: PartFormerNumbersTable;
  part_kit_components: PartKitComponentsTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  company_locations: CompanyLocationsTable;
  price_lists: PriceListsTable;
  price_list_entries: PriceListEntriesTable;
  price_list_tiers: PriceListTiersTable;
  company_price_lists: CompanyPriceListsTable;
  catalogue_imports: CatalogueImportsTable;
  catalogue_import_chunks: { import_id: string; seq: number; bytes: Uint8Array };
  catalogue_import_problems: { import_id: string; seq: number; line: number; ref: string; code: string; message: string };
  vcdb_makes: { id: number; name: string };
  vcdb_models: { id: number; name: string; vehicle_type_id: number };
  vcdb_submodels: { id: number; name: string };
  vcdb_years: { id: number };
  vcdb_base_vehicles: { id: number; year_id: number; make_id: number; model_id: number };
  vcdb_vehicles: { id: number; base_vehicle_id: number; submodel_id: number; region_id: number };
  vcdb_engine_bases: { id: number; liter: string; cc: number; cid: number; cylinders: number; block_type: string };
  vcdb_engine_configs: { id: number; engine_base_id: number };
  vcdb_vehicle_engines: { id: number; vehicle_id: number; engine_base_id: number };
  pcdb_part_types: { id: number; name: string };
  pcdb_positions: { id: number; name: string };
  part_type_categories: { part_type_id: number; category_slug: string; changed_at: Generated<Date> };
  applications: ApplicationsTable;
  company_ledger: CompanyLedgerTable;
  company_payments: CompanyPaymentsTable;
  invoice_checkouts: InvoiceCheckoutsTable;
  card_payments_given_back: CardPaymentsGivenBackTable;
  company_payment_invoices: { payment_id: string; order_id: string; amount_cents: number };
  company_statements_sent: { company_id: string; month: string; sent_at: ColumnType<Date, never, never> };
  resale_certificates: ResaleCertificatesTable;
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
  /**
   * What a unit costs at the minimum order: the deepest price break it reaches, else the list
   * price; everyone's headline price. Set by triggers only (migration 0135, decision 224).
   */
  min_order_price_cents: ColumnType<number, never, never>;
  archived_at: Date | null;
  /** Below this the overview calls the part low on stock; null: twice its minimum order quantity. */
  low_stock_threshold: Generated<number | null>;
  seq: Sequence;
  created_at: CreatedAt;
  category_slug: string | null;
  part_number: Generated<string>;
  oem_numbers: Generated<string[]>;
  specs: ColumnType<Spec[], string | undefined, string>;
  /** Generated from the numbers, name and description; read by search only. */
  search_vector: ColumnType<string, never, never>;
  search_text: ColumnType<string, never, never>;
  /** Grams, so that a cart's weight is summed exactly. */
  weight_grams: Generated<number>;
  /** Charged with the part and refunded when the old core comes back; null: none. */
  core_deposit_cents: ColumnType<number | null, number | null | undefined, number | null>;
  warranty_months: ColumnType<number | null, number | null | undefined, number | null>;
  /** PIES life-cycle status: '2' available to order, '6' renumbered, '7' superseded, '8' discontinued… */
  lifecycle_code: Generated<string>;
  /** The part that replaces this one (required for 6 and 7, allowed for 8 and 9). */
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** PIES ItemLevelGTIN as 14 digits (a shorter GTIN padded with leading zeros). */
  gtin: ColumnType<string | null, string | null | undefined, string | null>;
  /** PIES PackageLevelGTIN as 14 digits. */
  package_gtin: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Auto Care brand code (BrandAAIAID). */
  brand_aaia_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The PCdb part type (PartTerminologyID). */
  part_terminology_id: ColumnType<number | null, number | null | undefined, number | null>;
  package_length_mm: ColumnType<number | null, number | null | undefined, number | null>;
  package_width_mm: ColumnType<number | null, number | null | undefined, number | null>;
  package_height_mm: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the part's catalogue data last changed (its stock excepted); set by triggers (migration 0040). */
  updated_at: Generated<Date>;
}

/** A part's description of one PIES code (DES, SHO, MKT …) in one language. */
export interface PartDescriptionsTable {
  part_id: string;
  code: string;
  language: Generated<string>;
  text: string;
}

export interface Spec {
  name: string;
  value: string;
}

export interface CategoriesTable {
  slug: string;
  name: string;
  position: number;
}

export interface VehiclesTable {
  id: Generated<string>;
  make: string;
  model: string;
  year: number;
  engine: Generated<string>;
  /** The VCdb configuration (migration 0043); null base vehicle: an older shop's row the VCdb does not name. */
  base_vehicle_id: number | null;
  submodel_id: number | null;
  engine_base_id: number | null;
  submodel: Generated<string>;
}

/** A company location's resale certificate for one state (decision 082). */
export interface ResaleCertificatesTable {
  id: Generated<string>;
  location_id: string;
  state: string;
  number: string;
  /** `YYYY-MM-DD`. */
  expires_on: string;
  document: Uint8Array;
  document_type: string;
  document_name: string;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
  verified_by: string | null;
  verified_at: Date | null;
  expiry_notice_for: string | null;
  /** The upload's count: 1, then one more at each re-upload; an admin's decision names it (decision 105). */
  version: Generated<number>;
  /** Rejected (never verified) or revoked (verified before): when, by whom, why; null again at a re-upload. */
  rejected_at: Date | null;
  rejected_by: string | null;
  rejection_reason: string | null;
}

/** An ACES application (decision 077); `deleted_at` set: a tombstone for the net-change export. */
export interface ApplicationsTable {
  id: Generated<string>;
  part_id: string;
  base_vehicle_id: number;
  submodel_id: number | null;
  engine_base_id: number | null;
  part_type_id: number | null;
  position_id: number | null;
  quantity: Generated<number>;
  notes: Generated<string[]>;
  mfr_label: string | null;
  source_ref: string | null;
  created_at: CreatedAt;
  changed_at: Generated<Date>;
  deleted_at: Date | null;
}

/** A view (migration 0043): the vehicles the live applications of a part fit. */
export interface FitmentsTable {
  part_id: string;
  vehicle_id: string;
}

/** An older shop's fitment rows whose vehicle no VCdb load has named yet (migration 0043). */
export interface LegacyFitmentsTable {
  part_id: string;
  vehicle_id: string;
}

export interface GarageVehiclesTable {
  user_id: string;
  vehicle_id: string;
  position: number;
  active: Generated<boolean>;
}

export interface ReviewsTable {
  id: Generated<string>;
  email: string;
  name: string;
  description: string;
  rating: string | null;
  hidden_at: Date | null;
  seq: Sequence;
  created_at: CreatedAt;
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

/** Sign-in methods of a user: `credential` (password hash) or `google`. */
export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AccessTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Date;
  created_at: CreatedAt;
}

/** Fixed-window counters of every rate limit, sign-in's included. */
export interface RateCountersTable {
  key: string;
  window_started_at: Date;
  count: number;
}

export interface OrdersTable {
  id: Generated<string>;
  seq: Sequence;
  user_id: string | null;
  email: string;
  customer_name: string;
  part_id: string;
  part_name: string;
  part_img: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  address: string;
  status: Generated<OrderStatus>;
  payment_provider: string | null;
  transaction_id: string | null;
  created_at: CreatedAt;
  paid_at: Date | null;
  shipped_at: Date | null;
  cancelled_at: Date | null;
  /** When the unshipped rest of a partly shipped order was cancelled (migration 0124), null if never. */
  rest_cancelled_at: Date | null;
  refund_started_at: Date | null;
  /** Until when an unpaid order holds its stock. */
  expires_at: Date | null;
  expired_at: Date | null;
  /** The Stripe Checkout Session opened for the order, expired with it. */
  checkout_session_id: string | null;
  /** The human number (100001 on) shown in My Orders, e-mails and Manage All Orders. */
  order_number: ColumnType<string, never, never>;
  subtotal_cents: Generated<number>;
  shipping_cents: Generated<number>;
  shipping_method_name: Generated<string>;
  shipping_estimate: Generated<string>;
  tax_cents: Generated<number>;
  /** Of `tax_cents`, the tax on the shipping (0 where the rate does not tax it): refunded only with the shipping (decision 109). */
  shipping_tax_cents: Generated<number>;
  tax_rate_ppm: Generated<number>;
  /** The ship-to address as it was when ordered; null for an order placed with typed address text. */
  ship_to: ColumnType<ShipTo | null, string | null | undefined, string | null>;
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Issued when the order is paid, from the gapless 'invoice' sequence of `document_numbers`. */
  invoice_number: ColumnType<string | null, number | null | undefined, number | null>;
  invoiced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A warranty replacement: the order one of whose lines it replaces. */
  replaces_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The company a member placed it for (decision 075); it stays the company's when the member leaves. */
  company_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The company's location it ships to, if the member chose one. */
  company_location_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'account': the company's invoice, owed by its due date (decision 081); 'card' otherwise. */
  payment_method: ColumnType<'card' | 'account', 'card' | 'account' | undefined, 'card' | 'account'>;
  /** An order on account's invoice is due on this day (YYYY-MM-DD). */
  due_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why no tax was charged (a resale certificate, decision 082); null: taxed as the rate says. */
  tax_exemption: Generated<string | null>;  /** The key of the Place order request that placed it (decision 162): the same request again is answered this order. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A trade account (issue 31, decision 075). */
export interface CompaniesTable {
  id: Generated<string>;
  seq: Sequence;
  name: string;
  tax_id: Generated<string>;
  status: Generated<'active' | 'on-hold'>;
  payment_terms: ColumnType<PaymentTerms | null, PaymentTerms | null | undefined, PaymentTerms | null>;
  credit_limit_cents: ColumnType<number | null, number | null | undefined, number | null>;
  po_required: Generated<boolean>;
  created_at: CreatedAt;
}

export type PaymentTerms = 'receipt' | 'net7' | 'net15' | 'net30' | 'net60';
export type CompanyRole = 'owner' | 'buyer' | 'accounts' | 'viewer';

/** A user's one company and role in it: the user is the key. */
export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  role: CompanyRole;
  joined_at: Generated<Date>;
}

/** An invitation by e-mail; the link's token is kept only as its SHA-256 (hex). */
export interface CompanyInvitationsTable {
  id: Generated<string>;
  company_id: string;
  /** Lower case. */
  email: string;
  role: CompanyRole;
  token_hash: string;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  /** When an owner withdrew it (pending ones only). */
  revoked_at: Date | null;
  invited_by: string | null;
  created_at: Generated<Date>;
}

/** A named address of a company, shared by its members: the address book's fields. */
export interface CompanyLocationsTable {
  id: Generated<string>;
  seq: Sequence;
  company_id: string;
  name: string;
  company: Generated<string>;
  line1: string;
  line2: Generated<string>;
  city: string;
  /** '' where a country has no regions. */
  region: Generated<string>;
  postal_code: Generated<string>;
  country: string;
  phone: Generated<string>;
  created_at: CreatedAt;
}



/** An address as an order keeps it (camelCase, as the API sends it). */
export interface ShipTo {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** One line of an order: its part and what it cost when ordered. */
export interface OrderLinesTable {
  order_id: string;
  position: number;
  kind: Generated<'part' | 'core-deposit'>;
  /** A core deposit line: the position of the part's line it is the deposit of. */
  deposit_for: ColumnType<number | null, number | null | undefined, number | null>;
  /** The fit promise: the garage's vehicle the part was bought for, checked to fit it. */
  vehicle_id: ColumnType<string | null, string | null | undefined, string | null>;
  fit_checked: Generated<boolean>;
  part_id: string;
  part_number: string;
  name: string;
  img: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  received_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  seq: Sequence;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target: string;
  details: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

export interface ImagesTable {
  id: Generated<string>;
  /** The photo's size after resizing to the largest variant. */
  width: number;
  height: number;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export interface ImageVariantsTable {
  image_id: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** A message to send (decision 022): written with the change it reports, sent by a worker. */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  order_id: string | null;
  created_at: CreatedAt;
  claimed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
  resent_at: Date | null;
  /** The one-time token the message's link carries, as written there; removed from the bodies and cleared once sent (decision 151). */
  secret: string | null;
  /** The order rows were written in (decision 179): a message of an order is sent after its order's earlier ones. */
  seq: Generated<string>;
  /** Its job found an earlier message of its order unsent and ended: that message's sender queues it again (decision 179). */
  held: Generated<boolean>;
  /** Its last try failed: it holds back no later message of its order (decision 179). */
  given_up_at: Date | null;
}

/** Better Auth's one-time values: a password reset's token is `reset-password:<token>` → user id. */
export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** From `min_quantity` units on, each unit costs `unit_price_cents`. */
export interface PartPriceBreaksTable {
  part_id: string;
  min_quantity: number;
  unit_price_cents: number;
}

export interface CartLinesTable {
  user_id: string;
  part_id: string;
  quantity: number;
  added_at: Generated<Date>;
  /** The part number the line held before its part was renumbered or superseded (migration 0037). */
  replaced_part_number: Generated<string | null>;
}

export interface AddressesTable {
  id: Generated<string>;
  seq: Sequence;
  user_id: string;
  name: string;
  company: Generated<string>;
  line1: string;
  line2: Generated<string>;
  city: string;
  /** ISO 3166-2 subdivision code without its country prefix ("IL"); '' where a country has none. */
  region: Generated<string>;
  postal_code: Generated<string>;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: Generated<string>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ShippingMethodsTable {
  id: Generated<string>;
  seq: Sequence;
  name: string;
  estimate: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
  base_price_cents: number;
  price_per_kg_cents: number;
  max_weight_grams: number | null;
  free_over_cents: number | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface TaxRatesTable {
  id: Generated<string>;
  country: string;
  /** '' for the whole country. */
  region: Generated<string>;
  /** Parts per million of the taxed amount: 6.25 % is 62,500. */
  rate_ppm: number;
  applies_to_shipping: Generated<boolean>;
  created_at: CreatedAt;
}

export type Carrier = 'ups' | 'fedex' | 'usps' | 'dhl' | 'other';

export interface ShipmentsTable {
  id: Generated<string>;
  order_id: string;
  carrier: Carrier;
  tracking_number: string;
  shipped_at: Generated<Date>;
  shipped_by: string | null;
}

/** Which lines (by position) and how many of each a shipment carries. */
export interface ShipmentLinesTable {
  shipment_id: string;
  order_id: string;
  position: number;
  quantity: number;
}

/** A gapless counter: taken under its row's lock in the transaction that issues the document. */
export interface DocumentNumbersTable {
  kind: 'invoice' | 'credit-note' | 'rma';
  last_number: string;
}

export type ReturnReason = 'does-not-fit' | 'defective' | 'damaged-in-transit' | 'wrong-part-sent' | 'no-longer-needed' | 'core' | 'warranty';
export type ReturnStatus = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'replaced';

export interface ReturnsTable {
  id: Generated<string>;
  rma_number: number | string;
  order_id: string;
  user_id: string | null;
  reason: ReturnReason;
  note: Generated<string>;
  /** An image id (the product-photo rules), for a warranty claim. */
  photo: string | null;
  status: Generated<ReturnStatus>;
  rejection_reason: string | null;
  resolution: 'replace' | 'refund' | null;
  /** Under the fit promise: approved at once, refunded in full with its share of shipping. */
  fit_promise: Generated<boolean>;
  refund_cents: number | null;
  restocking_fee_cents: Generated<number>;
  /** The fee's rate when the return was received (0 before migration 0029). */
  restocking_fee_ppm: Generated<number>;
  credit_note_number: number | string | null;
  replacement_order_id: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  received_at: Date | null;
  refunded_at: Date | null;
}

export interface ReturnLinesTable {
  return_id: string;
  order_id: string;
  position: number;
  quantity: number;
  /** Set when received: back to stock (once) or scrapped. */
  action: 'restock' | 'scrap' | null;
  /** Set when received: the core deposits it gave back (a core return's, or the part's own with it: decision 109). */
  deposit_quantity: Generated<number>;
}

/** A company's ledger (decision 081): append-only, + debit (invoice), − credit (payment, credit note). */
export interface CompanyLedgerTable {
  seq: ColumnType<string, never, never>;
  company_id: string;
  at: ColumnType<Date, Date | string | undefined, never>;
  kind: 'invoice' | 'payment' | 'credit-note';
  number: string;
  amount_cents: number;
  order_id: string | null;
  invoice_number: ColumnType<string | null, number | null | undefined, never>;
  credit_note_number: ColumnType<string | null, number | null | undefined, never>;
  payment_id: string | null;
  recorded_by: string | null;
}

/** A payment an admin recorded as received from a company; its reference is unique per company. */
export interface CompanyPaymentsTable {
  id: Generated<string>;
  company_id: string;
  amount_cents: number;
  received_on: string;
  reference: string;
  recorded_by: string;
  recorded_at: Generated<Date>;
}

/** A Stripe Checkout Session opened for a company's invoices (decision 207); `url` null while it is being opened. */
export interface InvoiceCheckoutsTable {
  id: Generated<string>;
  company_id: string;
  invoices: string;
  session_id: string | null;
  url: string | null;
  expires_at: Date;
}

/** A company's card payment given back whole, its invoices all paid meanwhile (decision 225): one per PaymentIntent. */
export interface CardPaymentsGivenBackTable {
  id: Generated<string>;
  company_id: string;
  payment_intent: string;
  amount_cents: number;
  invoice_numbers: string[];
  paid_by: string;
  given_back_at: Generated<Date>;
}

export interface CreditNotesTable {
  number: number | string;
  order_id: string;
  return_id: string | null;
  amount_cents: number;
  issued_at: Generated<Date>;
}

export interface FitmentReportsTable {
  id: Generated<string>;
  part_id: string;
  vehicle_id: string;
  return_id: string | null;
  note: Generated<string>;
  status: Generated<'open' | 'dismissed' | 'fitment-removed'>;
  created_at: Generated<Date>;
  resolved_at: Date | null;
}

/** The shop's settings: one row. */
export interface ShopSettingsTable {
  id: Generated<boolean>;
  /** Of a `no-longer-needed` return's value, in parts per million (10 % is 100,000). */
  restocking_fee_ppm: Generated<number>;
  /** The shop's Auto Care brand code, its ACES exports' BrandAAIAID (migration 0042). */
  brand_aaia_id: Generated<string | null>;
  /** Who sends the shop's catalogue files, its ACES exports' SenderName. */
  catalogue_sender_name: Generated<string | null>;
}

/** A number of another brand's (OEM or competitor) that a part replaces; `quantity` of theirs make one of ours. */
export interface PartInterchangeTable {
  part_id: string;
  position: number;
  brand: string;
  /** Whether `brand` is a name (PIES BrandLabel) or an Auto Care brand code (BrandAAIAID), migration 0128. */
  brand_kind: 'label' | 'code';
  part_number: string;
  quantity: number;
}

/** A number a part had before an admin corrected it (decision 112): one part's, current or former. */
export interface PartFormerNumbersTable {
  part_number: string;
  part_id: string;
  created_at: Generated<Date>;
}

/** One component of a kit, in order. */
export interface PartKitComponentsTable {
  kit_id: string;
  position: number;
  component_id: string;
  quantity: number;
}

/** An uploaded catalogue file and what its import did (migration 0038). */
export interface CatalogueImportsTable {
  id: Generated<string>;
  kind: string;
  mode: 'dry-run' | 'apply';
  on_problems: 'refuse' | 'skip';
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  applied: Generated<boolean>;
  /** bigint: pg hands it back as a string. */
  progress_done: ColumnType<string, number | undefined, number>;
  progress_total: ColumnType<string | null, number | null | undefined, number | null>;
  /** What the running import is doing, which its progress counts (migration 0076); null before it says. */
  progress_phase: ColumnType<string | null, string | null | undefined, string | null>;
  /** The stored upload's bytes the import has read (a gzip's packed bytes; migration 0082); null before it opens the file. */
  progress_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  /** Whether a problem ended the file or found it unusable as a whole (migration 0076). */
  fatal: Generated<boolean>;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  problems: ColumnType<unknown[], string | undefined, string>;
  problem_count: Generated<number>;
  file_name: string;
  file_size: ColumnType<string, number | undefined, number>;
  uploaded_at: Date | null;
  created_by: string | null;
  created_by_email: string;
  created_at: CreatedAt;
  attempts: Generated<number>;
  started_at: Date | null;
  /** When the running import last showed it was alive (its progress writes). */
  heartbeat_at: Date | null;
  finished_at: Date | null;
  error: string | null;
}

/** A contract price list (decision 080); `starts_on`/`ends_on` are `YYYY-MM-DD`, both days included. */
export interface PriceListsTable {
  id: Generated<string>;
  seq: Sequence;
  name: string;
  currency: Generated<'USD'>;
  priority: number;
  starts_on: ColumnType<string | null, string | null | undefined, string | null>;
  ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** One more on every change (migration 0060): an edit sent with an older one is refused. */
  version: Generated<number>;
  created_at: CreatedAt;
}

/** A part's or a category's price in a list: a unit price or a percentage off (basis points), one of each pair. */
export interface PriceListEntriesTable {
  id: Generated<string>;
  price_list_id: string;
  part_id: string | null;
  category_slug: string | null;
  unit_price_cents: number | null;
  percent_off_bp: number | null;
}

export interface PriceListTiersTable {
  entry_id: string;
  min_quantity: number;
  unit_price_cents: number | null;
  percent_off_bp: number | null;
}

export interface CompanyPriceListsTable {
  company_id: string;
  price_list_id: string;
}
