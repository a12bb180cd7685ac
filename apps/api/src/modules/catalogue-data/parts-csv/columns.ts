/**
 * The parts CSV's columns, in the order the export writes them (README "Parts by CSV"). An import
 * needs `partNumber`; any other may be left out (the part keeps that field) and unknown ones are ignored.
 */
export const PARTS_CSV_COLUMNS = [
  'partNumber',
  'name',
  'description',
  'category',
  'price',
  'minOrderQuantity',
  'gtin',
  'brandAaiaId',
  'partTerminologyId',
  'weightGrams',
  'lengthMm',
  'widthMm',
  'heightMm',
  'packageGtin',
  'lifecycle',
  'replacedBy',
  'photoUrl',
] as const;
export type PartsCsvColumn = (typeof PARTS_CSV_COLUMNS)[number];
