import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type DatabaseHandle,
  padronLoadErrors,
  padronLoads,
  rowsOf,
  rucRegistry,
  rucStandings,
  suppliers,
  taxStatusPeriods,
} from '@planillas/db'
import { BATCH_STATUS, PADRON_MESSAGES, type PadronKind, rucCheckDigit } from '@planillas/domain'
import { createLocalStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { ensureFixtureBanks } from '@planillas/testing/payroll-fixtures'
import { bombPart, buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger, type WorkerContext } from '../context'
import { PADRON_LOADS } from '../padron-load/kind'
import { readInto } from '../padron-load/read-into'
import { StageTable } from '../padron-load/stage'
import { claimBatch } from '../pipeline/batches'
import { processPadronLoad } from './padron-load'

let handle: DatabaseHandle
let ctx: WorkerContext
let dir: string

const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const A = ruc('2010007097')
const B = ruc('1041234567')
const C = ruc('2055555555')
const D = ruc('2066666666')

const HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|'
const reducido = (lines: string[]) =>
  buildZip([
    deflatedPart('padron_reducido_ruc.txt', Buffer.from([HEADER, ...lines, ''].join('\r\n'), 'latin1')),
  ])
const line = (r: string, name: string, state = 'ACTIVO', condition = 'HABIDO') =>
  `${r}|${name}|${state}|${condition}|150131|-|-|-|-|-|-|-|-|-|-|`

const list = (rows: [string, string, string][]) =>
  buildZip([
    deflatedPart(
      'AgenRet_TXT.txt',
      Buffer.from(
        [
          'Ruc|Razón Social|A partir del|Resolución',
          ...rows.map(([r, d, res]) => `${r}|EMPRESA ${r}|${d}|${res}|`),
        ].join('\r\n'),
        'latin1',
      ),
    ),
  ])

/** Stores the file and records a PENDIENTE load, as the API does, then runs the job. */
async function load(kind: PadronKind, file: Buffer, listDate = '2026-11-20') {
  const fileKey = await ctx.storage.put(file, { name: 'padron.zip', contentType: 'application/zip' })
  const [row] = await handle.db
    .insert(padronLoads)
    .values({
      kind,
      listDate,
      fileKey,
      fileName: 'padron.zip',
      fileSize: file.length,
      createdBy: 'admin@planillas.pe',
    })
    .returning()
  const outcome = await processPadronLoad({ batchId: row.id }, ctx)
  const [after] = await handle.db.select().from(padronLoads).where(eq(padronLoads.id, row.id))
  const errors = await handle.db
    .select()
    .from(padronLoadErrors)
    .where(eq(padronLoadErrors.batchId, row.id))
    .orderBy(asc(padronLoadErrors.id))
  return { outcome, load: after, errors }
}

const registry = async () =>
  (await handle.db.select().from(rucRegistry).orderBy(asc(rucRegistry.ruc))).map((r) => [
    r.ruc,
    r.state,
    r.condition,
  ])
const periods = async () =>
  (
    await handle.db
      .select()
      .from(taxStatusPeriods)
      .where(eq(taxStatusPeriods.kind, 'AGENTE_RETENCION'))
      .orderBy(asc(taxStatusPeriods.ruc), asc(taxStatusPeriods.id))
  ).map((p) => [p.ruc, p.source, p.validFrom, p.validTo])

beforeAll(async () => {
  handle = await openTestDatabase()
  await ensureFixtureBanks(handle.db)
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-padron-'))
  ctx = { db: handle.db, storage: createLocalStorage(dir), log: silentLogger }
  await handle.db.insert(suppliers).values({
    ruc: B,
    name: 'Peña Cáceres José',
    address: 'Av. Lima 1',
    supplierType: 2,
    managementType: 1,
    bankIdentifierType: 6,
    bankIdentifier: B,
    bankHolder: 'Peña Cáceres José',
    bankCode: '002',
    bankAccount: '1931234567',
    accountType: 2,
  })
})
afterAll(async () => {
  await handle?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('padron-load: the padrón reducido', () => {
  it('loads every RUC, keeps what it said of a registered supplier, and a new load replaces it whole', async () => {
    const first = await load(
      'REDUCIDO',
      reducido([line(A, 'SUPERMERCADOS'), line(B, 'PEÑA CÁCERES JOSÉ', 'BAJA DE OFICIO', 'NO HABIDO')]),
      '2026-08-20',
    )
    expect(first.outcome).toEqual({ outcome: 'processed', rucs: 2 })
    expect(first.load).toMatchObject({
      status: BATCH_STATUS.PROCESSED,
      progress: 100,
      rowsRead: 2,
      rucCount: 2,
      errorCount: 0,
    })
    expect(await registry()).toEqual([
      [B, 'BAJA DE OFICIO', 'NO HABIDO'],
      [A, 'ACTIVO', 'HABIDO'],
    ])

    const second = await load(
      'REDUCIDO',
      reducido([
        line(B, 'PEÑA CÁCERES JOSÉ'),
        'basura',
        line(C, 'NUEVA', 'SUSPENSION TEMPORAL'),
        line(C, 'NUEVA REPETIDA', 'SUSPENSION TEMPORAL'),
      ]),
      '2026-09-20',
    )
    expect(second.load).toMatchObject({
      status: BATCH_STATUS.PROCESSED,
      rucCount: 2,
      rowsRead: 4,
      errorCount: 1,
    })
    expect(second.errors.map((e) => [e.rowNumber, e.value, e.message])).toEqual([
      [3, 'basura', PADRON_MESSAGES.fieldCount(15, 1)],
    ])
    expect(await registry()).toEqual([
      [B, 'ACTIVO', 'HABIDO'],
      [C, 'SUSPENSION TEMPORAL', 'HABIDO'],
    ])
    const standings = await handle.db.select().from(rucStandings).orderBy(asc(rucStandings.listDate))
    expect(standings.map((s) => [s.ruc, s.listDate, s.state, s.condition])).toEqual([
      [B, '2026-08-20', 'BAJA DE OFICIO', 'NO HABIDO'],
      [B, '2026-09-20', 'ACTIVO', 'HABIDO'],
    ])
    // No stage table is left behind.
    const left = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from pg_tables where tablename ~ '^(ruc_registry|padron_list)_load_'`,
      ),
    )
    expect(left[0]?.n).toBe(0)
  })

  it('reports its progress while it reads: the bytes read against the file, and the rows', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => line(ruc(String(2030000000 + i)), `EMPRESA ${i}`))
    const file = Buffer.from([HEADER, ...lines].join('\n'), 'latin1')
    const fileKey = await ctx.storage.put(file, { name: 'p.txt', contentType: 'text/plain' })
    const [row] = await handle.db
      .insert(padronLoads)
      .values({ kind: 'REDUCIDO', listDate: '2026-11-20', fileKey, fileName: 'p.txt', fileSize: file.length })
      .returning()
    const load = await claimBatch(handle.db, PADRON_LOADS.table, row.id)
    if (!load) throw new Error('no se tomó la carga')
    const seen: [number, number][] = []
    const stage = await StageTable.open(handle.db, 'ruc_registry_load_test', [
      ['ruc', 'text'],
      ['name', 'text'],
    ])
    /** Small chunks, each one noted with the progress the load shows after it. */
    async function* slowly() {
      for (let at = 0; at < file.length; at += 16 * 1024) {
        const [now] = await handle.db.select().from(padronLoads).where(eq(padronLoads.id, row.id))
        seen.push([now.progress, now.rowsRead])
        yield file.subarray(at, at + 16 * 1024)
      }
    }
    const read = await readInto<'ruc' | 'name'>(
      load,
      slowly(),
      stage,
      (v) => [v.ruc, v.name],
      ctx,
      undefined,
      0,
    )
    await stage.drop()
    expect(read.rowsRead).toBe(3000)
    const progress = seen.map(([p]) => p)
    expect(progress.at(-1)).toBeGreaterThan(50)
    expect(progress.at(-1)).toBeLessThanOrEqual(90)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(seen.at(-1)?.[1]).toBeGreaterThan(1000)
  })

  it('ends CON ERRORES on a file it cannot read, and the registry stays as it was', async () => {
    const before = await registry()
    const bomb = await bombPart('padron.txt', `${HEADER}\n`, 30 * 1024 * 1024, '\n')
    const bombed = await load('REDUCIDO', buildZip([bomb]))
    expect(bombed.load).toMatchObject({ status: BATCH_STATUS.FAILED, errorCount: 1 })
    expect(bombed.errors.map((e) => e.message)).toEqual([PADRON_MESSAGES.bomb])
    const wrong = await load('REDUCIDO', Buffer.from('RUC|RAZON SOCIAL\n20100070970|X\n'))
    expect(wrong.errors[0]?.message).toMatch(/^Faltan columnas en el encabezado: ESTADO DEL CONTRIBUYENTE/)
    const empty = await load('REDUCIDO', reducido([]))
    expect(empty.errors.map((e) => e.message)).toEqual([PADRON_MESSAGES.noRows])
    expect(await registry()).toEqual(before)
  })
})

describe('padron-load: the buenos contribuyentes list', () => {
  it('reads its own header (FECHA) and dates its RUCs as buenos contribuyentes', async () => {
    const file = buildZip([
      deflatedPart(
        'BueCont_TXT.txt',
        Buffer.from(
          `RUC|RAZON SOCIAL|FECHA|RESOLUCION\r\n${A}|SUPERMERCADOS|01/07/2025|R.S. 2\r\n`,
          'latin1',
        ),
      ),
    ])
    const loaded = await load('BUENOS_CONTRIBUYENTES', file)
    expect(loaded.load).toMatchObject({ status: BATCH_STATUS.PROCESSED, rucCount: 1 })
    const [period] = await handle.db
      .select()
      .from(taxStatusPeriods)
      .where(eq(taxStatusPeriods.kind, 'BUEN_CONTRIBUYENTE'))
    expect(period).toMatchObject({
      ruc: A,
      validFrom: '2025-07-01',
      validTo: null,
      source: 'PADRON',
      resolution: 'R.S. 2',
    })
  })
})

describe('padron-load: the agentes de retención list', () => {
  it('opens a PADRON period from each listed RUC’s date, keeps it while listed, closes it when no longer listed', async () => {
    await handle.db
      .insert(taxStatusPeriods)
      .values({ ruc: D, kind: 'AGENTE_RETENCION', validFrom: '2025-01-01' })
    const first = await load(
      'AGENTES_RETENCION',
      list([
        [A, '01/02/2026', 'R.S. 000367-2025/SUNAT'],
        [B, '01/06/2025', 'R.S. 1'],
        [C, '01/01/2027', 'R.S. 9'],
        ['123', '01/01/2026', 'x'],
        [D, '31/02/2026', 'x'],
      ]),
      '2026-11-20',
    )
    expect(first.load).toMatchObject({ status: BATCH_STATUS.PROCESSED, rucCount: 3, errorCount: 2 })
    expect(first.errors.map((e) => [e.rowNumber, e.message])).toEqual([
      [5, PADRON_MESSAGES.rucInvalid],
      [6, PADRON_MESSAGES.dateInvalid],
    ])
    expect(await periods()).toEqual([
      [B, 'PADRON', '2025-06-01', null],
      [A, 'PADRON', '2026-02-01', null],
      [C, 'PADRON', '2027-01-01', null],
      [D, 'MANUAL', '2025-01-01', null],
    ])
    const second = await load(
      'AGENTES_RETENCION',
      list([[A, '01/02/2026', 'R.S. 000367-2025/SUNAT']]),
      '2026-12-01',
    )
    expect(second.load).toMatchObject({ status: BATCH_STATUS.PROCESSED, rucCount: 1 })
    // B is closed on the load's date; C, whose period had not begun, is removed; D (MANUAL) stays.
    expect(await periods()).toEqual([
      [B, 'PADRON', '2025-06-01', '2026-12-01'],
      [A, 'PADRON', '2026-02-01', null],
      [D, 'MANUAL', '2025-01-01', null],
    ])
    const [a] = await handle.db
      .select()
      .from(taxStatusPeriods)
      .where(and(eq(taxStatusPeriods.ruc, A), eq(taxStatusPeriods.kind, 'AGENTE_RETENCION')))
    expect(a).toMatchObject({ loadId: second.load.id, resolution: 'R.S. 000367-2025/SUNAT' })
  })
})
