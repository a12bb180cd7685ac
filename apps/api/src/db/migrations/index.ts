import type { Migration, MigrationProvider } from 'kysely/migration';
import * as catalogue from './0001-catalogue';
import * as accounts from './0002-accounts';
import * as orders from './0003-orders';
import * as audit from './0004-audit';
import * as refundClaims from './0005-refund-claims';
import * as abuseLimits from './0006-abuse-limits';
import * as catalogueFitment from './0007-catalogue-fitment';
import * as garage from './0008-garage';
import * as searchWords from './0009-search-words';
import * as images from './0010-images';
import * as lowStockThreshold from './0011-low-stock-threshold';
import * as mailOutbox from './0012-mail-outbox';
import * as catalogueBrowseIndexes from './0014-catalogue-browse-indexes';
import * as changeNotifications from './0016-change-notifications';
import * as partNumberKeys from './0017-part-number-keys';
import * as mailResend from './0020-mail-resend';
import * as cartCheckout from './0021-cart-checkout';
import * as orderLines from './0022-order-lines';
import * as priceBreakChanges from './0023-price-break-changes';
import * as shippingMethodNames from './0026-shipping-method-names';
import * as afterSale from './0027-after-sale';
import * as restockingFeeRate from './0029-restocking-fee-rate';
import * as partChanges from './0033-part-changes';
import * as auditLogIndexes from './0035-audit-log-indexes';
import * as cartLineReplaced from './0037-cart-line-replaced';
import * as catalogueData from './0038-catalogue-data';
import * as companies from './0039-companies';
import * as partPiesFields from './0040-part-pies-fields';
import * as applications from './0041-applications';
import * as acesExportHeader from './0042-aces-export-header';
import * as vehiclesOnTheVcdb from './0043-vehicles-on-the-vcdb';
import * as priceLists from './0044-price-lists';
import * as companyLedger from './0045-company-ledger';
import * as resaleCertificates from './0046-resale-certificates';
import * as partTypeCategories from './0047-part-type-categories';
import * as invitationsRevoked from './0048-invitations-revoked';
import * as catalogueImportHeartbeat from './0049-catalogue-import-heartbeat';
import * as companyStatementsSent from './0050-company-statements-sent';
import * as certificateDecisions from './0051-certificate-decisions';
import * as refundsByTheRules from './0052-refunds-by-the-rules';
import * as partFormerNumbers from './0054-part-former-numbers';
import * as partNumbersCheckedAfterTheWait from './0057-part-numbers-checked-after-the-wait';
import * as priceListNames from './0058-price-list-names';
import * as priceListVersions from './0060-price-list-versions';
import * as catalogueImportPhaseAndFatal from './0076-catalogue-import-phase-and-fatal';
import * as mailLinkTokensRemovedOnceSent from './0079-mail-link-tokens-removed-once-sent';
import * as photoUploadsAnnounceNothing from './0080-photo-uploads-announce-nothing';
import * as catalogueImportBytesAndTombstones from './0082-catalogue-import-bytes-and-tombstones';
import * as ordersPlacedOncePerRequest from './0091-orders-placed-once-per-request';
import * as vcdbAndPcdbWordsAnnounceChanges from './0101-vcdb-and-pcdb-words-announce-changes';
import * as mailOfAnOrderInOrder from './0106-mail-of-an-order-in-order';
import * as anOrdersRestCancelledAt from './0124-an-orders-rest-cancelled-at';
import * as catalogueImportProblemsBounded from './0127-catalogue-import-problems-bounded';
import * as interchangeBrandKind from './0128-interchange-brand-kind';
import * as invoiceCheckoutsOncePerAmount from './0129-invoice-checkouts-once-per-amount';
import * as lifecycleCodeA from './0133-lifecycle-code-a';
import * as partsMinOrderPrice from './0135-parts-min-order-price';
import * as cardPaymentsGivenBack from './0136-card-payments-given-back';
import * as partsMinOrderPriceAfterTruncate from './0137-parts-min-order-price-after-truncate';
import * as adminListsIndexes from './0138-admin-lists-indexes';
import * as tradeAccountIndexes from './0139-trade-account-indexes';

