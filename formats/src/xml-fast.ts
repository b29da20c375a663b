/**
 * A fast tokenizer for the plain XML that spreadsheet programs write into a sheet part, for the
 * worker's read of 100,000-row payrolls: element tags with attributes, text with the five named
 * entities and character references, an XML declaration at the start. It reads a part several
 * times faster than saxes, a general parser that looks at every character on its own.
 *
 * It gives up on anything else rather than guess: a comment, CDATA, a processing instruction, a
 * byte-order mark, an entity or a line break in an attribute, a character from U+D800 up or a
 * control character, a tag it cannot take apart, a close tag that does not match, text outside the
 * root, too deep a nesting, an unfinished document. Giving up throws `FastXmlGaveUp`; the caller
 * then reads the part again with saxes (`xmlParser`), which accepts or refuses it with its own
 * rules. What this tokenizer accepts, saxes reads the same way, event for event
 * (formats/src/xml-fast.test.ts compares them on every fixture and on chunks split anywhere).
 */

/** The tokenizer met something outside the plain subset: read the part with saxes instead. */
export class FastXmlGaveUp extends Error {}

/** What a sheet's reader takes of a tag, from saxes or from this tokenizer. */
export type FastTag = { name: string; attributes: Record<string, string> }

/** The calls a sheet's reader makes, which saxes' parser and this tokenizer both answer. */
export type XmlTokenizer = {
  on(event: 'opentag' | 'closetag', handler: (tag: FastTag) => void): void
  on(event: 'text' | 'cdata', handler: (text: string) => void): void
  write(text: string): unknown
  close(): unknown
}

type Handlers = {
  opentag?: (tag: FastTag) => void
  closetag?: (tag: FastTag) => void
  text?: (text: string) => void
}

const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.0\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const LT = 0x3c
const SLASH = 0x2f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOSTROPHE = 0x27
const AMPERSAND = 0x26

const gaveUp = (): never => {
  throw new FastXmlGaveUp()
}

/** XML 1.0's Char, for a character reference. */
const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff)

/** A name's first character, ASCII only: A-Z a-z _. */
const isNameStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f
/** A name's other characters, ASCII only: also 0-9 . : - */
const isNameChar = (c: number) => isNameStart(c) || (c >= 0x30 && c <= 0x3a) || c === 0x2e || c === 0x2d
/** A sheet's element and attribute names of one letter (c, v, f, t, r, s), as constants. */
const ONE_LETTER: (string | undefined)[] = []
for (const name of ['c', 'v', 'f', 't', 'r', 's']) ONE_LETTER[name.charCodeAt(0)] = name

/** The name from..to: a sheet's commonest ones without a new string each (they come by the million). */
function nameAt(buf: string, from: number, to: number): string {
  if (to - from === 1) return ONE_LETTER[buf.charCodeAt(from)] ?? buf.slice(from, to)
  if (to - from === 3 && buf.startsWith('row', from)) return 'row'
  return buf.slice(from, to)
}

/** XML's white space, between attributes and outside the root. */
const isSpace = (c: number) => c === 0x20 || c === 0x9 || c === 0xa || c === 0xd

function decodeEntities(text: string): string {
  let end = 0
  const decoded = text.replace(ENTITY, (match, name, decimal, hex, offset: number) => {
    // An '&' between the last entity and this one began none.
    if (text.indexOf('&', end) < offset) gaveUp()
    end = offset + match.length
    if (name) return NAMED[name]
    const cp = decimal ? Number(decimal) : Number.parseInt(hex, 16)
    return isXmlChar(cp) ? String.fromCodePoint(cp) : gaveUp()
  })
  if (text.indexOf('&', end) !== -1) gaveUp()
  return decoded
}

/**
 * Text with no character saxes refuses or reads otherwise: below U+0020 only tab, line feed and
 * carriage return, nothing from U+D800 up. True when it holds a carriage return.
 */
function plainText(text: string, from: number, to: number): boolean {
  let cr = false
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20) {
      if (c === 0xd) cr = true
      else if (c !== 0x9 && c !== 0xa) gaveUp()
    } else if (c >= 0xd800) gaveUp()
  }
  return cr
}

/** An attribute's value: plain text with no '<', no entity and no white space but the blank. */
function plainValue(text: string, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c >= 0xd800 || c === LT || c === AMPERSAND) gaveUp()
  }
}

/**
 * A tokenizer with saxes' calls (`on`, `write`, `close`) for the events a sheet's reader uses.
 * `maxDepth`: deeper nesting gives up (saxes' reader then refuses it in the clerk's words). The
 * close event's tag is one object, reused: a handler reads it, never keeps it.
 */
