import type { Readable } from 'node:stream';
import { catalogueDataMessages, type CatalogueProblem } from '@autoparts/shared';
import { SaxesParser } from 'saxes';
import { XmlBounds, type XmlRecordName } from './xml-bounds';
import { XmlDecoder } from './xml-decoder';

/** What ends a file: its line and the problem. */
export type FatalRecord = { line: number; fatal: CatalogueProblem };

/**
 * One PIES or ACES file read as a stream with saxes (decisions 074, 078): the reading loop both
 * readers shared (decision 147). A reader registers its handlers on `parser`, tells `opened` and
 * `closed` of each tag and `finished` of each record, and `records` yields the records after each
 * chunk of the file; the file's bytes are decoded (`XmlDecoder`) and bounded (`XmlBounds`).
 * The first problem that ends the file (malformed XML, a file that is not XML or of the other
 * kind, one a reader finds) ends it: the records finished before it, then the problem, and nothing after.
 */
export class XmlFile<R> {
  readonly parser = new SaxesParser({ position: true, xmlns: false });
  readonly bounds = new XmlBounds();
  /** Records finished and not yet yielded. */
  private readonly ready: R[] = [];
  private ended: CatalogueProblem | undefined;

  /** `root`: the root element the kind's files have; `ref`: what a problem of malformed XML names (the record being read). */
  constructor(
    private readonly root: 'ACES' | 'PIES',
    private readonly ref: () => string,
  ) {
    this.parser.on('error', (error) => this.malformed(error.message.replace(/^(.*?:)?\d+:\d+: /, '')));
  }

  /** Whether a problem ended the file: saxes reads on past an error, and nothing after it counts. */
  get failed(): boolean {
    return this.ended !== undefined;
  }

  /** Ends the file with `problem`, unless one ended it already. */
  end(problem: CatalogueProblem): void {
    this.ended ??= problem;
  }

  /** Ends the file with an `xml` problem on the parser's line, when there is a `reason`. */
  malformed(reason: string | undefined): void {
    if (reason) this.end({ line: this.parser.line, ref: this.ref(), code: 'xml', message: `Malformed XML on line ${this.parser.line}: ${reason}` });
  }

  /** A record finished, to be yielded after the chunk it ends in; none counts after a problem ended the file. */
  finished(record: R): void {
    if (!this.ended) this.ready.push(record);
  }

  /** A record (`name`) opened at the tag just read: it is bounded from here until `recordClosed`. */
  recordOpened(name: XmlRecordName): void {
    this.bounds.record(name, this.parser.position);
  }

  /** The record open closed. */
  recordClosed(): void {
    this.bounds.recordClosed();
  }

  /** A tag named `name` opened at `depth` (the root is 1). */
  opened(depth: number, name: string): void {
    this.malformed(this.bounds.element(depth, this.parser.position));
    // A file of another kind ends at its root: a PIES file read as ACES was an ACES FULL file of no App, which deletes every application.
    if (depth === 1 && name !== this.root) this.end({ line: this.parser.line, ref: '', code: 'xml', message: catalogueDataMessages.wrongRoot(this.root, name) });
  }

  /** A tag closed: a record may pass its bound at its closing tags (a last text of its span's size, read in one chunk). */
  closed(): void {
    this.malformed(this.bounds.element(0, this.parser.position));
  }

  /**
   * Feeds `input` to the parser and yields the records finished, chunk by chunk, then the problem
   * that ended the file if one did. `atEnd` runs once the whole file is read without a problem,
   * with the line the file ended on: a reader's checks of the file as a whole.
   */
  async *records(input: Readable, atEnd?: (lastLine: number) => void): AsyncGenerator<R | FatalRecord> {
    const decoder = new XmlDecoder();
    /** A file that is not XML at all is told so in a sentence of its own, not as malformed XML. */
    const failDecoding = () => {
      if (decoder.notXml) this.end({ line: 1, ref: '', code: 'xml', message: decoder.problem ?? catalogueDataMessages.notXml });
      else this.malformed(decoder.problem);
    };
    /** Characters given to the parser (its `position` after a write counts the chunk twice: it is read during one). */
    let written = 0;
    for await (const chunk of input) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
      this.parser.write(text);
      written += text.length;
      this.malformed(this.bounds.wrote(written));
      failDecoding();
      if (this.ended) break;
      yield* this.ready.splice(0);
    }
    if (!this.ended) {
      this.parser.write(decoder.end());
      failDecoding();
      const lastLine = this.parser.line;
      this.parser.close();
      if (!this.ended) atEnd?.(lastLine);
    }
    yield* this.ready.splice(0);
    if (this.ended) yield { line: this.ended.line, fatal: this.ended };
  }
}
