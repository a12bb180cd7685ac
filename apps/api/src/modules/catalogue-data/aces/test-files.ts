import type { FastifyInstance } from 'fastify';

/** A made-up ACES 4.2 file around `apps` (each an `<App>…</App>`), one element a line. */
export const acesFile = (apps: string[], header: { submissionType?: string; brand?: string } = {}) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ACES version="4.2">',
    `<Header><Company>Made-up Parts Co</Company><SenderName>Test</SenderName><TransferDate>2026-12-01</TransferDate>${header.brand ? `<BrandAAIAID>${header.brand}</BrandAAIAID>` : ''}<DocumentTitle>Test</DocumentTitle><EffectiveDate>2026-12-01</EffectiveDate><SubmissionType>${header.submissionType ?? 'FULL'}</SubmissionType><VcdbVersionDate>2026-11-27</VcdbVersionDate><PcdbVersionDate>2026-11-27</PcdbVersionDate></Header>`,
    ...apps,
    `<Footer><RecordCount>${apps.length}</RecordCount></Footer>`,
    '</ACES>',
  ].join('\n');

export interface TestApp {
  id: number | string;
  action?: 'A' | 'D';
  baseVehicle: number;
  submodel?: number;
  engine?: number;
  notes?: string[];
  qty?: number;
  partType: number;
  mfrLabel?: string;
  position?: number;
  part: string;
}

/** A made-up ACES App, its elements in the 4.2 schema's order. */
export const acesApp = (app: TestApp) =>
  [
    `<App action="${app.action ?? 'A'}" id="${app.id}">`,
    `<BaseVehicle id="${app.baseVehicle}"/>`,
    app.submodel === undefined ? '' : `<SubModel id="${app.submodel}"/>`,
    app.engine === undefined ? '' : `<EngineBase id="${app.engine}"/>`,
    ...(app.notes ?? []).map((note) => `<Note>${note}</Note>`),
    `<Qty>${app.qty ?? 1}</Qty>`,
    `<PartType id="${app.partType}"/>`,
    app.mfrLabel === undefined ? '' : `<MfrLabel>${app.mfrLabel}</MfrLabel>`,
    app.position === undefined ? '' : `<Position id="${app.position}"/>`,
    `<Part>${app.part}</Part>`,
    '</App>',
  ].join('');

/** The live applications, one line each, in a stable order. */
export async function liveApplications(shop: FastifyInstance): Promise<string[]> {
  const rows = await shop.db
    .selectFrom('applications')
    .innerJoin('parts', 'parts.id', 'applications.part_id')
    .select(['parts.part_number', 'base_vehicle_id', 'submodel_id', 'engine_base_id', 'part_type_id', 'position_id', 'quantity', 'notes', 'mfr_label'])
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => Object.values(row).map((value) => JSON.stringify(value)).join(' ')).sort();
}