export function fastXmlParser(maxDepth: number) {
  const handlers: Handlers = {}
  const open: string[] = []
  const closing: FastTag = { name: '', attributes: {} }
  let rest = ''
  let started = false
  let rootClosed = false

  const onText = (buf: string, from: number, to: number) => {
    if (from === to) return
    if (open.length === 0) {
      // Only white space may stand outside the root.
      for (let i = from; i < to; i++) if (!isSpace(buf.charCodeAt(i))) gaveUp()
      return
    }
    const cr = plainText(buf, from, to)
    let text = buf.slice(from, to)
    if (text.includes(']]>')) gaveUp()
    // XML's end-of-line handling, as saxes does it: CR LF and a lone CR read as LF.
    if (cr) text = text.replace(/\r\n?/g, '\n')
    if (text.includes('&')) text = decodeEntities(text)
    handlers.text?.(text)
  }

  const onClose = (buf: string, at: number, close: number) => {
    const name = open.pop()
    if (name === undefined || !buf.startsWith(name, at + 2)) return gaveUp()
    let i = at + 2 + name.length
    while (i < close && isSpace(buf.charCodeAt(i))) i++
    if (i !== close) gaveUp()
    if (open.length === 0) rootClosed = true
    closing.name = name
    handlers.closetag?.(closing)
  }

  /** The open (or empty-element) tag from `at` ('<') to `close` ('>', the first after it). */
  const onOpen = (buf: string, at: number, close: number) => {
    let i = at + 1
    if (rootClosed || !isNameStart(buf.charCodeAt(i))) gaveUp()
    while (isNameChar(buf.charCodeAt(++i))) {}
    const name = nameAt(buf, at + 1, i)
    const attributes: Record<string, string> = {}
    let empty = false
    for (;;) {
      const spaced = isSpace(buf.charCodeAt(i))
      while (i < close && isSpace(buf.charCodeAt(i))) i++
      if (i === close) break
      if (buf.charCodeAt(i) === SLASH && i + 1 === close) {
        empty = true
        break
      }
      // An attribute: after white space, a name, '=', a quoted value.
      const from = i
      if (!spaced || !isNameStart(buf.charCodeAt(i))) gaveUp()
      while (isNameChar(buf.charCodeAt(++i))) {}
      const key = nameAt(buf, from, i)
      while (isSpace(buf.charCodeAt(i))) i++
      if (buf.charCodeAt(i) !== EQUALS) gaveUp()
      while (isSpace(buf.charCodeAt(++i))) {}
      const quote = buf.charCodeAt(i)
      if (quote !== QUOTE && quote !== APOSTROPHE) gaveUp()
      const end = buf.indexOf(quote === QUOTE ? '"' : "'", i + 1)
      // A '>' inside the value (the tag's end is further on): saxes decides.
      if (end === -1 || end > close) gaveUp()
      plainValue(buf, i + 1, end)
      if (key in attributes) gaveUp()
      attributes[key] = buf.slice(i + 1, end)
      i = end + 1
    }
    if (open.length >= maxDepth) gaveUp()
    open.push(name)
    const tag = { name, attributes }
    handlers.opentag?.(tag)
    if (empty) {
      open.pop()
      if (open.length === 0) rootClosed = true
      handlers.closetag?.(tag)
    }
  }

  return {
    on(event: 'opentag' | 'closetag' | 'text' | 'cdata', handler: (value: never) => void): void {
      // CDATA is given up on as it is met: it never needs a handler here.
      if (event !== 'cdata') (handlers as Record<string, unknown>)[event] = handler
    },
    write(chunk: string) {
      const buf = rest + chunk
      let pos = 0
      if (!started) {
        // The declaration is read whole before anything else: wait for its end.
        if (buf.length < 2 || (buf.startsWith('<?') && !buf.includes('?>'))) {
          if (buf.length > 1024) gaveUp()
          rest = buf
          return
        }
        started = true
        if (buf.startsWith('<?')) {
          const declaration = XML_DECLARATION.exec(buf)
          if (!declaration) gaveUp()
          pos = declaration?.[0].length ?? 0
        }
      }
      for (;;) {
        const lt = buf.indexOf('<', pos)
        if (lt === -1) break
        const close = buf.indexOf('>', lt)
        if (close === -1) {
          onText(buf, pos, lt)
          pos = lt
          break
        }
        onText(buf, pos, lt)
        const next = buf.charCodeAt(lt + 1)
        if (next === SLASH) onClose(buf, lt, close)
        // '<!' (comment, CDATA, DOCTYPE) and '<?' past the start: saxes decides.
        else if (next === 0x21 || next === 0x3f) gaveUp()
        else onOpen(buf, lt, close)
        pos = close + 1
      }
      rest = buf.slice(pos)
    },
    close() {
      // An unfinished tag or declaration, or no root at all: saxes says what is wrong.
      if (!started || rest.includes('<') || !rootClosed || open.length) gaveUp()
      onText(rest, 0, rest.length)
      rest = ''
    },
  }
}

export type FastXmlParser = ReturnType<typeof fastXmlParser>
