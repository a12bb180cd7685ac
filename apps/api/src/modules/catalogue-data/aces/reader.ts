import type { Readable } from 'node:stream';
import { directionControlMessage, hasNoDirectionControl, type CatalogueProblem } from '@autoparts/shared';
import type { SaxesTagPlain } from 'saxes';
import { XmlFile } from '../xml-file';

/** An ACES file's Header, as far as the import needs it. */
export interface AcesHeader {
  submissionType: 'FULL' | 'UPDATE';
  /** The brand whose applications a FULL file replaces; none: every application. */
  brandAaiaId: string | null;
}

/** One ACES App, ids as Auto Care's (decision 078). */
export interface AcesApp {
  action: 'A' | 'D';
  /** The App's `id` attribute: what its problems name. */
  id: string;
  baseVehicleId: number;
  submodelId: number | null;
  engineBaseId: number | null;
  notes: string[];
  quantity: number;
  partTypeId: number;
  mfrLabel: string | null;
  positionId: number | null;
  partNumber: string;
  /** The Part's BrandAAIAID attribute, when it has one. */
  brandAaiaId: string | null;
}

export type AcesRecord =
  | { header: AcesHeader }
  | { line: number; app: AcesApp; problems: CatalogueProblem[] }
  | { line: number; fatal: CatalogueProblem };

interface Building {
  line: number;
  attributes: Record<string, string>;
  ids: Record<string, string>;
  notes: string[];
  texts: Record<string, string>;
  partBrand?: string;
}

/** The App elements the reader takes an `id` attribute from; every other qualifier is not read. */
const ID_ELEMENTS = new Set(['BaseVehicle', 'SubModel', 'EngineBase', 'PartType', 'Position']);
/** The App elements whose text the reader takes; the text of any other is not even collected. */
const TEXT_ELEMENTS = new Set(['Note', 'Qty', 'MfrLabel', 'Part']);

/**
 * Reads an ACES 4.2 file as a stream (saxes, as PIES: decision 074) and yields its Header once it
 * has closed, then its Apps one at a time, each with the line its `<App>` starts on; a file is never
 * held whole. An App is read for `action`, `id`, BaseVehicle, SubModel and EngineBase (their `id`),
 * Note (any number), Qty, PartType, MfrLabel, Position and Part (with its BrandAAIAID); every other
 * element (the other VCdb qualifiers, Qual, DisplayOrder, AssetName …) is passed over (decision 078).
 * Malformed XML ends the file with an `xml` problem naming its line; a SubmissionType other than
 * FULL or UPDATE, none, or no Header before the first App, with an `invalid-value` problem naming it
 * (read as FULL, a NETCHANGE file of one App would have deleted every other application).
 */
export function readAces(input: Readable): AsyncGenerator<AcesRecord> {
  const path: string[] = [];
  let text = '';
  let collecting = false;
  let current: Building | undefined;
  const header: Record<string, string> = {};
  let headerRead = false;
  /** The records the file holds (App and Asset, as the Footer's RecordCount counts them), and that count once the Footer is read. */
  let records = 0;
  let recordCount: string | undefined;
  const file = new XmlFile<AcesRecord>('ACES', () => current?.attributes.id ?? '');
  const { parser } = file;
  /** What a file without a valid SubmissionType would do is unknowable: nothing of it is applied. */
  const refuse = (message: string) => file.end({ line: parser.line, ref: '', code: 'invalid-value', message });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    path.push(name);
    file.opened(path.length, name);
    text = '';
    collecting = path.length === 3 && (path[1] === 'Header' || path[1] === 'Footer' || (current !== undefined && TEXT_ELEMENTS.has(name)));
    if ((name === 'App' || name === 'Asset') && path.length === 2) records += 1;
    if (name === 'Header' && path.length === 2) file.recordOpened('Header');
    if (name === 'App' && path.length === 2) {
      if (!headerRead) refuse(NO_HEADER);
      file.recordOpened('App');
      current = { line: parser.line, attributes: tag.attributes, ids: {}, notes: [], texts: {} };
      return;
    }
    if (!current || path.length !== 3) return;
    if (ID_ELEMENTS.has(name)) current.ids[name] = tag.attributes.id ?? '';
    else if (name === 'Part' && tag.attributes.BrandAAIAID) current.partBrand = tag.attributes.BrandAAIAID;
  });
  parser.on('text', (chunk) => {
    if (collecting) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (collecting) text += chunk;
  });
  parser.on('closetag', () => {
    file.closed();
    // saxes reads on past an error; nothing after it counts.
    if (file.failed) return;
    const depth = path.length;
    const name = path.pop() ?? '';
    const value = text.trim();
    text = '';
    collecting = false;
    if (depth === 3 && path[1] === 'Header') header[name] = value;
    else if (depth === 3 && path[1] === 'Footer' && name === 'RecordCount') recordCount = value;
    else if (depth === 2 && name === 'Footer') recordCount ??= '';
    else if (depth === 2 && name === 'Header') {
      file.recordClosed();
      headerRead = true;
      const type = header.SubmissionType;
      if (type === undefined || type === '') refuse('The Header has no SubmissionType (FULL or UPDATE): nothing of the file is applied.');
      else if (type !== 'FULL' && type !== 'UPDATE') refuse(`SubmissionType "${type}" is neither FULL nor UPDATE: nothing of the file is applied.`);
      else file.finished({ header: { submissionType: type, brandAaiaId: header.BrandAAIAID || null } });
    } else if (current && depth === 3) {
      if (name === 'Note') {
        if (value) current.notes.push(value);
      } else current.texts[name] = value;
    } else if (current && depth === 2 && name === 'App') {
      file.recordClosed();
      file.finished(finish(current));
      current = undefined;
    }
  });

  return file.records(input, (lastLine) => {
    if (!headerRead) file.end({ line: lastLine, ref: '', code: 'invalid-value', message: NO_HEADER });
    // The Footer the 4.2 schema requires, and its count of the file's records: a file of a Header
    // alone (a FULL one deleted every live application) or one that lost Apps on its way is not
    // applied (decision 174).
    else if (recordCount === undefined) file.end({ line: lastLine, ref: '', code: 'invalid-value', message: NO_FOOTER });
    else if (!/^[0-9]+$/.test(recordCount) || Number(recordCount) !== records) file.end({ line: lastLine, ref: '', code: 'invalid-value', message: recordCountDiffers(recordCount, records) });
  });
}

