import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CPE_MESSAGES as M } from '@planillas/domain'
import type { CpeRoot } from './cpe-xml'

/**
 * Validates CPE XMLs against the UBL 2.1 schemas SUNAT's profile uses (OASIS UBL 2.1 maindoc and
 * common, as redistributed by greenter: formats/xsd/ubl-2.1, see its NOTICE) with libxml2's
 * `xmllint` (scripts/install/libxml2.sh; the Dockerfile installs it). xmllint runs with `--nonet`
 * (no schema or entity is ever fetched) and only on documents `readCpe` already accepted (no DTD).
 * A whole batch of files goes to one xmllint per root, so a ZIP of 1,000 facturas loads the
 * schemas once.
 */
const XSD_DIR = fileURLToPath(new URL('../xsd/ubl-2.1/maindoc/', import.meta.url))
export const CPE_XSD: Record<CpeRoot, string> = {
  Invoice: path.join(XSD_DIR, 'UBL-Invoice-2.1.xsd'),
  CreditNote: path.join(XSD_DIR, 'UBL-CreditNote-2.1.xsd'),
  DebitNote: path.join(XSD_DIR, 'UBL-DebitNote-2.1.xsd'),
}

export class SchemaValidatorUnavailable extends Error {}

const NS_PREFIX: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
  'http://www.w3.org/2000/09/xmldsig#': 'ds',
}

/** xmllint's English line, said in Spanish with the element named as the XML writes it. */
export function schemaMessage(line: string): string {
  const lineNo = /:(\d+): element /.exec(line)?.[1]
  const element = /Element '(?:\{([^}]*)\})?([^']+)'/.exec(line)
  const name = element
    ? `${element[1] && NS_PREFIX[element[1]] ? `${NS_PREFIX[element[1]]}:` : ''}${element[2]}`
    : null
  let what = 'no es válido según el esquema'
  if (/This element is not expected/.test(line)) what = 'no se esperaba en ese lugar'
  else if (/Missing child element/.test(line)) what = 'le faltan elementos obligatorios'
  else if (/is not a valid value|is not accepted by the pattern|is not a valid/.test(line))
    what = 'tiene un valor inválido'
  else if (/No matching global declaration/.test(line)) what = 'no es un elemento raíz UBL 2.1'
  else if (/attribute .* is not allowed/.test(line)) what = 'tiene un atributo no permitido'
  else if (/The attribute .* is required/.test(line)) what = 'no tiene un atributo obligatorio'
  return M.schema(lineNo ? Number(lineNo) : null, name, what)
}

/**
 * Validates each file; answers, per file (same order), its problems in Spanish (empty: valid).
 * Throws `SchemaValidatorUnavailable` when xmllint cannot be run.
 */
export async function validateCpeSchemas(files: { root: CpeRoot; content: Buffer }[]): Promise<string[][]> {
  const result: string[][] = files.map(() => [])
  if (!files.length) return result
  const dir = await mkdtemp(path.join(tmpdir(), 'cpe-'))
  try {
    const byRoot = new Map<CpeRoot, number[]>()
    for (const [i, f] of files.entries()) {
      await writeFile(path.join(dir, `${i}.xml`), f.content)
      byRoot.set(f.root, [...(byRoot.get(f.root) ?? []), i])
    }
    for (const [root, indexes] of byRoot) {
      // Batches of 500 keep the command line short.
      for (let start = 0; start < indexes.length; start += 500) {
        const chunk = indexes.slice(start, start + 500)
        const output = await xmllint(
          CPE_XSD[root],
          chunk.map((i) => path.join(dir, `${i}.xml`)),
        )
        for (const line of output.split('\n')) {
          const file = /(?:^|\/)(\d+)\.xml:\d+: /.exec(line)
          if (!file) continue
          const index = Number(file[1])
          if (result[index].length < 5) result[index].push(schemaMessage(line))
        }
        // A file xmllint says fails without a located line still fails.
        for (const line of output.split('\n')) {
          const failed = /(?:^|\/)(\d+)\.xml fails to validate/.exec(line)
          if (failed && !result[Number(failed[1])].length)
            result[Number(failed[1])].push(M.schema(null, null, 'no es válido según el esquema'))
        }
      }
    }
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function xmllint(schema: string, files: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schema, ...files], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 120_000,
    })
    let err = ''
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4_000_000) err += d.toString('utf8')
    })
    child.on('error', (e) => reject(new SchemaValidatorUnavailable(e.message)))
    child.on('close', (code) => {
      // 0 valid, 3 validation errors, 4 validation generation error (schema), else xmllint failed.
      if (code === 0 || code === 3 || (code === 1 && /fails to validate|parser error/.test(err))) resolve(err)
      else reject(new SchemaValidatorUnavailable(`xmllint exit ${code}: ${err.slice(0, 500)}`))
    })
  })
}
