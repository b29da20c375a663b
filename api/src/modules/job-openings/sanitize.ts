import type sanitizeHtml from 'sanitize-html'

/**
 * The rich-text details of a vacancy keep only formatting (docs/domain.md): paragraphs, headings,
 * emphasis, lists, links, quotes, tables and text alignment. Scripts, styles, event handlers,
 * images, forms and `javascript:` links are dropped before the text is stored, so the detail
 * screen can show it as HTML.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], '*': ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
    }),
  },
}

/**
 * The details as they are stored. sanitize-html (with the HTML and CSS parsers it brings, about 12 MB
 * of RSS) loads with the first vacancy saved, not with the API (`api/src/lazy-load.test.ts`).
 */
export async function sanitizeDetails(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html')
  return sanitize(html, options).trim()
}
