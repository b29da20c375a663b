import { type Executor, padronLoads, paymentVouchers, rucRegistry, suppliers } from '@planillas/db'
import { type RucStanding, rucStandingWarning } from '@planillas/domain'
import { eq, inArray } from 'drizzle-orm'

/**
 * What the last padrón reducido loaded says of these RUCs (docs/decisions/sunat-padrones.md), dated
 * by its load. A RUC the padrón does not hold (or no padrón loaded yet) is simply absent.
 */
export async function rucStandings(db: Executor, rucs: readonly string[]): Promise<Map<string, RucStanding>> {
  const unique = [...new Set(rucs)]
  if (!unique.length) return new Map()
  const rows = await db
    .select({
      ruc: rucRegistry.ruc,
      state: rucRegistry.state,
      condition: rucRegistry.condition,
      listDate: padronLoads.listDate,
    })
    .from(rucRegistry)
    .innerJoin(padronLoads, eq(padronLoads.id, rucRegistry.loadId))
    .where(inArray(rucRegistry.ruc, unique))
  return new Map(rows.map((r) => [r.ruc, r]))
}

/**
 * The warnings for suppliers whose RUC is not ACTIVO or not HABIDO in the last padrón, each supplier
 * once, in the order given: at registration, approval and in a supplier run (never a block).
 */
export async function rucStandingWarnings(
  db: Executor,
  suppliers: readonly { ruc: string; name: string }[],
): Promise<string[]> {
  const standings = await rucStandings(
    db,
    suppliers.map((s) => s.ruc),
  )
  const seen = new Set<string>()
  const warnings: string[] = []
  for (const s of suppliers) {
    const standing = standings.get(s.ruc)
    if (!standing || seen.has(s.ruc)) continue
    seen.add(s.ruc)
    const warning = rucStandingWarning(standing, s.name)
    if (warning) warnings.push(warning)
  }
  return warnings
}

/** The warning for the supplier of a voucher (at approval), if its RUC calls for one. */
export async function voucherSupplierWarnings(db: Executor, voucherId: number): Promise<string[]> {
  const [supplier] = await db
    .select({ ruc: suppliers.ruc, name: suppliers.name })
    .from(paymentVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentVouchers.supplierId))
    .where(eq(paymentVouchers.id, voucherId))
  return supplier ? rucStandingWarnings(db, [supplier]) : []
}
