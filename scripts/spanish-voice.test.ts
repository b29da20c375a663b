import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * The product addresses its user as 'usted' (docs/conventions.md, "Spanish voice"). This test reads
 * every string literal, template text and JSX text of the product's source (not comments, not
 * identifiers, not tests) and refuses the 'tú' forms that slip in most often: possessives and
 * pronouns (tu, tus, te, ti), second-person verbs (puedes, tienes, verás…) and imperatives at the
 * start of a sentence or after 'por favor' (Ingresa, Selecciona, Vuelve, Espera…).
 *
 * The specified literal messages keep their wording, 'tú' included: they are allowed by file and
 * exact text in ALLOWED, so a new 'tú' message elsewhere still fails. Third-person descriptions that
 * look like imperatives ('Descarga un archivo del comprobante' in an API description, 'La lista
 * muestra…') pass: imperatives are only sought where a sentence starts, and API route descriptions
 * (the `description` of a route's `schema`) describe the endpoint in the third person.
 */

/** Where the product's texts live: pages, API, worker, rules, formats, and the scripts that print. */
const SCANNED =
  /^(api\/src|remix\/app|remix\/server|worker\/src|domain\/src|formats\/src|db\/src|queue\/src|storage\/src|scripts)\/.*\.tsx?$/
const SKIPPED = /\.test\.tsx?$/

/** The specified literal messages, kept as specified although they say 'tú'. */
const ALLOWED: readonly [file: string, text: string][] = [
  ['remix/app/routes/login.tsx', 'Controla los pagos de tus proveedores fácilmente'],
  ['domain/src/common/messages.ts', 'Ocurrió un error en la petición, por favor intenta nuevamente.'],
  ['domain/src/common/messages.ts', 'Hubo un error al autenticar al usuario, por favor intenta nuevamente'],
  ['domain/src/employees/employee-schema.ts', 'Ingresa un celular válido de 9 dígitos'],
  ['domain/src/employees/employee-schema.ts', 'Ingresa un correo electrónico válido'],
]

const W = 'a-záéíóúüñ'
const word = (alternatives: string) => new RegExp(`(?<![${W}])(${alternatives})(?![${W}])`, 'i')

/** 'tú' pronouns, possessives and second-person verb forms: wrong wherever they stand. */
const TU_WORDS = word(
  [
    'tu|tus|ti|te|contigo|tuyo|tuya|tuyos|tuyas',
    'puedes|podrás|tienes|tendrás|quieres|debes|deberás|necesitas|estás|estarás|eres|serás|sabes',
    'verás|irás|volverás|ingresarás|recibirás|encontrarás|trabajas|haces|usas|ves',
    'enviaste|cerraste|iniciaste|ingresaste|olvidaste|intentaste|subiste|elegiste|cargaste',
    'inténtalo|inténtala|revísalo|revísala|guárdalo|guárdala|súbelo|súbela|descárgalo|descárgala',
    'cárgalo|cárgala|ábrelo|ciérralo|elígelo|corrígelo|escríbelo|confírmalo|confírmala|adjúntalo',
    'elimínalo|elimínala|quítalo|muéstrala|muéstralas|reemplázala|asegúrate|comunícate|regístrate',
  ].join('|'),
)

/** 'tú' imperatives; as third-person verbs they also describe things, so only where a sentence starts. */
const IMPERATIVES = [
  'ingresa|selecciona|elige|escoge|revisa|intenta|vuelve|espera|sube|escribe|usa|utiliza',
  'agrega|añade|pulsa|presiona|haz|corrige|verifica|completa|recuerda|adjunta|confirma|indica',
  'abre|cierra|guarda|busca|cambia|elimina|quita|contacta|avisa|inicia',
].join('|')
// Nouns that share an imperative's spelling ('Carga de planillas', 'la descarga') are not listed.
const IMPERATIVE = new RegExp(`(?:^|[.:;!?¡¿«"(]\\s*|por favor,?\\s+)(${IMPERATIVES})(?![${W}_])`, 'i')

/** The first 'tú' form in a text, or undefined when it speaks as 'usted' (or to no one). */
function tuForm(text: string): string | undefined {
  return text.match(TU_WORDS)?.[1] ?? text.match(IMPERATIVE)?.[1]
}

type Found = { file: string; line: number; text: string; form: string }

/** A route's API documentation: `schema: { description: … }`, written in the third person. */
function isRouteDescription(node: ts.Node): boolean {
  let at: ts.Node = node
  while (ts.isBinaryExpression(at.parent) || ts.isParenthesizedExpression(at.parent)) at = at.parent
  const property = at.parent
  if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'description') return false
  const owner = property.parent.parent
  return ts.isPropertyAssignment(owner) && owner.name.getText() === 'schema'
}

/** The tú forms of a file's texts; with `pattern`, its texts that match it instead. */
function textsOf(file: string, pattern?: RegExp): Found[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8')
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const found: Found[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const text = node.text.replace(/\s+/g, ' ').trim()
      const form =
        text && pattern
          ? pattern.exec(text)?.[0]
          : text && !isRouteDescription(node)
            ? tuForm(text)
            : undefined
      if (form && (pattern || !ALLOWED.some(([f, t]) => f === file && t === text))) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1
        found.push({ file, line, text, form })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

const files = projectFiles().filter((f) => SCANNED.test(f) && !SKIPPED.test(f))

describe('the Spanish voice (usted)', () => {
  it('recognizes tú forms and lets usted and descriptions pass', () => {
    for (const tu of [
      'Ingresa un RUC válido',
      'Demasiados intentos. Espera 5 segundos y vuelve a intentarlo.',
      'No se pudo guardar, por favor intenta nuevamente',
      'Selecciona el periodo para cargar tu archivo',
      'Ya puedes cerrar esta ventana.',
      'Si lo enviaste tú, inténtalo nuevamente.',
    ])
      expect(tuForm(tu), tu).toBeDefined()
    for (const usted of [
      'Ingrese un RUC válido',
      'Demasiados intentos. Espere 5 segundos y vuelva a intentarlo.',
      'Seleccione el periodo para poder cargar su archivo XLSX.',
      'Ya puede cerrar esta ventana.',
      '«Recargar» vuelve a consultar la lista',
      'Esta página se actualizará sola y la descarga empezará cuando estén listas.',
      'El archivo usa un formato de compresión no soportado; vuelva a guardarlo desde Excel',
      'Confirmar',
    ])
      expect(tuForm(usted), usted).toBeUndefined()
  })

  it('scans the product source', () => {
    expect(files.length).toBeGreaterThan(300)
    expect(files).toContain('remix/app/routes/ayuda.tsx')
    expect(files).toContain('api/src/plugins/security.ts')
  })

  it('speaks as usted in every product text but the specified literals', () => {
    const found = files.flatMap((f) => textsOf(f))
    expect(found.map((f) => `${f.file}:${f.line} «${f.form}» ${f.text}`)).toEqual([])
  })

  it("spells the words a user reads as Spanish does: 'porcentaje', never 'porcentage'", () => {
    const misspelt = files.flatMap((file) =>
      textsOf(file, /porcentage/i).map((f) => `${f.file}:${f.line} ${f.text}`),
    )
    expect(misspelt).toEqual([])
  })

  it('still has each allowed literal where it is allowed (no stale exceptions)', () => {
    for (const [file, text] of ALLOWED) expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(text)
  })
})
