/** How deep an element may sit in a PIES or ACES file: theirs go about eight deep. */
export const XML_MAX_DEPTH = 32;
/** The most characters read without a tag opening or closing: no text or tag of a catalogue is this long. */
export const XML_MAX_RUN = 1024 * 1024;
/** The most elements one record (a PIES Item, an ACES App) may hold: a rich Item has a few hundred. */
export const XML_MAX_RECORD_ELEMENTS = 10_000;
/**
 * The most characters of the file one record may span, by the record's name: all a reader keeps of
 * a record comes from its span, and an import holds a batch of records at once (500 Items, 1,000
 * Apps). A rich Item (a hundred descriptions of 2,000 characters, its prices, packages, interchange
 * and assets) spans tens of kilobytes, an App a few hundred characters, its ACES Header less.
 */
export const XML_MAX_RECORD_CHARS = { Item: 256 * 1024, App: 32 * 1024, Header: 32 * 1024 } as const;
export type XmlRecordName = keyof typeof XML_MAX_RECORD_CHARS;

/**
 * What a streamed XML reader (saxes) may be made to hold by a hostile file, bounded: the path of
 * open elements, the text or tag the parser gathers until it is complete (a text node, an
 * attribute, a comment of megabytes), and what a reader gathers of one record. Any past its bound
 * ends the file with an `xml` problem, before the process runs out of memory (decision 074 amended).
 */
export class XmlBounds {
  /** Where (in characters of the file) the last tag opened or closed. */
  private lastTag = 0;
  private inRecord = 0;
  /** The record open (its name and where it opened), while one is. */
  private open: { name: XmlRecordName; at: number } | undefined;

  /**
   * A tag opened (at `depth`, the root being 1) or closed, `position` characters into the file:
   * the problem when it sits too deep.
   */
  element(depth: number, position: number): string | undefined {
    this.lastTag = position;
    if (depth > XML_MAX_DEPTH) return `elements are nested more than ${XML_MAX_DEPTH} deep`;
    if (depth > 0 && (this.inRecord += 1) > XML_MAX_RECORD_ELEMENTS) return `one record holds more than ${XML_MAX_RECORD_ELEMENTS.toLocaleString('en-US')} elements`;
    return this.spanned(position);
  }

  /** A record (an Item, an App, an ACES Header) opened `position` characters into the file: its elements and characters are counted from here. */
  record(name: XmlRecordName, position: number): void {
    this.inRecord = 0;
    this.open = { name, at: position };
  }

  /** The record open closed: what follows is no record's, until the next opens. */
  recordClosed(): void {
    this.open = undefined;
  }

  /**
   * The parser has read `position` characters of the file: the problem when too many came since the
   * last tag. Counted from the tag, not by the chunks written: a chunk of the stored upload is a
   * megabyte and more, and a chunk's whole length added after its tags had counted nothing refused
   * every plain file over a megabyte (decision 174).
   */
  wrote(position: number): string | undefined {
    if (position - this.lastTag > XML_MAX_RUN) return `a text or tag is longer than ${XML_MAX_RUN / 1024 / 1024} MB`;
    return this.spanned(position);
  }

  /**
   * The problem when the record open spans more than its bound at `position`: texts each under
   * XML_MAX_RUN, thousands of them in one record, were all kept (10,000 Notes of 1 MB in an App; a
   * batch of a thousand Apps with a Note of 1 MB each ran the shop out of memory, decision 201).
   */
  private spanned(position: number): string | undefined {
    if (!this.open || position - this.open.at <= XML_MAX_RECORD_CHARS[this.open.name]) return undefined;
    const { name } = this.open;
    return `${name === 'Header' ? 'the Header' : `an ${name}`} is longer than ${XML_MAX_RECORD_CHARS[name] / 1024} KB`;
  }
}