/** Every migration, in order. A new one is a new file here; a shipped one never changes. */
const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-accounts': accounts,
  '0003-orders': orders,
  '0004-audit': audit,
  '0005-refund-claims': refundClaims,
  '0006-abuse-limits': abuseLimits,
  '0007-catalogue-fitment': catalogueFitment,
  '0008-garage': garage,
  '0009-search-words': searchWords,
  '0010-images': images,
  '0011-low-stock-threshold': lowStockThreshold,
  '0012-mail-outbox': mailOutbox,
  '0014-catalogue-browse-indexes': catalogueBrowseIndexes,
  '0016-change-notifications': changeNotifications,
  '0017-part-number-keys': partNumberKeys,
  '0020-mail-resend': mailResend,
  '0021-cart-checkout': cartCheckout,
  '0022-order-lines': orderLines,
  '0023-price-break-changes': priceBreakChanges,
  '0026-shipping-method-names': shippingMethodNames,
  '0027-after-sale': afterSale,
  '0029-restocking-fee-rate': restockingFeeRate,
  '0033-part-changes': partChanges,
  '0035-audit-log-indexes': auditLogIndexes,
  '0037-cart-line-replaced': cartLineReplaced,
  '0038-catalogue-data': catalogueData,
  '0039-companies': companies,
  '0040-part-pies-fields': partPiesFields,
  '0041-applications': applications,
  '0042-aces-export-header': acesExportHeader,
  '0043-vehicles-on-the-vcdb': vehiclesOnTheVcdb,
  '0044-price-lists': priceLists,
  '0045-company-ledger': companyLedger,
  '0046-resale-certificates': resaleCertificates,
  '0047-part-type-categories': partTypeCategories,
  '0048-invitations-revoked': invitationsRevoked,
  '0049-catalogue-import-heartbeat': catalogueImportHeartbeat,
  '0050-company-statements-sent': companyStatementsSent,
  '0051-certificate-decisions': certificateDecisions,
  '0052-refunds-by-the-rules': refundsByTheRules,
  '0054-part-former-numbers': partFormerNumbers,
  '0057-part-numbers-checked-after-the-wait': partNumbersCheckedAfterTheWait,
  '0058-price-list-names': priceListNames,
  '0060-price-list-versions': priceListVersions,
  '0076-catalogue-import-phase-and-fatal': catalogueImportPhaseAndFatal,
  '0079-mail-link-tokens-removed-once-sent': mailLinkTokensRemovedOnceSent,
  '0080-photo-uploads-announce-nothing': photoUploadsAnnounceNothing,
  '0082-catalogue-import-bytes-and-tombstones': catalogueImportBytesAndTombstones,
  '0091-orders-placed-once-per-request': ordersPlacedOncePerRequest,
  '0101-vcdb-and-pcdb-words-announce-changes': vcdbAndPcdbWordsAnnounceChanges,
  '0106-mail-of-an-order-in-order': mailOfAnOrderInOrder,
  '0124-an-orders-rest-cancelled-at': anOrdersRestCancelledAt,
  '0127-catalogue-import-problems-bounded': catalogueImportProblemsBounded,
  '0128-interchange-brand-kind': interchangeBrandKind,
  '0129-invoice-checkouts-once-per-amount': invoiceCheckoutsOncePerAmount,
  '0133-lifecycle-code-a': lifecycleCodeA,
  '0135-parts-min-order-price': partsMinOrderPrice,
  '0136-card-payments-given-back': cardPaymentsGivenBack,
  '0137-parts-min-order-price-after-truncate': partsMinOrderPriceAfterTruncate,
  '0138-admin-lists-indexes': adminListsIndexes,
  '0139-trade-account-indexes': tradeAccountIndexes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
