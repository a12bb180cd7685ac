import { TextDecoder } from 'node:util';
import { catalogueDataMessages } from '@autoparts/shared';

/** The most bytes read before the XML declaration is known: it sits at the start, well within this. */
const DECLARATION_MAX_BYTES = 1024;

/** The encodings a catalogue file may declare, by their lower-case names, as TextDecoder labels. */
const ENCODINGS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  // WHATWG decodes ISO-8859-1 as windows-1252, as browsers do: the same letters, and printable
  // characters where ISO-8859-1 has C1 control codes no catalogue text holds.
  'iso-8859-1': 'windows-1252',
  iso8859_1: 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

/**
 * Turns a PIES or ACES file's bytes into text as they stream in, in the encoding its XML
 * declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`): UTF-8 (also without a
 * declaration, as XML has it), ISO-8859-1 or windows-1252. The bytes before the declaration is
 * complete are held back (at most 1 KB). Any other encoding (UTF-16 too), bytes that are not valid
 * in theirs, or a U+FFFD in the text (a character lost before the file was written) set `problem`
 * and give no more text: such a file is not imported, so that no note is stored with a character
 * lost (a Latin-1 "Modèle spécial" read as UTF-8 was stored as "Mod\uFFFDle sp\uFFFDcial").
 * `write` and `end` are those of Node's StringDecoder, so a reader swaps one for the other.
 */
export class XmlDecoder {
  /** Why the file cannot be read as text (the end of a sentence, for an `xml` problem); once set, `write` and `end` give nothing more. */
  problem: string | undefined;
  /** The file does not start as XML does (a PNG, a CSV): `problem` is then a whole sentence, catalogueDataMessages.notXml. */
  notXml = false;
  private decoder: TextDecoder | undefined;
  private head = Buffer.alloc(0);

  write(chunk: Buffer): string {
    if (this.problem) return '';
    if (!this.decoder) {
      this.head = Buffer.concat([this.head, chunk]);
      if (!this.declarationKnown()) return '';
      const head = this.head;
      this.head = Buffer.alloc(0);
      if (!this.choose(head)) return '';
      return this.decode(head, true);
    }
    return this.decode(chunk, true);
  }

  end(): string {
    if (this.problem) return '';
    if (!this.decoder) {
      const head = this.head;
      this.head = Buffer.alloc(0);
      if (!this.choose(head)) return '';
      return this.decode(head, false);
    }
    return this.decode(Buffer.alloc(0), false);
  }

  /** Whether the head holds the whole declaration, or enough to know there is none. */
  private declarationKnown(): boolean {
    if (this.head.length >= DECLARATION_MAX_BYTES) return true;
    const head = this.head.toString('latin1');
    // Part of a byte order mark, or only white space so far: whether XML follows is not known yet.
    if ('\xEF\xBB\xBF'.startsWith(head)) return false;
    const text = head.replace(/^\xEF\xBB\xBF/, '');
    if (/^[ \t\r\n]*$/.test(text)) return false;
    const opening = '<?xml';
    if (text.length < opening.length) return !opening.startsWith(text);
    return !text.startsWith(opening) || text.includes('?>');
  }

  private choose(head: Buffer): boolean {
    // UTF-16 with its byte order mark, or without one: a `<` of two bytes, one of them 0 (XML's
    // appendix F). Read as UTF-8, the latter was "disallowed character", which says nothing of why.
    if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0x00) || (head[0] === 0x00 && head[1] === 0x3c)) {
      this.problem = 'the file is in UTF-16, which the shop does not read: save it as UTF-8, ISO-8859-1 or windows-1252.';
      return false;
    }
    // XML starts with its declaration or an element, after a byte order mark and white space at most.
    if (!/^(?:\xEF\xBB\xBF)?[ \t\r\n]*</.test(head.toString('latin1'))) {
      this.notXml = true;
      this.problem = catalogueDataMessages.notXml;
      return false;
    }
    const declared = /^(?:\xEF\xBB\xBF)?<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([^"']*)\1/.exec(head.toString('latin1'))?.[2];
    const label = declared === undefined ? 'utf-8' : ENCODINGS[declared.toLowerCase()];
    // UTF-8's byte order mark before a declaration of another encoding (an editor saved the file
    // "UTF-8 with BOM" and kept its declaration): which of the two is right is not known. Decoded as
    // the declaration says, the mark was "text data outside of root node".
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf && label !== undefined && label !== 'utf-8') {
      this.problem = `the file starts with the byte order mark of UTF-8 but declares the encoding "${declared}": save it again in one encoding, its first line naming it (UTF-8, ISO-8859-1 or windows-1252).`;
      return false;
    }
    if (!label) {
      this.problem = `the file declares the encoding "${declared}", which the shop does not read: save it as UTF-8, ISO-8859-1 or windows-1252.`;
      return false;
    }
    this.decoder = new TextDecoder(label, { fatal: true });
    return true;
  }

  private decode(bytes: Buffer, stream: boolean): string {
    let text: string;
    try {
      text = this.decoder?.decode(bytes, { stream }) ?? '';
    } catch {
      this.problem = `the file is not valid ${this.decoder?.encoding === 'utf-8' ? 'UTF-8' : this.decoder?.encoding}: declare the encoding it was saved in (UTF-8, ISO-8859-1 or windows-1252) in its first line.`;
      return '';
    }
    if (text.includes('\uFFFD')) {
      this.problem = 'the file holds the replacement character U+FFFD, a character lost before the file was written: send it again from its source.';
      return '';
    }
    return text;
  }
}