const NO_FOOTER = 'The file has no Footer with a RecordCount after its Apps: it may have been cut short, so nothing of it is applied.';
const recordCountDiffers = (said: string, held: number) =>
  `The Footer's RecordCount says ${said === '' ? 'nothing' : `"${said}"`}, but the file holds ${held.toLocaleString('en-US')} App${held === 1 ? '' : 's'}: it may have lost some on its way, so nothing of it is applied.`;

const NO_HEADER = 'The file has no Header with a SubmissionType (FULL or UPDATE) before its first App: nothing of it is applied.';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The App as the shop takes it, with every problem found. */
function finish(b: Building): AcesRecord {
  const problems: CatalogueProblem[] = [];
  const ref = b.attributes.id ?? '';
  const problem = (code: CatalogueProblem['code'], message: string) => problems.push({ line: b.line, ref, code, message });
  const id = (element: string, required: boolean): number | null => {
    const value = b.ids[element];
    if (value === undefined) {
      if (required) problem('missing-field', `App ${ref} has no ${element}.`);
      return null;
    }
    if (/^[0-9]{1,9}$/.test(value) && Number(value) > 0) return Number(value);
    problem('invalid-value', `${element} id "${value}" is not a whole number above 0.`);
    return null;
  };
  const action = (b.attributes.action ?? 'A').toUpperCase();
  if (action !== 'A' && action !== 'D') problem('invalid-value', `App action "${b.attributes.action ?? ''}" is neither A (add) nor D (delete).`);
  if (!ref) problem('missing-field', 'The App has no id.');
  const baseVehicleId = id('BaseVehicle', true);
  const submodelId = id('SubModel', false);
  const engineBaseId = id('EngineBase', false);
  const partTypeId = id('PartType', true);
  const positionId = id('Position', false);
  const qty = b.texts.Qty;
  let quantity = 1;
  if (qty === undefined) problem('missing-field', `App ${ref} has no Qty.`);
  else if (/^[0-9]{1,5}$/.test(qty) && Number(qty) >= 1 && Number(qty) <= 10_000) quantity = Number(qty);
  else problem('invalid-value', `Qty "${qty}" is not a whole number from 1 to 10,000.`);
  const partNumber = b.texts.Part ?? '';
  if (!partNumber) problem('missing-field', `App ${ref} has no Part.`);
  const mfrLabel = b.texts.MfrLabel || null;
  if (mfrLabel && mfrLabel.length > 200) problem('invalid-value', 'MfrLabel is longer than 200 characters.');
  // Every buyer reads the notes and the label on the part's page: no text-direction control, as a typed text (decision 220).
  if (b.notes.some((note) => !hasNoDirectionControl(note))) problem('invalid-value', directionControlMessage('A Note'));
  if (mfrLabel && !hasNoDirectionControl(mfrLabel)) problem('invalid-value', directionControlMessage('MfrLabel'));
  if (ref.length > 100) problem('invalid-value', 'The App id is longer than 100 characters.');
  return {
    line: b.line,
    problems,
    app: {
      action: action === 'D' ? 'D' : 'A',
      id: ref,
      baseVehicleId: baseVehicleId ?? 0,
      submodelId,
      engineBaseId,
      notes: b.notes,
      quantity,
      partTypeId: partTypeId ?? 0,
      mfrLabel,
      positionId,
      partNumber,
      brandAaiaId: b.partBrand ?? null,
    },
  };
}
