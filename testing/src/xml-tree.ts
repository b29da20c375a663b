import { SaxesParser } from 'saxes'

/** An XML document as a tree of elements, read with saxes (not with the code that wrote it). */
export type XmlNode = { name: string; attributes: Record<string, string>; text: string; children: XmlNode[] }

/** The document element of `xml`, with its children and text. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false })
  const root: XmlNode = { name: '#root', attributes: {}, text: '', children: [] }
  const stack = [root]
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])),
      text: '',
      children: [],
    }
    stack[stack.length - 1].children.push(node)
    stack.push(node)
  })
  parser.on('text', (text) => {
    stack[stack.length - 1].text += text
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(xml).close()
  return root.children[0]
}

/** The first child of each name in turn (an error naming the one missing). */
export const child = (node: XmlNode, ...names: string[]): XmlNode =>
  names.reduce((n, name) => {
    const next = n.children.find((c) => c.name === name)
    if (!next) throw new Error(`falta ${name} en ${n.name}`)
    return next
  }, node)

/** The trimmed text of a descendant. */
export const text = (node: XmlNode, ...names: string[]) => child(node, ...names).text.trim()
