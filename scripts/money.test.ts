import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * Money has one module: `domain/src/common/money.ts` holds the céntimos type, the voucher's net
 * (total − detracción − retención), the formatter ('S/ 1,234.56') and the conversions between
 * céntimos and what a cell, a form or a `numeric` column shows. Copies of these drifted apart
 * before (a net written eight times, a dozen formatters of céntimos), so this test reads every
 * line of the product's source (not tests) and refuses a new copy: a subtraction of detracción and
 * retención from a total, or céntimos divided by 100 to be shown or written.
 */
const MONEY = 'domain/src/common/money.ts'

/** A line of code quoted in this file: '#{' stands for a template's '$' + '{'. */
const code = (text: string) => text.replaceAll('#{', '$' + '{')

/** Where the product's code lives, every tier. */
const SCANNED =
  /^(api\/src|remix\/app|remix\/server|worker\/src|domain\/src|formats\/src|db\/src|queue\/src|storage\/src|testing\/src)\/.*\.tsx?$/
const SKIPPED = /\.test\.tsx?$/

/** Kept on purpose, by file and the exact code. */
const ALLOWED: readonly [file: string, code: string][] = [
  // The database's own guard that each stored net (in soles) is the net: a constraint cannot call a function.
  [
    'db/src/schema/payment-orders.ts',
    code(
      "sql`(#{t.currency} = 'PEN' and #{t.retentionExchangeRateMilli} is null and #{t.netCents} = #{t.totalCents} - #{t.detractionCents} - #{t.retentionCents} - #{t.fourthCategoryCents}) or (#{t.currency} = 'USD' and #{t.retentionExchangeRateMilli} > 0 and #{t.fourthCategoryCents} = 0)`,",
    ),
  ],
]

/** A total less detracción less retención, in code or in SQL (`${v.totalCents} - ${v.detractionCents} - …`). */
const NET = /total\w*\W{0,3}\s*-\s*[^-\n]*detraction[^-\n]*-\s*[^\n]*retention/i

/** Céntimos turned into soles by hand, to be shown or written: each is a local formatter. */
const FORMATTERS: readonly RegExp[] = [
  /formatMoney\([^)]*\/\s*100\b/,
  // A rate in basis points shown as a percent ('12.00 %') is not money.
  /(?<!\bbp\s*)\/\s*100n?\s*\)?\s*\)?\.toFixed\(2\)/,
  /cents\w*\s*\)?\s*[/%]\s*100n?\b/i,
  /new Intl\.NumberFormat\([^)]*FractionDigits:\s*2/,
  /toLocaleString\([^)]*FractionDigits/,
]

type Found = { file: string; line: number; code: string; why: string }

/** The copy a line of code holds, if any. */
function moneyCopy(code: string): string | undefined {
  if (NET.test(code)) return 'la fórmula del neto (use netCents)'
  if (FORMATTERS.some((f) => f.test(code)))
    return 'un formateador de céntimos (use formatCents, centsToSoles o centsAsSoles)'
  return undefined
}

/** A line's code without its comment, so a comment may explain the formula. */
const codeOf = (line: string) =>
  /^\s*(\/\/|\*|\/\*)/.test(line) ? '' : line.replace(/\s\/\/ .*$/, '').trim()

function copiesIn(file: string): Found[] {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const code = codeOf(line)
      const why = code ? moneyCopy(code) : undefined
      if (!why || ALLOWED.some(([f, c]) => f === file && c === code)) return []
      return [{ file, line: i + 1, code, why }]
    })
}

const files = projectFiles().filter((f) => SCANNED.test(f) && !SKIPPED.test(f) && f !== MONEY)

describe('one money module', () => {
  it('recognizes the copies it refuses and lets the money module calls pass', () => {
    for (const copy of [
      'netCents: r.totalCents - r.detractionCents - r.retentionCents,',
      'const net = voucher.totalCents - detractionCents - retentionCents',
      'paidCents: total - (columns.detractionCents ?? 0) - retentionCents,',
      code('const net = sql`#{v.totalCents} - #{v.detractionCents} - #{v.retentionCents}`'),
      '{formatMoney((proposal.totalCents - detraction - retentionCents) / 100)}',
      'const soles = (cents: number) => formatMoney(cents / 100)',
      'const soles = (cents: number) => (cents / 100).toFixed(2)',
      code("return `#{Math.trunc(cents / 100)}.#{String(cents % 100).padStart(2, '0')}`"),
      "{ header: 'Total', width: 14, money: true, value: (r) => r.totalCents / 100 },",
      "const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })",
      'line.amount = ((net.get(line.id) ?? 0) / 100).toFixed(2)',
    ])
      expect(moneyCopy(copy), copy).toBeDefined()
    for (const call of [
      'netCents: netCents(r.totalCents, r.detractionCents, r.retentionCents),',
      "{ header: 'Total', width: 14, money: true, value: (r) => centsAsSoles(r.totalCents) },",
      code('help={`Neto a pagar: #{formatCents(voucher.netCents)}. Sin comas, con punto decimal.`}'),
      code('const rate = (bp: number) => `#{bp / 100} %`'),
      "count.toLocaleString('es-PE')",
      'const percent = (bp: number) => (bp / 100).toFixed(2)',
      'totals: { detractionCents, depositedCents, owedCents: detractionCents - depositedCents },',
    ])
      expect(moneyCopy(call), call).toBeUndefined()
  })

  it('scans every tier', () => {
    expect(files.length).toBeGreaterThan(300)
    for (const tier of ['api/src/', 'remix/app/', 'worker/src/', 'db/src/', 'domain/src/'])
      expect(files.some((f) => f.startsWith(tier))).toBe(true)
  })

  it('finds no copy of the net or of a céntimos formatter outside the money module', () => {
    expect(files.flatMap(copiesIn).map((f) => `${f.file}:${f.line} ${f.why}: ${f.code}`)).toEqual([])
  })

  it('still has each allowed line where it is allowed (no stale exceptions)', () => {
    for (const [file, code] of ALLOWED) expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(code)
  })
})
