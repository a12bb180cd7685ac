/** How deep an element may sit in a PIES or ACES file: theirs go about eight deep. */
export const XML_MAX_DEPTH = 32;
/** The most characters read without a tag opening or closing: no text or tag of a catalogue is this long. */
export const XML_MAX_RUN = 1024 * 1024;

/**
 * What a streamed XML reader (saxes) may be made to hold by a hostile file, bounded: the path of
 * open elements, and the text or tag the parser gathers until it is complete (a text node, an
 * attribute, a comment of megabytes). Either past its bound ends the file with an `xml` problem,
 * before the process runs out of memory (decision 074 amended).
 */
export class XmlBounds {
  private run = 0;

  /** A tag opened (at `depth`, the root being 1) or closed: the problem when it sits too deep. */
  element(depth: number): string | undefined {
    this.run = 0;
    return depth > XML_MAX_DEPTH ? `elements are nested more than ${XML_MAX_DEPTH} deep` : undefined;
  }

  /** `length` more characters given to the parser: the problem when too many came without a tag. */
  wrote(length: number): string | undefined {
    this.run += length;
    return this.run > XML_MAX_RUN ? `a text or tag is longer than ${XML_MAX_RUN / 1024 / 1024} MB` : undefined;
  }
}
