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
  /** Where (in characters of the file) the last tag opened or closed. */
  private lastTag = 0;
  private inRecord = 0;

  /**
   * A tag opened (at `depth`, the root being 1) or closed, `position` characters into the file:
   * the problem when it sits too deep.
   */
  element(depth: number, position: number): string | undefined {
    this.lastTag = position;
    if (depth > XML_MAX_DEPTH) return `elements are nested more than ${XML_MAX_DEPTH} deep`;
    if (depth > 0 && (this.inRecord += 1) > XML_MAX_RECORD_ELEMENTS) return `one record holds more than ${XML_MAX_RECORD_ELEMENTS.toLocaleString('en-US')} elements`;
    return undefined;
  }

  /** A record (an Item, an App) opened: its elements are counted from here. */
  record(): void {
    this.inRecord = 0;
  }

  /**
   * The parser has read `position` characters of the file: the problem when too many came since the
   * last tag. Counted from the tag, not by the chunks written: a chunk of the stored upload is a
   * megabyte and more, and a chunk's whole length added after its tags had counted nothing refused
   * every plain file over a megabyte (decision 174).
   */
  wrote(position: number): string | undefined {
    return position - this.lastTag > XML_MAX_RUN ? `a text or tag is longer than ${XML_MAX_RUN / 1024 / 1024} MB` : undefined;
  }
}
