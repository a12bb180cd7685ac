/** How deep an element may sit in a PIES or ACES file: theirs go about eight deep. */
export const XML_MAX_DEPTH = 32;
/** The most characters read without a tag opening or closing: no text or tag of a catalogue is this long. */
export const XML_MAX_RUN = 1024 * 1024;
/** The most elements one record (a PIES Item, an ACES App) may hold: a rich Item has a few hundred. */
export const XML_MAX_RECORD_ELEMENTS = 10_000;

/**
 * What a streamed XML reader (saxes) may be made to hold by a hostile file, bounded: the path of
 * open elements, the text or tag the parser gathers until it is complete (a text node, an
 * attribute, a comment of megabytes), and what a reader gathers of one record. Any past its bound
 * ends the file with an `xml` problem, before the process runs out of memory (decision 074 amended).
 */
export class XmlBounds {
  private run = 0;
  private inRecord = 0;

  /** A tag opened (at `depth`, the root being 1) or closed: the problem when it sits too deep. */
  element(depth: number): string | undefined {
    this.run = 0;
    if (depth > XML_MAX_DEPTH) return `elements are nested more than ${XML_MAX_DEPTH} deep`;
    if (depth > 0 && (this.inRecord += 1) > XML_MAX_RECORD_ELEMENTS) return `one record holds more than ${XML_MAX_RECORD_ELEMENTS.toLocaleString('en-US')} elements`;
    return undefined;
  }

  /** A record (an Item, an App) opened: its elements are counted from here. */
  record(): void {
    this.inRecord = 0;
  }

  /** `length` more characters given to the parser: the problem when too many came without a tag. */
  wrote(length: number): string | undefined {
    this.run += length;
    return this.run > XML_MAX_RUN ? `a text or tag is longer than ${XML_MAX_RUN / 1024 / 1024} MB` : undefined;
  }
}
